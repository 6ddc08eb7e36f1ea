package io.dubbostress.cli.profile;

import io.dubbostress.report.run.RunLayout;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * async-profiler (Maven Central's {@code tools.profiler:async-profiler}, whose jar carries its Linux x64 and arm64
 * libraries) loaded into a running JVM through the attach API, as its own {@code asprof} does: CPU samples every
 * 10 ms ({@code perf_events}, with kernel frames; where perf_events is not allowed -- not root with a strict
 * {@code perf_event_paranoid}, a container's seccomp profile -- async-profiler falls back to {@code ctimer} by itself,
 * and the recording says which), allocations sampled every 512 KiB and lock waits longer than 10 ms, all into one JFR
 * file. Its messages go to a log beside the profile ({@code <file>.log}), read back when it refuses.
 *
 * <pre>
 * ProfilerEngine engine = AsyncProfiler.fromClassPath(Files.createTempDirectory("profiler"));
 * engine.start(pid, Path.of("run/scenarios/hop-1k/profiles/consumer.jfr"));
 * engine.stop(pid, Path.of("run/scenarios/hop-1k/profiles/consumer.jfr"));
 * </pre>
 */
public final class AsyncProfiler implements ProfilerEngine {

    /** The version of the library this jar carries (the root pom's {@code async-profiler.version}). */
    static final String VERSION = "4.1";
    static final String OPTIONS = "event=cpu,interval=10ms,alloc=512k,lock=10ms";

    private final Path library;
    private final Path unpackedIn;

    private AsyncProfiler(Path library, Path unpackedIn) {
        this.library = library;
        this.unpackedIn = unpackedIn;
    }

    /**
     * Unpacks the library for this machine ({@code linux-x64/libasyncProfiler.so}, {@code linux-arm64/...}) from the
     * class path into {@code dir}.
     *
     * @throws ProfilerException when this OS or CPU has no library in the jar, or it cannot be written
     */
    public static AsyncProfiler fromClassPath(Path dir) {
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
            return new AsyncProfiler(library, dir);
        } catch (IOException e) {
            throw new ProfilerException("cannot unpack async-profiler into " + dir + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String name() {
        return "async-profiler " + VERSION;
    }

    @Override
    public String options() {
        return OPTIONS;
    }

    @Override
    public void start(long pid, Path file) {
        Path log = log(file);
        command(pid, "start," + OPTIONS + ",jfr,file=" + path(file) + ",log=" + path(log), log);
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
