package io.dubbostress.report.jtl;

import io.dubbostress.report.ReportException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * When a JTL's samples start and end, overall and per label, read from every row ({@link #exact}): rows are written
 * in completion order, so the earliest start can be anywhere in the file. The report needs the span before its pass
 * over the figures: the warm-up counts from the earliest start, its default is a share of the span, and the time
 * line's bucket width is chosen from it.
 *
 * <pre>{@code
 * JtlSpan span = JtlSpan.exact(Paths.get("results.jtl"));
 * long seconds = span.durationMs() / 1000;
 * }</pre>
 */
public final class JtlSpan {

    private final long firstStartMs;
    private final long lastEndMs;
    private final Map<String, Long> firstStartByLabel;

    /** A span found otherwise (the report's own pass): the earliest start per label is copied. */
    public static JtlSpan of(long firstStartMs, long lastEndMs, Map<String, Long> firstStartByLabel) {
        return new JtlSpan(firstStartMs, lastEndMs, Collections.unmodifiableMap(new LinkedHashMap<>(firstStartByLabel)));
    }

    public JtlSpan(long firstStartMs, long lastEndMs) {
        this(firstStartMs, lastEndMs, Collections.emptyMap());
    }

    private JtlSpan(long firstStartMs, long lastEndMs, Map<String, Long> firstStartByLabel) {
        this.firstStartMs = firstStartMs;
        this.lastEndMs = Math.max(firstStartMs, lastEndMs);
        this.firstStartByLabel = firstStartByLabel;
    }

    /**
     * The exact span, from every row: the earliest start over the whole file, overall and per label. JMeter writes
     * rows in completion order, so the earliest-started samples (a slow first connect, usually the slowest of all)
     * can come thousands of rows in; a warm-up counted from the first rows would drop them. Costs one extra read of
     * the file: the report does it for JTLs whose start run.json does not give.
     */
    public static JtlSpan exact(Path file) {
        return probe(file, Long.MAX_VALUE, 0); // every row is a head row: no guess, no tail read
    }

    /**
     * A guess at the span from the file's first {@code headRows} rows and its last {@code tailBytes} (the whole file
     * when it is small or compressed): rows come in completion order, so the earliest start is nearly always among
     * the first rows and the latest end among the last. The report runs its one pass with this guess and checks it
     * against the exact span the pass finds ({@code JtlPass}); a wrong guess costs a second pass, never a wrong
     * figure. Labels first seen after the head are not in {@link #labels()}.
     */
    public static JtlSpan probe(Path file, long headRows, long tailBytes) {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        Map<String, Long> byLabel = new LinkedHashMap<>();
        JtlColumns columns;
        boolean wholeFile = true;
        try (JtlReader reader = JtlReader.open(file)) {
            columns = reader.columns();
            JtlRow row = reader.row();
            String lastLabel = null;
            long labelFirst = Long.MAX_VALUE;
            while (reader.next()) {
                long start = row.timeStampMs();
                first = Math.min(first, start);
                last = Math.max(last, start + row.elapsedMs());
                String label = row.label();
                if (label != lastLabel) { // labels are interned: one String per label
                    if (lastLabel != null) {
                        byLabel.merge(lastLabel, labelFirst, Math::min);
                    }
                    lastLabel = label;
                    labelFirst = byLabel.getOrDefault(label, Long.MAX_VALUE);
                }
                labelFirst = Math.min(labelFirst, start);
                if (reader.rows() >= headRows) {
                    wholeFile = false;
                    break;
                }
            }
            if (lastLabel != null) {
                byLabel.merge(lastLabel, labelFirst, Math::min);
            }
            if (reader.rows() == 0) {
                throw noSamples(file, reader);
            }
        }
        if (!wholeFile) {
            long size = size(file);
            boolean compressed = file.getFileName().toString().endsWith(".gz");
            try (JtlReader tail = JtlReader.openAt(file, columns, compressed ? 0 : Math.max(0, size - tailBytes))) {
                JtlRow row = tail.row();
                while (tail.next()) {
                    last = Math.max(last, row.timeStampMs() + row.elapsedMs());
                }
            }
        }
        return new JtlSpan(first, last, Collections.unmodifiableMap(byLabel));
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + file, e);
        }
    }

    private static ReportException noSamples(Path file, JtlReader reader) {
        return new ReportException("JTL file " + file + " has no samples"
                + (reader.malformedRows() > 0 ? " (" + reader.malformedRows() + " malformed rows, first: "
                + reader.malformedExamples().get(0) + ")" : ""));
    }

    /** The labels whose earliest start this span knows. */
    public Set<String> labels() {
        return firstStartByLabel.keySet();
    }

    /** The earliest start of a label's samples ({@link #exact} spans only), else the file's earliest start. */
    public long firstStartMs(String label) {
        Long first = firstStartByLabel.get(label);
        return first != null ? first : firstStartMs;
    }

    /** The earliest sample start seen, epoch ms. */
    public long firstStartMs() {
        return firstStartMs;
    }

    /** The latest sample end (start + elapsed), epoch ms. */
    public long lastEndMs() {
        return lastEndMs;
    }

    public long durationMs() {
        return lastEndMs - firstStartMs;
    }

    @Override
    public String toString() {
        return "JtlSpan[" + firstStartMs + ".." + lastEndMs + "]";
    }
}
