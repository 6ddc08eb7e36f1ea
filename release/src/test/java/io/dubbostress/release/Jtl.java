package io.dubbostress.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A CSV JTL as JMeter writes it: a header line, then rows whose quoted fields may hold commas and doubled quotes. */
final class Jtl {

    final List<String> header;
    final List<String[]> rows = new ArrayList<>();

    Jtl(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines).as(file + " has a header").isNotEmpty();
        header = Arrays.asList(lines.get(0).replace("\"", "").split(","));
        for (String line : lines.subList(1, lines.size())) {
            if (!line.isEmpty()) {
                rows.add(fields(line));
            }
        }
    }

    /** One CSV line's fields ({@code "a,b"} is one field, {@code ""} inside quotes one quote). */
    static String[] fields(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                field.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields.toArray(new String[0]);
    }

    String cell(String[] row, String column) {
        int i = header.indexOf(column);
        assertThat(i).as("column " + column + " in " + header).isNotNegative();
        return row[i];
    }
}
