package io.dubbostress.cli.profile;

import io.dubbostress.report.run.RunLayout;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * async-profiler (Maven Central's {@code tools.profiler:async-profiler}, whose jar carries its Linux x64 and arm64
 * libraries) loaded into a running JVM through the attach API, as its own {@code asprof} does: CPU samples every
 * 10 ms of each thread's CPU time, allocations sampled every {@value #ALLOC} and lock waits longer than 10 ms, all
 * into one JFR file. The CPU is sampled by a per-thread CPU timer ({@code ctimer}: the kernel's time shows at the
 * Java or native frame that entered it), or with {@code kernelFrames} by {@code perf_events} (kernel frames too, but a
 * perf event per thread, switched at every context switch, of which a Dubbo run has many: docs/PROFILES.md, Cost, has
 * what each costs; where perf_events is not allowed -- not root with a strict
 * {@code perf_event_paranoid}, a container's seccomp profile -- async-profiler falls back to {@code ctimer} by itself,
 * and the recording says which). Its messages go to a log beside the profile ({@code <file>.log}), read back when it
 * refuses. The environment variable {@code STRESS_PROFILE_OPTIONS} replaces the sampling options (for measuring
 * others, as {@code scripts/profile-overhead.sh --options} does): async-profiler's own, {@code event},
 * {@code interval}, {@code alloc}, {@code lock}, {@code cstack}, {@code jstackdepth}.
 *
 * <pre>
 * ProfilerEngine engine = AsyncProfiler.fromClassPath(Files.createTempDirectory("profiler"), false);
 * engine.start(pid, Path.of("run/scenarios/hop-1k/profiles/consumer.jfr"));
 * engine.stop(pid, Path.of("run/scenarios/hop-1k/profiles/consumer.jfr"));
 * </pre>
 */
public final class AsyncProfiler implements ProfilerEngine {

    /** The version of the library this jar carries (the root pom's {@code async-profiler.version}). */
    static final String VERSION = "4.1";
    static final String ALLOC = "16m";
    /** --profile: CPU time by a per-thread CPU timer, allocations, lock waits. */
    static final String OPTIONS = "event=ctimer,interval=10ms,alloc=" + ALLOC + ",lock=10ms";
    /** --profile-kernel: the same with the CPU sampled by perf_events, kernel frames included. */
    static final String KERNEL_OPTIONS = "event=cpu,interval=10ms,alloc=" + ALLOC + ",lock=10ms";
    /** The variable that replaces the options, and the options it may set. */
    static final String OPTIONS_VARIABLE = "STRESS_PROFILE_OPTIONS";
    private static final Set<String> SETTABLE = Set.of("event", "interval", "alloc", "lock", "cstack", "jstackdepth");

    private final Path library;
    private final Path unpackedIn;
    private final String options;

    private AsyncProfiler(Path library, Path unpackedIn, String options) {
        this.library = library;
        this.unpackedIn = unpackedIn;
        this.options = options;
    }

