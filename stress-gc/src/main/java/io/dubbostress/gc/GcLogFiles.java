package io.dubbostress.gc;

import java.nio.file.Path;

/**
 * Where a GC log's companions live: {@code <base>.analysis.json} (offline analysis) and {@code <base>.gceasy.json}
 * (GCeasy's answer) next to {@code <base>.log}; and which service a run folder's log belongs to
 * ({@code gc/provider-gc.log} is the provider's).
 */
public final class GcLogFiles {

    public static final String ANALYSIS_SUFFIX = ".analysis.json";
    public static final String GCEASY_SUFFIX = ".gceasy.json";

    private GcLogFiles() {
    }

    /** The file name without {@code .log}: {@code provider-gc} for {@code provider-gc.log}. */
    public static String base(Path log) {
        String name = log.getFileName().toString();
        return name.endsWith(".log") ? name.substring(0, name.length() - ".log".length()) : name;
    }

    public static Path analysisFile(Path log) {
        return log.resolveSibling(base(log) + ANALYSIS_SUFFIX);
    }

    public static Path gcEasyFile(Path log) {
        return log.resolveSibling(base(log) + GCEASY_SUFFIX);
    }

    /** {@code <base>.<scenario>.gceasy.json}: GCeasy's answer about the log's pauses during one scenario. */
    public static Path scenarioGcEasyFile(Path log, String scenario) {
        return log.resolveSibling(base(log) + "." + scenario + GCEASY_SUFFIX);
    }

    /** {@code provider} for {@code provider-gc.log}; the base name for any other log. */
    public static String service(Path log) {
        String base = base(log);
        return base.endsWith("-gc") && base.length() > 3 ? base.substring(0, base.length() - 3) : base;
    }
}
