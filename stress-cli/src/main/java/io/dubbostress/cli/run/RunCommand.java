package io.dubbostress.cli.run;

import io.dubbostress.cli.home.StressHome;
import io.dubbostress.cli.options.CapacityOptions;
import io.dubbostress.cli.options.HarnessOptions;
import io.dubbostress.cli.options.InfluxOptions;
import io.dubbostress.cli.options.LanguageOption;
import io.dubbostress.cli.options.InfluxTarget;
import io.dubbostress.cli.options.JMeterOptions;
import io.dubbostress.cli.options.LiveOptions;
import io.dubbostress.cli.options.LoadOptions;
import io.dubbostress.cli.options.RemoteOptions;
import io.dubbostress.cli.options.ServiceOptions;
import io.dubbostress.cli.OutFolder;
import io.dubbostress.cli.UserError;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code stress run}: the whole comparison from one command. Starts the provider, the consumer and the PerfMon agent
 * on free loopback ports (or uses servers given), runs each scenario's plan in JMeter, gathers JTLs, PerfMon CSVs and
 * GC logs into one folder, and ends with the report.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Runs the comparison: starts the provider, the consumer and the PerfMon agent on this machine (loopback, "
                    + "free ports), runs each scenario's plan in JMeter (non-GUI), collects everything into one "
                    + "folder and writes the report.",
            "",
            "Scenarios are <kind>-<payload>. Kinds: direct (Dubbo Sampler -> provider), hop (the Dubbo Sampler's "
                    + "HTTP target -> consumer -> provider), hop-http (JMeter's own HTTP Request sampler -> consumer "
                    + "-> provider). Payloads: 1k, 100k, 512 (bytes), ...",
            "",
            "While it runs, a live page on this machine shows each scenario second by second (its address is "
                    + "printed at the start; --no-live for none).",
            "",
            "Ctrl-C stops the run cleanly: JMeter finishes the samples in flight, the services stop, and what was "
                    + "recorded is reported.",
            ""},
        footer = {"", "Examples:",
            "  stress run --duration 30s        the four scenarios, 30 s each",
            "  stress run                       20 threads x 10 minutes x 4 scenarios",
            "  stress run --scenarios direct-1k,hop-1k --threads 50 --rate 2000",
            "  stress run --scenarios direct-1k,hop-1k --duration 20s --find-max-rate --slo p99=20ms",
            "  stress run --scenarios direct-1k --duration 1m --repeat 3   then: stress compare BASE NEW",
            "  stress run --influxdb http://127.0.0.1:8086/write?db=stress   JMeter's Backend Listener and ours",
            "  stress run --provider 10.0.0.5:20880 --consumer-url http://10.0.0.6:8080 \\",
            "             --agent 10.0.0.5:4444"})
