package io.dubbostress.cli.gc;

import io.dubbostress.report.gc.ApiKey;
import io.dubbostress.report.gc.GcAnalysis;
import io.dubbostress.report.gc.GcAnalysisStore;
import io.dubbostress.report.gc.GcEasyAnswer;
import io.dubbostress.report.gc.GcEasyClient;
import io.dubbostress.report.gc.GcEasyException;
import io.dubbostress.report.gc.GcLogAnalyzer;
import io.dubbostress.report.gc.GcLogFiles;
import io.dubbostress.report.gc.GcTable;

import io.dubbostress.report.UserError;

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
 * {@code <base>.gceasy.json}; a GCeasy failure is one line, the offline analysis stays.
 *
 * <pre>
 * ./stress gc run/gc/provider-gc.log run/gc/consumer-gc.log
 * GCEASY_API_KEY=... ./stress gc run/gc/provider-gc.log
 * </pre>
 * Exit code 0 when every log was analysed offline, 2 when one could not be (the others still are).
 */
@Command(name = "gc",
        description = {
            "Analyses GC logs offline (pauses, GC throughput, allocation rate, heap) and, with a GCeasy API key, "
                + "with GCeasy too.",
            "Reads JDK 8 -XX:+PrintGCDetails and JDK 9+ -Xlog:gc* logs (G1, Parallel, Serial, CMS, ...), writes "
                + "<base>.analysis.json next to each <base>.log and prints a table. The key comes from the "
                + ApiKey.ENV + " environment variable or --gceasy-key-file; GCeasy's answer is saved as "
                + "<base>.gceasy.json."},
        footer = {"", "See docs/GC.md."},
        mixinStandardHelpOptions = true)
public final class GcCommand implements Callable<Integer> {

    static final String DEFAULT_GCEASY_URL = "https://api.gceasy.io/analyzeGC";

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "GC_LOG", arity = "1..*", description = "GC log files.")
    private List<Path> logs;

    @Option(names = "--gceasy-key-file", paramLabel = "FILE",
            description = "A file holding the GCeasy API key (else the " + ApiKey.ENV + " environment variable).")
    private Path keyFile;

    @Option(names = "--gceasy-url", paramLabel = "URL", defaultValue = DEFAULT_GCEASY_URL,
            description = "The GCeasy analyzeGC endpoint (default: ${DEFAULT-VALUE}).")
    private URI gcEasyUrl;

    @Option(names = "--gceasy-timeout", paramLabel = "SECONDS", defaultValue = "120",
            description = "How long to wait for GCeasy's answer per log (default: ${DEFAULT-VALUE}).")
    private int gcEasyTimeoutSeconds;

    @Option(names = "--offline", description = "Never upload, even with a key.")
    private boolean offline;

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
        int failed = analyse(logs, client, out, err);
        return failed == 0 ? 0 : 2;
    }

    /**
     * Analyses each log offline (writing {@code <base>.analysis.json}), uploads it to GCeasy when {@code client} is
     * not null, and prints the table of those that could be read to {@code out}; a log that cannot be read is one line
     * on {@code err}. Returns how many logs could not be analysed. {@code stress run} calls this for its GC logs.
     */
    public static int analyse(List<Path> logs, GcEasyClient client, PrintWriter out, PrintWriter err) {
        GcAnalysisStore store = new GcAnalysisStore(new GcLogAnalyzer());
        GcTable table = new GcTable();
        int failed = 0;
        for (Path log : logs) {
            GcAnalysis analysis;
            try {
                analysis = store.analyzeAndSave(log);
            } catch (UserError e) {
                err.println("stress gc: " + e.getMessage());
                failed++;
                continue;
            }
            GcEasyAnswer answer = null;
            if (client != null) {
                try {
                    answer = client.analyze(log);
                    store.saveGcEasy(log, client.redactedText(answer));
                } catch (GcEasyException e) {
                    err.println("stress gc: " + log.getFileName() + ": " + e.getMessage() + " (the offline analysis is in "
                            + GcLogFiles.analysisFile(log).getFileName() + ")");
                }
            }
            table.add(analysis, answer);
        }
        if (failed < logs.size()) {
            out.print(table.render());
        }
        out.flush();
        err.flush();
        return failed;
    }

    /** The GCeasy client a key in the environment asks for (default endpoint and timeout), or null without one. */
    public static GcEasyClient clientFromEnvironment(Map<String, String> environment) {
        ApiKey key = ApiKey.resolve(null, environment);
        return key == null ? null : new GcEasyClient(URI.create(DEFAULT_GCEASY_URL), key,
                Duration.ofSeconds(120), GcEasyClient.DEFAULT_COMPRESS_ABOVE_BYTES);
    }
}
