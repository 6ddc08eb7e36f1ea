package io.dubbostress.report.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * One profile file in the JFR format (what async-profiler writes with {@code jfr}, and what the JDK's Flight Recorder
 * writes), read with the JDK's own reader ({@code jdk.jfr.consumer}) and kept to a window: the CPU samples
 * ({@code jdk.ExecutionSample}) as a {@link CallTree} of sample counts, allocations ({@code
 * jdk.ObjectAllocationInNewTLAB}/{@code OutsideTLAB}, JFR's {@code jdk.ObjectAllocationSample}) as a tree of bytes with
 * the allocated class as its leaf, and lock contention ({@code jdk.JavaMonitorEnter}, and {@code jdk.ThreadPark} on a
 * lock: a blocker whose class ends in {@code Sync}, so an idle pool thread waiting for work is not contention) as a tree
 * of nanoseconds waited. The recording's settings say which engine sampled the CPU: async-profiler's {@code engine}
 * ({@code perf_events}, or {@code ctimer}/{@code itimer} where perf_events is not allowed) and {@code interval}.
 *
 * <pre>
 * JfrProfile p = JfrProfile.read(Path.of("scenarios/hop-1k/profiles/consumer.jfr"), steadyStartMs, endMs);
 * p.cpu().weight();          // CPU samples in the window
 * p.cpuEngine();             // "perf_events"
 * </pre>
 */
public final class JfrProfile {

    private final CallTree cpu = new CallTree();
    private final CallTree allocations = new CallTree();
    private final CallTree locks = new CallTree();
    private final Map<String, String> settings = new HashMap<>();
    private long firstSampleMs = Long.MAX_VALUE;
    private long lastSampleMs = Long.MIN_VALUE;
    private long samplesOutside;

    private JfrProfile() {
    }

    /**
     * Reads {@code file}, keeping the events that start in {@code [fromMs, toMs)} (epoch ms; {@code Long.MIN_VALUE}
     * and {@code Long.MAX_VALUE} keep everything).
     *
     * @throws IOException when the file cannot be read or is not a whole JFR recording (cut off by a full disk, a
     *                     JVM killed before it was written)
     */
    public static JfrProfile read(Path file, long fromMs, long toMs) throws IOException {
        JfrProfile profile = new JfrProfile();
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                profile.accept(recording.readEvent(), fromMs, toMs);
            }
        } catch (RuntimeException e) {
            // the JDK's parser throws unchecked exceptions on a damaged file
            throw new IOException(e.getClass().getSimpleName() + ": " + e.getMessage(), e);
        }
        return profile;
    }

    private void accept(RecordedEvent event, long fromMs, long toMs) {
        String type = event.getEventType().getName();
        switch (type) {
            case "jdk.ActiveSetting" -> setting(event);
            case "jdk.ExecutionSample" -> {
                long ms = epochMs(event.getStartTime());
                if (ms < fromMs || ms >= toMs) {
                    samplesOutside++;
                    return;
                }
                firstSampleMs = Math.min(firstSampleMs, ms);
                lastSampleMs = Math.max(lastSampleMs, ms);
                String thread = threadName(event, "sampledThread");
                List<String> frames = frames(event.getStackTrace());
                cpu.add(frames, Component.of(frames, thread), 1);
            }
            case "jdk.ObjectAllocationInNewTLAB", "jdk.ObjectAllocationOutsideTLAB", "jdk.ObjectAllocationSample" -> {
                if (!inside(event, fromMs, toMs)) {
                    return;
                }
                long bytes = allocationWeight(event, type);
                List<String> frames = new ArrayList<>();
                RecordedClass allocated = event.getClass("objectClass");
                frames.add("new " + (allocated == null ? "?" : FrameName.normalise(allocated.getName())));
                List<String> stack = frames(event.getStackTrace());
                frames.addAll(stack);
                allocations.add(frames, Component.of(stack, threadName(event, "eventThread")), bytes);
            }
            case "jdk.JavaMonitorEnter", "jdk.ThreadPark" -> {
                if (!inside(event, fromMs, toMs)) {
                    return;
                }
                RecordedClass on = event.getClass(type.equals("jdk.JavaMonitorEnter") ? "monitorClass"
                        : "parkedClass");
                if (type.equals("jdk.ThreadPark") && (on == null || !on.getName().endsWith("Sync"))) {
                    return; // parked waiting for work, or for a condition: not a lock held by someone else
                }
                List<String> frames = new ArrayList<>();
                frames.add("lock " + (on == null ? "?" : FrameName.normalise(on.getName())));
                List<String> stack = frames(event.getStackTrace());
                frames.addAll(stack);
                locks.add(frames, Component.of(stack, threadName(event, "eventThread")),
                        Math.max(1, event.getDuration().toNanos()));
            }
            default -> {
                // other events (JFR's own statistics, async-profiler's logs) are not used
            }
        }
    }

    private static boolean inside(RecordedEvent event, long fromMs, long toMs) {
        long ms = epochMs(event.getStartTime());
        return ms >= fromMs && ms < toMs;
    }

    /**
     * Bytes an allocation sample stands for: async-profiler samples one allocation per TLAB (or large object), so
     * a sample in a new TLAB stands for the TLAB's size, one outside for its own size; JFR's throttled sample carries
     * its {@code weight}.
     */
    private static long allocationWeight(RecordedEvent event, String type) {
        if (type.equals("jdk.ObjectAllocationSample")) {
            return Math.max(1, event.getLong("weight"));
        }
        long tlab = type.equals("jdk.ObjectAllocationInNewTLAB") && event.hasField("tlabSize")
                ? event.getLong("tlabSize") : 0;
        return Math.max(1, tlab > 0 ? tlab : event.getLong("allocationSize"));
    }

    private void setting(RecordedEvent event) {
        String name = event.getString("name");
        String value = event.getString("value");
        if (name == null || value == null) {
            return;
        }
        // async-profiler: version, engine, event, interval...; JFR: per event type, e.g. jdk.ExecutionSample's period
        settings.putIfAbsent(name, value);
    }

    private static String threadName(RecordedEvent event, String field) {
        if (!event.hasField(field)) {
            return null;
        }
        RecordedThread thread = event.getThread(field);
        if (thread == null) {
            return null;
        }
        return thread.getJavaName() != null ? thread.getJavaName() : thread.getOSName();
    }

    static List<String> frames(RecordedStackTrace stack) {
        if (stack == null) {
            return List.of();
        }
        List<RecordedFrame> frames = stack.getFrames();
        List<String> names = new ArrayList<>(frames.size() + (stack.isTruncated() ? 1 : 0));
        for (RecordedFrame frame : frames) {
            String type = frame.getMethod().getType() == null ? "" : frame.getMethod().getType().getName();
            names.add(FrameName.of(frame.getType(), type, frame.getMethod().getName()));
        }
        if (stack.isTruncated()) {
            names.add("[deeper frames cut off]");
        }
        return names;
    }

    private static long epochMs(Instant instant) {
        return instant.toEpochMilli();
    }

    /** CPU samples, one per sample. */
    public CallTree cpu() {
        return cpu;
    }

    /** Bytes allocated (estimated from the samples), the allocated class as each stack's leaf. */
    public CallTree allocations() {
        return allocations;
    }

    /** Nanoseconds waited for a lock someone else held, the lock's class as each stack's leaf. */
    public CallTree locks() {
        return locks;
    }

    /** {@code async-profiler 4.1} (its settings are in the file), else {@code JDK Flight Recorder}. */
    public String profiler() {
        String version = settings.get("version");
        if (settings.containsKey("engine") && version != null) {
            return "async-profiler " + version;
        }
        // async-profiler always records its settings; a recording without them is the JDK's own (which records its
        // settings only when jdk.ActiveSetting is enabled)
        return "JDK Flight Recorder";
    }

    /**
     * How the CPU was sampled: async-profiler's engine ({@code perf_events}: CPU time with kernel frames; {@code
     * ctimer}, {@code itimer}: CPU time without them), or {@code jfr} (JFR samples threads running Java code, at a
     * fixed period; not CPU time). Null when the file does not say.
     */
    public String cpuEngine() {
        String engine = settings.get("engine");
        if (engine != null) {
            return engine;
        }
        return profiler().startsWith("JDK") ? "jfr" : null;
    }

    /** async-profiler's CPU sampling interval in nanoseconds, or 0 when the file does not say. */
    public long intervalNanos() {
        String interval = settings.get("interval");
        if (interval == null) {
            return 0;
        }
        try {
            return Long.parseLong(interval.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Epoch ms of the first CPU sample in the window, or 0 without one. */
    public long firstSampleMs() {
        return firstSampleMs == Long.MAX_VALUE ? 0 : firstSampleMs;
    }

    /** Epoch ms of the last CPU sample in the window, or 0 without one. */
    public long lastSampleMs() {
        return lastSampleMs == Long.MIN_VALUE ? 0 : lastSampleMs;
    }

    /** CPU samples of the file outside the window (recorded before the steady state or after the scenario). */
    public long samplesOutside() {
        return samplesOutside;
    }
}
