package io.dubbostress.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Bytes a load generator's JVM allocated in a window of wall-clock time, all its threads together: from a JFR
 * recording of one event only, {@code jdk.ThreadAllocationStatistics} (each thread's bytes allocated so far, exact, not
 * sampled) every second. Bytes per call do not depend on how busy the machine is, where CPU per call does: the
 * measure of choice on a shared machine, and the one that shows what a change saves.
 *
 * <pre>{@code
 * jvmArgs.addAll(AllocationWindow.recordingFlags(runDir));         // the load generator records
 * ... run ...
 * double bytes = AllocationWindow.allocatedBytes(runDir.resolve(AllocationWindow.FILE), windowStart, windowEnd);
 * }</pre>
 *
 * Each thread's count is read at the window's ends, linear between its samples either side (a thread without a sample
 * before the window started in it: 0; one without a sample after it ended in it: its last); a thread's bytes are never
 * more than its count says. The recording costs one event per thread per second.
 */
final class AllocationWindow {

    /** The recording's file name in the run's folder. */
    static final String FILE = "alloc.jfr";
    private static final String SETTINGS = "alloc.jfc";
    private static final String EVENT = "jdk.ThreadAllocationStatistics";

    private AllocationWindow() {
    }

    /** The JVM options that make a JVM record {@value #FILE} into {@code dir} (its settings file written there). */
    static List<String> recordingFlags(Path dir) {
        Path settings = dir.resolve(SETTINGS).toAbsolutePath();
        String jfc = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<configuration version=\"2.0\" label=\"stress bench: bytes allocated per thread\">\n"
                + "  <event name=\"" + EVENT + "\">\n"
                + "    <setting name=\"enabled\">true</setting>\n"
                + "    <setting name=\"period\">1 s</setting>\n"
                + "  </event>\n"
                + "</configuration>\n";
        try {
            Files.write(settings, jfc.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot write " + settings, e);
        }
        List<String> flags = new ArrayList<>();
        flags.add("-XX:StartFlightRecording=filename=" + dir.resolve(FILE).toAbsolutePath() + ",settings=" + settings
                + ",name=stress-bench-allocations");
        return flags;
    }

    /**
     * Bytes all threads of the recording allocated between two wall-clock instants, or NaN when the recording is
     * missing, unreadable or does not cover the window.
     */
    static double allocatedBytes(Path recording, long fromEpochMs, long toEpochMs) {
        if (!Files.isRegularFile(recording)) {
            return Double.NaN;
        }
        Map<Long, List<long[]>> byThread = new HashMap<>(); // thread -> [epoch ms, bytes so far], in time order
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                if (!EVENT.equals(event.getEventType().getName())) {
                    continue;
                }
                RecordedThread thread = event.getThread("thread");
                if (thread == null) {
                    continue;
                }
                long t = event.getStartTime().toEpochMilli();
                first = Math.min(first, t);
                last = Math.max(last, t);
                byThread.computeIfAbsent(thread.getId(), k -> new ArrayList<>())
                        .add(new long[] {t, event.getLong("allocated")});
            }
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
        if (first > fromEpochMs || last < toEpochMs) {
            return Double.NaN;
        }
        double bytes = 0;
        for (List<long[]> samples : byThread.values()) {
            samples.sort((a, b) -> Long.compare(a[0], b[0]));
            bytes += at(samples, toEpochMs) - at(samples, fromEpochMs);
        }
        return bytes;
    }

    /** One thread's bytes allocated so far at {@code t}: linear between its samples, 0 before, its last after. */
    static double at(List<long[]> samples, long t) {
        long[] before = null;
        for (long[] s : samples) {
            if (s[0] <= t) {
                before = s;
            } else {
                if (before == null) {
                    return 0;
                }
                return before[1] + (double) (s[1] - before[1]) * (t - before[0]) / (s[0] - before[0]);
            }
        }
        return before == null ? 0 : before[1];
    }
}
