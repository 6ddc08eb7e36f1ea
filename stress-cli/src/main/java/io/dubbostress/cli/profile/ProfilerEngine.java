package io.dubbostress.cli.profile;

import java.nio.file.Path;

/**
 * A profiler that can be started and stopped in a running JVM of this machine, writing a JFR-format file the report
 * reads ({@code io.dubbostress.report.profile.JfrProfile}): {@link AsyncProfiler}. It reaches the JVM through the
 * JDK's attach mechanism, so the JVM must run as the same user and allow it (not {@code -XX:+DisableAttachMechanism}).
 *
 * <pre>
 * ProfilerEngine engine = AsyncProfiler.fromClassPath(tempDir, false);
 * engine.start(pid, Path.of("provider.jfr"));
 * ...
 * engine.stop(pid, Path.of("provider.jfr"));
 * </pre>
 */
public interface ProfilerEngine {

    /** {@code async-profiler 4.1}. */
    String name();

    /** What it is asked to record, e.g. {@code event=cpu,interval=10ms,alloc=512k,lock=10ms}. */
    String options();

    /**
     * Starts recording in the JVM {@code pid} into {@code file}.
     *
     * @throws ProfilerException with the reason (cannot attach, the agent refused, ...)
     */
    void start(long pid, Path file);

    /** Stops the recording started by {@link #start} and finishes {@code file}. */
    void stop(long pid, Path file);

    /** Gives back what the engine holds (a library it unpacked); nothing is recorded afterwards. */
    default void close() {
    }
}
