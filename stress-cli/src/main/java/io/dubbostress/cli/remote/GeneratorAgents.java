package io.dubbostress.cli.remote;

import io.dubbostress.cli.options.HostPort;
import io.dubbostress.report.perfmon.PerfMonCsv;
import io.dubbostress.cli.metrics.AgentStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the PerfMon agents of the load generators ({@code --generator-agents}) while a scenario runs, so the report
 * can say whether a generator's CPU, not the services, was the limit. The plan's PerfMon collector runs on the
 * controller and reads the services' agent ({@code --agent}); this does the same for each generator host, with the
 * agent's classic protocol ({@code metrics:cpu:combined\tmemory:usedperc\t...}, one line of tab-separated values a
 * second), and writes the rows as the collector does ({@link PerfMonCsv.Writer}, label {@code <host> CPU combined}) to
 * {@code scenarios/<name>/perfmon-generators.csv} ({@link io.dubbostress.report.run.RunLayout#generatorsPerfMonCsv}),
 * which the report reads beside {@code perfmon.csv}. Each agent is an {@link AgentStream}: one that cannot be reached
 * or stops is said once on the console; the scenario goes on.
 *
 * <pre>
 * try (GeneratorAgents agents = GeneratorAgents.start(List.of(HostPort.parse("--generator-agents", "10.0.0.7:4444")),
 *         layout.generatorsPerfMonCsv("direct-1k"), err, "direct-1k")) {
 *     jmeter.await(...);
 * }
 * </pre>
 */
public final class GeneratorAgents implements AutoCloseable {

    /** The metrics asked for, on the wire, and their labels as the collector writes them. */
    private static final String[] WIRE = {"cpu:combined", "memory:usedperc", "network io:bytesrecv",
        "network io:bytessent"};
    private static final String[] LABEL = {"CPU combined", "Memory usedperc", "Network I/O bytesrecv",
        "Network I/O bytessent"};

    private final List<AgentStream> streams = new ArrayList<>();
    private final PerfMonCsv.Writer out;

    private GeneratorAgents(PerfMonCsv.Writer out) {
        this.out = out;
    }

    /** Records nothing. */
    public static GeneratorAgents none() {
        return new GeneratorAgents(null);
    }

    /** Connects to every agent (in the background) and records until {@link #close()}; none: nothing is written. */
    public static GeneratorAgents start(List<HostPort> agents, Path csv, java.io.PrintStream err, String scenario)
            throws IOException {
        if (agents.isEmpty()) {
            return none();
        }
        GeneratorAgents recorder = new GeneratorAgents(PerfMonCsv.create(csv));
        for (HostPort agent : agents) {
            List<AgentStream.Metric> metrics = new ArrayList<>();
            for (int i = 0; i < WIRE.length; i++) {
                metrics.add(new AgentStream.Metric(WIRE[i], agent.host + " " + LABEL[i]));
            }
            recorder.streams.add(AgentStream.start(agent, metrics, recorder.out::write, err,
                    "stress run: " + scenario + ": generator agent " + agent));
        }
        return recorder;
    }

    @Override
    public void close() {
        streams.forEach(AgentStream::close);
        if (out != null) {
            try {
                out.close();
            } catch (IOException e) {
                // rows written so far are on disk (flushed line by line)
            }
        }
    }
}