    /**
     * Unpacks the library for this machine ({@code linux-x64/libasyncProfiler.so}, {@code linux-arm64/...}) from the
     * class path into {@code dir}; {@code kernelFrames}: CPU samples by perf_events ({@link #KERNEL_OPTIONS}), else by
     * the CPU timer ({@link #OPTIONS}), unless {@value #OPTIONS_VARIABLE} says otherwise.
     *
     * @throws ProfilerException when this OS or CPU has no library in the jar, it cannot be written, or
     *     {@value #OPTIONS_VARIABLE} holds an option that is not a sampling option
     */
    public static AsyncProfiler fromClassPath(Path dir, boolean kernelFrames) {
        String options = options(System.getenv(OPTIONS_VARIABLE), kernelFrames);
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String folder;
        if (!os.contains("linux")) {
            throw new ProfilerException("async-profiler runs on Linux only (this is " + System.getProperty("os.name")
                    + ")");
        } else if (arch.equals("amd64") || arch.equals("x86_64")) {
            folder = "linux-x64";
        } else if (arch.equals("aarch64") || arch.equals("arm64")) {
            folder = "linux-arm64";
        } else {
            throw new ProfilerException("async-profiler has no library for the CPU " + arch);
        }
        String resource = folder + "/libasyncProfiler.so";
        try (InputStream in = AsyncProfiler.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new ProfilerException("async-profiler's " + resource + " is not on the class path (a build"
                        + " without tools.profiler:async-profiler)");
            }
            Files.createDirectories(dir);
            Path library = dir.resolve("libasyncProfiler.so");
            Files.copy(in, library, StandardCopyOption.REPLACE_EXISTING);
            return new AsyncProfiler(library, dir, options);
        } catch (IOException e) {
            throw new ProfilerException("cannot unpack async-profiler into " + dir + ": " + e.getMessage(), e);
        }
    }

    /** The same library with other sampling options (checked as {@value #OPTIONS_VARIABLE}'s); for measuring them. */
    AsyncProfiler withOptions(String sampling) {
        return new AsyncProfiler(library, unpackedIn, options(sampling, false));
    }

    @Override
    public String name() {
        return "async-profiler " + VERSION;
    }

    @Override
    public String options() {
        return options;
    }

    /** The sampling options: {@code given} ({@value #OPTIONS_VARIABLE}) when set, checked, else the mode's. */
    static String options(String given, boolean kernelFrames) {
        if (given == null || given.isBlank()) {
            return kernelFrames ? KERNEL_OPTIONS : OPTIONS;
        }
        for (String option : given.trim().split(",")) {
            int eq = option.indexOf('=');
            if (eq <= 0 || !SETTABLE.contains(option.substring(0, eq).trim())) {
                throw new ProfilerException(OPTIONS_VARIABLE + "='" + given + "': '" + option + "' is not one of the"
                        + " sampling options it may set (" + String.join("=..., ", new TreeSet<>(SETTABLE))
                        + "=...)");
            }
        }
        return given.trim();
    }

    @Override
    public void start(long pid, Path file) {
        Path log = log(file);
        command(pid, "start," + options + ",jfr,file=" + path(file) + ",log=" + path(log), log);
    }

    @Override
    public void stop(long pid, Path file) {
        Path log = log(file);
        command(pid, "stop,file=" + path(file) + ",log=" + path(log), log);
    }

    private void command(long pid, String arguments, Path log) {
        try {
            Files.deleteIfExists(log);
        } catch (IOException e) {
            // an old log only hides the reason of a refusal; the command itself does not need it gone
        }
        try {
            JvmAttach.loadAgent(pid, library.toString(), arguments);
        } catch (ProfilerException e) {
            String said = said(log);
            throw said == null ? e : new ProfilerException(e.getMessage() + ": " + said, e);
        }
        try {
            if (Files.isRegularFile(log) && Files.size(log) == 0) {
                Files.delete(log); // it said nothing: no file to keep
            }
        } catch (IOException e) {
            // an empty log left behind
        }
    }

    /** The profiler's log of {@code file}: {@code consumer.jfr.log}. */
    static Path log(Path file) {
        return file.resolveSibling(file.getFileName() + RunLayout.PROFILER_LOG_SUFFIX);
    }

    /** async-profiler's options are separated by commas: a path with one cannot be given. */
    private static String path(Path file) {
        String path = file.toAbsolutePath().toString();
        if (path.indexOf(',') >= 0) {
            throw new ProfilerException("the path " + path + " holds a comma, which async-profiler's options cannot"
                    + " carry; choose an --out without one");
        }
        return path;
    }

    /** The profiler's error lines in its log, joined, or null when it said none. */
    private static String said(Path log) {
        try {
            if (!Files.isRegularFile(log)) {
                return null;
            }
            String text = String.join("; ", Files.readAllLines(log).stream()
                    .filter(l -> l.startsWith("[ERROR]") || l.startsWith("[WARN]")).map(String::trim).toList());
            return text.isEmpty() ? null : text;
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public void close() {
        try {
            Files.deleteIfExists(library); // the JVMs that loaded it keep their mapping
            Files.deleteIfExists(unpackedIn);
        } catch (IOException e) {
            // a temporary file left behind: nothing of the run depends on it
        }
    }
}