public class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Results folder. Default: results/<yyyyMMdd-HHmmss> under the current folder.")
    Path out;

    @Mixin
    HarnessOptions harness = new HarnessOptions();

    @Mixin
    LoadOptions load = new LoadOptions();

    /** The capacity search's options, together or not at all; null for an ordinary run. */
    @ArgGroup(exclusive = false)
    CapacityOptions capacity;

    @Mixin
    JMeterOptions jmeter = new JMeterOptions();

    @Mixin
    ServiceOptions services = new ServiceOptions();

    /** A distributed run's options, with --remote or not at all; null for a local run. */
    @ArgGroup(exclusive = false)
    RemoteOptions remote;

    /** The live page's options; null when none is given: served at the defaults. */
    @ArgGroup(exclusive = true)
    LiveOptions live;

    /** Watching the run in InfluxDB (--influxdb and its token); null without. */
    @ArgGroup(exclusive = false, heading = "%nInfluxDB (docs/RUN.md, Watching a run):%n")
    InfluxOptions influx;

    @Mixin
    LanguageOption language = new LanguageOption();

    @Option(names = "--profile", description = "Profile each JVM the run starts (provider, consumer, JMeter) over "
            + "each scenario's steady window with async-profiler (CPU, allocations, lock waits): flame graphs, top "
            + "frames and, per hop/direct pair, the frames the hop adds per call, in the report (docs/PROFILES.md).")
    boolean profile;

    @Option(names = "--profile-kernel", description = "As --profile, with the CPU sampled through perf_events so that "
            + "kernel frames show (socket writes, futex waits); it costs far more throughput than --profile's CPU "
            + "timer (docs/PROFILES.md, Cost).")
    boolean profileKernel;

    @Override
    public Integer call() {
        RunSettings settings = settings();
        PrintStream err = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.err), true);
        // threads the machine cannot hold are refused (a UserError, exit 2) before anything starts
        for (String warning : ThreadBudget.onThisMachine().check(settings)) {
            err.println("stress run: warning: " + warning);
        }
        RunSession session = new RunSession(settings, LiveOptions.valueOf(live), StressHome.fromSystemProperty(), err,
                spec.commandLine().getOut(), System.console() != null);
        return session.execute();
    }

    /**
     * The run's settings: each option group's values (checked by picocli's converters and by the group), and what
     * only the whole can check: the provider's protocol against the scenarios, the threads and the rate against the
     * load generators.
     */
    RunSettings settings() {
        HarnessOptions.Harness h = harness.value();
        LoadOptions.Load l = load.value();
        ServiceOptions.Services s = services.value();
        if (s.providerUrl() != null && s.providerUrl().triple() && l.needsConsumer() && s.consumerUrl() == null) {
            throw new UserError("Invalid value for option '--provider-url': the hop scenarios' consumer (Dubbo 2.7) "
                    + "cannot call tri://: run the direct scenarios only (--scenarios direct-1k,direct-100k) or give a "
                    + "dubbo:// URL");
        }
        CapacityOptions.Capacity search = capacity == null ? null : capacity.value(l, load.rateGiven());
        if (search != null) {
            if (remote != null) {
                // each server's schedule starts after its own opening calls, and says so in its own jmeter.log: the
                // steps' windows on the controller would be guesses
                throw new UserError("Option '--find-max-rate' cannot be used with '--remote': the search judges each "
                        + "step from the moment this machine's JMeter started its schedule; run it with a local JMeter");
            }
            if (profile || profileKernel) {
                String option = profile ? "--profile" : "--profile-kernel";
                throw new UserError("Option '" + option + "' profiles a run's scenarios, not a capacity search's "
                        + "trials: drop --find-max-rate, or " + option);
            }
            l = l.atRate(search.startRate()); // the run's rate is the first trial's, 100 calls/s when not given
        }
        // what the plans' Target Rate Schedule would refuse at its first call, or cut at the run's end
        l.rate().check(h.threads(), l.duration());
        RunSettings.Profile profiling = profileKernel ? RunSettings.Profile.KERNEL
                : profile ? RunSettings.Profile.CPU : RunSettings.Profile.OFF;
        InfluxTarget influxdb = influx == null ? null : influx.value();
        if (influxdb != null && influxdb.hasToken() && remote != null) {
            // JMeter's client writes every property it sends to the servers into jmeter.log ("Sending properties")
            throw new UserError("Option '--remote' cannot send the InfluxDB token to the load generators: JMeter's "
                    + "client writes every property it sends them into jmeter.log; put influxdb_token=... in each "
                    + "server's bin/user.properties and leave " + InfluxOptions.TOKEN_ENV + " and "
                    + "--influxdb-token-file out");
        }
        RunSettings settings = new RunSettings(h, l, search, s,
                remote == null ? RemoteOptions.Remote.NONE : remote.value(), jmeter.value(),
                out != null ? OutFolder.check("--out", out) : RunFolderSetup.defaultLocation(), out == null, profiling,
                influxdb, language.text());
        // the shares, and an address the servers can call back, are checked before anything starts
        if (!settings.remote().isEmpty()) {
            settings.generators().threadsPerServer(h.threads());
            settings.generators().callbackAddress();
        }
        return settings;
    }
}
