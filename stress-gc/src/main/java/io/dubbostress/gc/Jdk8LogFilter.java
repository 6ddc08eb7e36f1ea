package io.dubbostress.gc;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * The JDK 8 log as GCViewer 1.36 reads it right: a stream over the log's lines with three things removed that
 * GCViewer misreads, and nothing else changed.
 * <ul>
 *   <li>the {@code #12: } GC ids of {@code -XX:+PrintGCID} (GCViewer finds no pause at all in such a log);</li>
 *   <li>G1's concurrent-phase records ({@code 12.345: [GC concurrent-root-region-scan-end, 0.0157002 secs]}): not
 *       pauses, and when the JVM prints one inside a pause GCViewer drops the pause;</li>
 *   <li>the rows of JDK 8 Shenandoah's statistics tables, per cycle ({@code Pause Init Mark (G)   8027 us}) and at
 *       shutdown ({@code Pause Init Mark (G) = 14.90 s (a = 7662 us) ...}), which GCViewer reads as pauses of
 *       thousands of seconds.</li>
 * </ul>
 *
 * <pre>{@code
 * try (InputStream in = new Jdk8LogFilter(Files.newBufferedReader(log, StandardCharsets.ISO_8859_1))) {
 *     GCModel model = new DataReaderFactory().getDataReader(resource, in).read();
 * }
 * }</pre>
 */
final class Jdk8LogFilter extends InputStream {

    private static final Pattern GC_ID = Pattern.compile("((?:\\d[.,]\\d{3}|[+-]\\d{4}): )#\\d+: ");
    private static final Pattern CONCURRENT = Pattern.compile(
            "(?:\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d[.,]\\d{3}[+-]\\d{4}: )?(?:\\d+[.,]\\d+: )?"
                    + "\\[GC concurrent-[^\\]\\[]*\\]");
    private static final Pattern STATISTICS_ROW = Pattern.compile("=\\s+\\d+[.,]\\d+ s \\(a =\\s+\\d+ us\\)");
    private static final Pattern CYCLE_STATISTICS_ROW = Pattern.compile("^\\D.*\\s\\d+ us(?:,|$)");

    private final BufferedReader reader;
    private byte[] buffer = new byte[0];
    private int position;

    Jdk8LogFilter(BufferedReader reader) {
        this.reader = reader;
    }

    /** One line as GCViewer gets it; null when the whole line goes. */
    static String filter(String line) {
        if (STATISTICS_ROW.matcher(line).find() || CYCLE_STATISTICS_ROW.matcher(line).find()) {
            return null;
        }
        String kept = line;
        if (kept.indexOf('#') >= 0) {
            kept = GC_ID.matcher(kept).replaceAll("$1");
        }
        if (kept.contains("[GC concurrent-")) {
            kept = CONCURRENT.matcher(kept).replaceAll("");
            if (kept.trim().isEmpty()) {
                return null;
            }
        }
        return kept;
    }

    @Override
    public int read() throws IOException {
        if (!fill()) {
            return -1;
        }
        return buffer[position++] & 0xff;
    }

    @Override
    public int read(byte[] target, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (!fill()) {
            return -1;
        }
        int n = Math.min(length, buffer.length - position);
        System.arraycopy(buffer, position, target, offset, n);
        position += n;
        return n;
    }

    private boolean fill() throws IOException {
        while (position >= buffer.length) {
            String line = reader.readLine();
            if (line == null) {
                return false;
            }
            String kept = filter(line);
            if (kept != null) {
                buffer = (kept + "\n").getBytes(StandardCharsets.ISO_8859_1);
                position = 0;
            }
        }
        return true;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
