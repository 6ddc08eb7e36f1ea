package io.dubbostress.cli.watch;

import io.dubbostress.cli.UserError;
import io.dubbostress.cli.live.LiveRun;
import io.dubbostress.cli.live.LiveServer;
import io.dubbostress.cli.options.HostPort;
import io.dubbostress.cli.options.LiveOptions;
import io.dubbostress.report.run.RunLayout;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code stress live RUN_FOLDER}: the live page {@code stress run} serves, for a run started elsewhere: a
 * {@code stress run} in another terminal or on another host whose folder is shared, or a JMeter run of the shipped
 * plans writing its JTL into a folder. Serves until Ctrl-C.
 *
 * <pre>{@code
 * ./stress live results/20261128-101500
 * ./stress live /mnt/shared/run-7 --agent 10.0.0.5:4444 --live-bind 0.0.0.0
 * }</pre>
 */
@Command(name = "live", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Serves the live page of a run started elsewhere: a stress run folder (run.json, scenarios/*/results.jtl, "
                    + "gc/), or a folder of JTLs a JMeter run writes (each *.jtl a scenario). The page follows the "
                    + "JTLs as they grow, the GC logs, and the run's PerfMon agent, once a second, until Ctrl-C.",
            ""},
        footer = {"", "Examples:",
            "  stress live results/20261128-101500",
            "  stress live /mnt/shared/run-7 --agent 10.0.0.5:4444",
            "  jmeter -n -t test-plans/dubbo-direct.jmx -l out/direct.jtl &  stress live out"})
public class LiveCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN_FOLDER",
            description = "The run folder (or a folder of .jtl files); it may not hold anything yet.")
    Path folder;

    @ArgGroup(exclusive = false)
    LiveOptions.Address address;

    @Option(names = "--agent", paramLabel = "HOST:PORT", converter = HostPort.Converter.class,
            description = "Read the host's and the JVMs' CPU and threads from this PerfMon agent (the JVMs' process "
                    + "ids from run.json). Default: run.json's agent when the run is on this machine.")
    HostPort agent;

    @Option(names = "--no-agent", description = "Read no agent: the page shows the JTLs and GC logs only.")
    boolean noAgent;

    @Override
    public Integer call() throws InterruptedException {
        if (folder.toString().isEmpty()) {
            throw new UserError("Invalid value for RUN_FOLDER: '' (give a folder)");
        }
        if (Files.exists(folder) && !Files.isDirectory(folder)) {
            throw new UserError("Invalid value for RUN_FOLDER: '" + folder + "' is a file, not a folder (the JTL's "
                    + "folder is the one to give)");
        }
        if (!Files.isDirectory(folder)) {
            throw new UserError("Invalid value for RUN_FOLDER: '" + folder + "' does not exist");
        }
        if (noAgent && agent != null) {
            throw new UserError("Options '--agent' and '--no-agent' cannot be used together");
        }
        LiveOptions.Live options = address == null ? LiveOptions.Live.DEFAULT : address.value();
        LiveServer server = LiveServer.bind(options);
        LiveRun.Agent agents = noAgent ? LiveRun.Agent.NONE
                : agent != null ? LiveRun.Agent.at(agent) : LiveRun.Agent.FROM_RUN_JSON;
        LiveRun run = LiveRun.start(folder, agents, Duration.ofSeconds(1)).followOnlyWhileWatched();
        server.serve(run);
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            server.close();
            run.close();
            stopped.countDown();
        }, "stress-live-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        PrintWriter err = spec.commandLine().getErr();
        err.println("stress live: " + server.address() + " shows " + folder.toAbsolutePath().normalize()
                + (server.loopbackOnly() ? " (this machine only)" : "") + "; Ctrl-C to stop");
        if (!Files.isRegularFile(new RunLayout(folder).runJson()) && !hasJtl(folder)) {
            err.println("stress live: " + folder + " has no run.json and no .jtl yet: the page shows the run when it "
                    + "starts writing there");
        }
        err.flush();
        stopped.await();
        return 0;
    }

    private static boolean hasJtl(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            return files.anyMatch(p -> p.getFileName().toString().endsWith(".jtl"));
        } catch (IOException e) {
            return false;
        }
    }
}
