package io.dubbostress.plans.sampler;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A CSV JTL as JMeter wrote it (no commas in our labels and messages of successful samples). */
final class Jtl {

    final List<String> header;
    final List<String[]> rows = new ArrayList<>();

    Jtl(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        // JMeter quotes sample variable names in the header: ...,"elapsed_us"
        header = Arrays.asList(lines.get(0).replace("\"", "").split(","));
        for (String line : lines.subList(1, lines.size())) {
            rows.add(line.split(",", -1));
        }
    }

    String cell(String[] row, String column) {
        int i = header.indexOf(column);
        if (i < 0) {
            throw new IllegalArgumentException("no column " + column + " in " + header);
        }
        return row[i];
    }

    /** Rows per label. */
    Map<String, Integer> countByLabel() {
        Map<String, Integer> counts = new TreeMap<>();
        for (String[] row : rows) {
            counts.merge(cell(row, "label"), 1, Integer::sum);
        }
        return counts;
    }
}
