package io.dubbostress.cli.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The rows of a JMeter CSV results file (a JTL, or the PerfMon collector's CSV) as the test needs them, read with a
 * reader of its own (quoted fields as JMeter writes them) so the test does not lean on the report's reader.
 */
public final class Jtl {

    /** One row. */
    public static final class Row {
        public final long timeStamp;
        public final long elapsed;
        /** The sampler's {@code elapsed_us}, -1 when the row has none (no column, empty, {@code null}). */
        public final long elapsedUs;
        public final String label;
        public final String responseCode;
        public final String responseMessage;
        public final String threadName;
        public final boolean success;

        Row(List<String> header, List<String> cells) {
            timeStamp = Long.parseLong(cells.get(header.indexOf("timeStamp")));
            elapsed = Long.parseLong(cells.get(header.indexOf("elapsed")));
            int us = header.indexOf("elapsed_us");
            String micros = us < 0 ? "" : cells.get(us);
            elapsedUs = micros.isEmpty() || micros.equals("null") ? -1 : Long.parseLong(micros);
            label = cells.get(header.indexOf("label"));
            responseCode = cells.get(header.indexOf("responseCode"));
            responseMessage = cells.get(header.indexOf("responseMessage"));
            threadName = cells.get(header.indexOf("threadName"));
            success = Boolean.parseBoolean(cells.get(header.indexOf("success")));
        }

        public long end() {
            return timeStamp + elapsed;
        }

        @Override
        public String toString() {
            return threadName + " " + timeStamp + "+" + elapsed + "ms " + label + " " + (success ? "ok"
                    : responseCode + ": " + responseMessage);
        }
    }

    private Jtl() {
    }

    public static List<Row> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<String> header = split(lines.get(0));
        List<Row> rows = new ArrayList<>();
        StringBuilder record = new StringBuilder();
        for (String line : lines.subList(1, lines.size())) {
            record.append(record.length() > 0 ? "\n" : "").append(line);
            if (record.chars().filter(c -> c == '"').count() % 2 == 0) { // a quoted field may span lines
                rows.add(new Row(header, split(record.toString())));
                record.setLength(0);
            }
        }
        return rows;
    }

    /** The first row's timeStamp (the file may be growing; its first row must be whole). */
    public static long firstTimeStamp(Path file) throws IOException {
        try (java.io.BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            List<String> header = split(reader.readLine());
            return Long.parseLong(split(reader.readLine()).get(header.indexOf("timeStamp")));
        }
    }

    /** Data rows written so far (the file may be growing; 0 while it does not exist). */
    public static long rowsSoFar(Path file) {
        if (!Files.exists(file)) {
            return 0;
        }
        try (Stream<String> lines = Files.lines(file, StandardCharsets.ISO_8859_1)) {
            return Math.max(0, lines.count() - 1);
        } catch (IOException | java.io.UncheckedIOException e) {
            return 0;
        }
    }

    /** One CSV line, fields optionally quoted with "" for a quote inside. */
    public static List<String> split(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString());
        return cells;
    }
}
