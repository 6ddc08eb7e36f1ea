package io.dubbostress.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A CSV JTL as JMeter writes it (header line; our labels and successful samples' messages hold no comma). */
final class Jtl {

    final List<String> header;
    final List<String[]> rows = new ArrayList<>();

    Jtl(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines).as(file + " has a header").isNotEmpty();
        header = Arrays.asList(lines.get(0).replace("\"", "").split(","));
        for (String line : lines.subList(1, lines.size())) {
            if (!line.isEmpty()) {
                rows.add(line.split(",", -1));
            }
        }
    }

    String cell(String[] row, String column) {
        int i = header.indexOf(column);
        assertThat(i).as("column " + column + " in " + header).isNotNegative();
        return row[i];
    }
}
