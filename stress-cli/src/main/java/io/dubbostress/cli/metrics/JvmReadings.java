package io.dubbostress.cli.metrics;

import io.dubbostress.cli.options.HostPort;
import io.dubbostress.report.perfmon.JvmMetricLabel;
import io.dubbostress.report.perfmon.PerfMonCsv;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * While a scenario runs, reads the services' PerfMon agent once a second for the threads, open files and context
 * switches of each JVM the run started itself ({@code process:pid=N:threads}, {@code :fds}, {@code :cswitch}) and for
 * the host's context switches ({@code cpu:cswitch}), into {@code scenarios/<name>/perfmon-jvms.csv}
 * ({@link io.dubbostress.report.run.RunLayout#jvmsPerfMonCsv}, labels {@link JvmMetricLabel}), which the report reads
 * for its JVM tables and the soak verdicts. A JVM's process id means something only to an agent on this machine:
 * with an agent elsewhere ({@code --agent} on another host) only the host's context switches are asked for
 * ({@link #isThisMachine}). A JVM that has already exited is left out (the agent would refuse the whole request).
 *
 * <pre>
 * List&lt;JvmReadings.Jvm&gt; jvms = List.of(new JvmReadings.Jvm("provider", providerPid), new JvmReadings.Jvm("jmeter", jmeterPid));
 * try (JvmReadings r = JvmReadings.start(HostPort.parse("--agent", "127.0.0.1:4444"), true, jvms,
 *         layout.jvmsPerfMonCsv("direct-1k"), err, "direct-1k")) {
 *     jmeter.await(...);
 * }
 * </pre>
 */
public final class JvmReadings implements AutoCloseable {

    /** A JVM the run started, by the name the report shows and its process id. */
    public record Jvm(String service, long pid) {
    }

    private final PerfMonCsv.Writer out;
    private final AgentStream stream;
    private final PrintStream err;
    private final String who;

    private JvmReadings(PerfMonCsv.Writer out, AgentStream stream, PrintStream err, String who) {
        this.out = out;
        this.stream = stream;
        this.err = err;
        this.who = who;
    }

    /** Reads nothing. */
    public static JvmReadings none() {
        return new JvmReadings(null, null, null, null);
    }

    /**
     * Starts reading {@code agent} into {@code csv}: the host's context switches, and, when {@code agentHere} (the agent
     * runs on this machine), each of {@code jvms} still alive.
     */
    public static JvmReadings start(HostPort agent, boolean agentHere, List<Jvm> jvms, Path csv, PrintStream err,
            String scenario) throws IOException {
        List<AgentStream.Metric> metrics = new ArrayList<>();
        metrics.add(new AgentStream.Metric(JvmMetricLabel.HOST_SWITCHES_SPEC, JvmMetricLabel.hostSwitches(agent.host)));
        if (agentHere) {
            for (Jvm jvm : jvms) {
                if (jvm.pid() <= 0 || !ProcessHandle.of(jvm.pid()).map(ProcessHandle::isAlive).orElse(false)) {
                    continue;
                }
                for (JvmMetricLabel.Kind kind : JvmMetricLabel.Kind.values()) {
                    metrics.add(new AgentStream.Metric(kind.spec(jvm.pid()),
                            JvmMetricLabel.jvm(agent.host, jvm.service(), jvm.pid(), kind)));
                }
            }
        }
        PerfMonCsv.Writer out = PerfMonCsv.create(csv);
        String who = "stress run: " + scenario + ": JVM metrics from the agent " + agent;
        return new JvmReadings(out, AgentStream.start(agent, metrics, out::write, err, who), err, who);
    }

    /**
     * Whether {@code host} names this machine: a loopback or wildcard address, or an address of one of its network
     * interfaces. A name that does not resolve is not this machine.
     */
    public static boolean isThisMachine(String host) {
        try {
            InetAddress address = InetAddress.getByName(host);
            return address.isLoopbackAddress() || address.isAnyLocalAddress()
                    || NetworkInterface.getByInetAddress(address) != null;
        } catch (UnknownHostException | SocketException e) {
            return false;
        }
    }

    /** Lines of readings received so far. */
    public long lines() {
        return stream == null ? 0 : stream.lines();
    }

    /**
     * Stops reading. An agent that answered every line with empty fields, or nothing at all, while the scenario ran
     * (one that does not serve these metrics: the classic ServerAgent answers {@code \t\t} to what it does not know)
     * is said in one line.
     */
    @Override
    public void close() {
        if (stream != null) {
            stream.close();
            if (stream.values() == 0 && !stream.saidWhy()) {
                err.println(who + ": no reading in " + stream.lines() + " line(s) (an agent that does not serve"
                        + " process:pid=N and cpu:cswitch, such as the classic ServerAgent, answers them with empty"
                        + " fields); no JVM figures for this scenario");
            } else if (stream.lines() > 0 && !stream.saidWhy() && !stream.metricsWithoutValues().isEmpty()) {
                // some read, some not: the classic ServerAgent serves cpu:pid=N but not process:pid=N or cpu:cswitch
                Set<String> specs = new TreeSet<>();
                for (AgentStream.Metric m : stream.metricsWithoutValues()) {
                    specs.add(m.spec().replaceAll("pid=\\d+", "pid=N"));
                }
                err.println(who + ": no reading of " + String.join(", ", specs) + " in " + stream.lines()
                        + " line(s) (an agent that does not serve them, such as the classic ServerAgent, answers them"
                        + " with empty fields); those JVM figures are missing for this scenario");
            }
        }
        if (out != null) {
            try {
                out.close();
            } catch (IOException e) {
                // rows written so far are on disk (flushed line by line)
            }
        }
    }
}
