package io.dubbostress.cli.gc;

import io.dubbostress.gc.ApiKey;
import io.dubbostress.gc.GcAnalysisStore;
import io.dubbostress.gc.GcBatch;
import io.dubbostress.gc.GcEasyClient;
import io.dubbostress.gc.GcLogAnalyzer;

import io.dubbostress.cli.UserError;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code stress gc <gc.log>...}: analyses GC logs offline (pause count, total, mean, p99, max, GC throughput,
 * allocation rate, heap peaks), writes {@code <base>.analysis.json} next to each log and prints a table. With a GCeasy
 * API key ({@code GCEASY_API_KEY} or {@code --gceasy-key-file}) each log is also uploaded and GCeasy's answer saved as
 * {@code <base>.gceasy.json}; a GCeasy failure is one line, the offline analysis stays. The pieces of a rotated log
 * ({@code gc.log gc.log.0 gc.log.1}) are read as one log.
 *
 * <pre>
 * ./stress gc run/gc/provider-gc.log run/gc/consumer-gc.log
 * ./stress gc gc.log*
 * GCEASY_API_KEY=... ./stress gc run/gc/provider-gc.log
 * </pre>
 * Exit code 0 when every log was analysed and the analysis vouches for its figures; 1 when an analysis has warnings
 * (its figures are not sure; {@code --accept-warnings} makes that 0); 2 when a log could not be analysed (the others
 * still are).
 */
@Command(name = "gc",
        description = {
            "Analyses GC logs offline (pauses, GC throughput, allocation rate, heap) and, with a GCeasy API key, "
                + "with GCeasy too.",
            "Reads JDK 8 -XX:+PrintGCDetails and JDK 9+ -Xlog:gc logs (G1, Parallel, Serial, CMS, Shenandoah, ZGC), "
                + "the pieces of a rotated log as one log, writes <base>.analysis.json next to each <base>.log and "
                + "prints a table. Each analysis is checked against an independent count of the log's pause lines; a "
                + "doubt is a warning, a row marked NOT SURE and exit code 1. The key comes from the "
                + ApiKey.ENV + " environment variable or --gceasy-key-file; GCeasy's answer is saved as "
                + "<base>.gceasy.json."},
        footer = {"", "Exit codes: 0 all sure, 1 a warning (see --accept-warnings), 2 a log could not be read.",
            "See docs/GC.md."},
        mixinStandardHelpOptions = true)
public final class GcCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "GC_LOG", arity = "1..*",
            description = "GC log files; the pieces of a rotated log (gc.log gc.log.0 ...) are read as one log.")
    private List<Path> logs;

    @Option(names = "--gceasy-key-file", paramLabel = "FILE",
            description = "A file holding the GCeasy API key (else the " + ApiKey.ENV + " environment variable).")
    private Path keyFile;

    @Option(names = "--gceasy-url", paramLabel = "URL", defaultValue = GcEasyClient.DEFAULT_ENDPOINT_TEXT,
            description = "The GCeasy analyzeGC endpoint (default: ${DEFAULT-VALUE}).")
    private URI gcEasyUrl;

    @Option(names = "--gceasy-timeout", paramLabel = "SECONDS", defaultValue = "120", // GcEasyClient.DEFAULT_TIMEOUT
            description = "How long to wait for GCeasy's answer per log (default: ${DEFAULT-VALUE}).")
    private int gcEasyTimeoutSeconds;

    @Option(names = "--offline", description = "Never upload, even with a key.")
    private boolean offline;

    @Option(names = "--accept-warnings",
            description = "Exit 0 even when an analysis has warnings (the rows stay marked NOT SURE).")
    private boolean acceptWarnings;

    /** The environment the key is looked up in (tests replace it). */
    Map<String, String> environment = System.getenv();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (gcEasyTimeoutSeconds <= 0) {
            throw new UserError("--gceasy-timeout must be a positive number of seconds, not " + gcEasyTimeoutSeconds);
        }
        ApiKey key = offline ? null : ApiKey.resolve(keyFile, environment);
        GcEasyClient client = key == null ? null : new GcEasyClient(gcEasyUrl, key,
                Duration.ofSeconds(gcEasyTimeoutSeconds), GcEasyClient.DEFAULT_COMPRESS_ABOVE_BYTES);
        GcBatch.Result result = new GcBatch(new GcAnalysisStore(new GcLogAnalyzer()), client).run(logs, out, err);
        if (result.failed() > 0) {
            return 2;
        }
        return result.warned() > 0 && !acceptWarnings ? 1 : 0;
    }
}
