package io.dubbostress.plans.sampler;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A CSV JTL cut into its records exactly as written, each with its line break: a record ends at a line break outside
 * double quotes (JMeter quotes a value holding a line break). What follows the last line break is {@link #tail} (a
 * record cut short; empty when the file ends in a whole record).
 */
final class JtlRecords {

    final String header;
    final List<String> records = new ArrayList<>();
    final String tail;

    JtlRecords(Path file) throws IOException {
        String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        List<String> all = new ArrayList<>();
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == '\n' && !quoted) {
                all.add(text.substring(start, i + 1));
                start = i + 1;
            }
        }
        tail = text.substring(start);
        header = all.isEmpty() ? "" : all.get(0);
        if (!all.isEmpty()) {
            records.addAll(all.subList(1, all.size()));
        }
    }

    /** The end of a record's sample in epoch ms: timeStamp + elapsed, its first two fields (numbers, never quoted). */
    static long endMs(String record) {
        String[] fields = record.split(",", 3);
        return Long.parseLong(fields[0]) + Long.parseLong(fields[1]);
    }
}
