package io.dubbostress.cli.jmeter;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When a running JMeter's Target Rate Schedule started (after its opening calls), from the line it writes to
 * jmeter.log: {@code Target Rate Schedule 'x': the schedule started at 1795663124837000 us (epoch), ...}: arrival 0's
 * due time, exactly as the JTL's {@code due_us} counts. Read as the log grows, whole lines only.
 *
 * <pre>{@code
 * ScheduleStartLine start = new ScheduleStartLine(dir.resolve("jmeter.log"));
 * long originUs = start.read();   // -1 until the line is there
 * }</pre>
 */
public final class ScheduleStartLine {

    private static final Pattern STARTED = Pattern.compile("Target Rate Schedule '.*': the schedule started at (\\d+) us");

    private final Path jmeterLog;
    private long offset;
    private long originUs = -1;

    public ScheduleStartLine(Path jmeterLog) {
        this.jmeterLog = jmeterLog;
    }

    /** The schedule's start, epoch microseconds, or -1 before the line is there (or without one: an older jar). */
    public long read() {
        if (originUs >= 0 || !Files.isRegularFile(jmeterLog)) {
            return originUs;
        }
        try (RandomAccessFile file = new RandomAccessFile(jmeterLog.toFile(), "r")) {
            long length = file.length();
            if (length <= offset) {
                return -1;
            }
            file.seek(offset);
            byte[] bytes = new byte[(int) Math.min(length - offset, 4 << 20)];
            file.readFully(bytes);
            int lastLine = bytes.length - 1;
            while (lastLine >= 0 && bytes[lastLine] != '\n') {
                lastLine--;
            }
            if (lastLine < 0) {
                return -1;
            }
            offset += lastLine + 1;
            Matcher m = STARTED.matcher(new String(bytes, 0, lastLine, StandardCharsets.UTF_8));
            if (m.find()) {
                originUs = Long.parseLong(m.group(1));
            }
            return originUs;
        } catch (IOException e) {
            return -1;
        }
    }
}
