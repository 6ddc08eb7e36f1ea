package io.dubbostress.cli.profile;

import io.dubbostress.report.run.RunLayout;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * {@code stress run --profile}: the run's profiler, set up once (async-profiler's library unpacked into a temporary
 * folder, removed when the command exits), and a {@link ScenarioProfiles} per scenario. When it cannot be set up (not
 * Linux, a CPU without a library, no temporary space) the run goes on: the reason is said once on stderr and in each
 * scenario's capture.json, and the report lists it.
 *
 * <pre>
 * RunProfiler profiler = RunProfiler.create(false, err);
 * try (ScenarioProfiles p = profiler.start(layout, "hop-1k", jvms, warmup, duration)) {
 *     run.await(...);
 * }
 * </pre>
 */
public final class RunProfiler {

    private final ProfilerEngine engine;
    private final String unavailable;
    private final PrintStream err;

    private RunProfiler(ProfilerEngine engine, String unavailable, PrintStream err) {
        this.engine = engine;
        this.unavailable = unavailable;
        this.err = err;
    }

    /**
     * The run's profiler: async-profiler ({@code kernelFrames}: its CPU samples by perf_events, --profile-kernel), or
     * none with the reason said on {@code err}.
     */
    public static RunProfiler create(boolean kernelFrames, PrintStream err) {
        String option = kernelFrames ? "--profile-kernel" : "--profile";
        try {
            Path dir = Files.createTempDirectory("dubbo-stress-profiler");
            dir.toFile().deleteOnExit();
            AsyncProfiler engine = AsyncProfiler.fromClassPath(dir, kernelFrames);
            dir.resolve("libasyncProfiler.so").toFile().deleteOnExit(); // registered last, deleted first
            err.println("stress run: " + option + ": " + engine.name() + " (" + engine.options() + ") over each"
                    + " scenario's steady window");
            return new RunProfiler(engine, null, err);
        } catch (IOException | ProfilerException e) {
            String why = "no profiler: " + e.getMessage();
            err.println("stress run: " + option + ": " + why + "; the run goes on without profiles");
            return new RunProfiler(null, why, err);
        }
    }

    /**
     * Profiles {@code jvms} over {@code scenario}'s steady window: from its first sample plus {@code warmup} to
     * shortly before the first sample plus {@code duration}.
     */
    public ScenarioProfiles start(RunLayout layout, String scenario, List<ScenarioProfiles.Jvm> jvms,
                                  Duration warmup, Duration duration) {
        return ScenarioProfiles.start(engine, unavailable, layout, scenario, jvms, warmup, duration, err);
    }
}
