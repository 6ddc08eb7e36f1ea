package io.dubbostress.cli.metrics;

import io.dubbostress.cli.options.HostPort;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One stream of readings from a PerfMon agent, on its own daemon thread, into a collector-shaped CSV (or any
 * {@link Sink}: the live page keeps them in memory): it asks the agent's classic protocol for {@code interval:1} and
 * {@code metrics:SPEC<TAB>SPEC...}, and writes each line's values as rows ({@code PerfMonCsv.Writer}), each under its
 * metric's label, stamped with the time the line arrived. An empty field (a value the agent could not read: a process that exited) is no row; the report sees the gap. An agent that
 * cannot be reached, refuses the metrics ({@code ERROR ...}) or closes the connection, and a file that cannot be
 * written (a full disk), are said once on {@code err}, after {@code who}, and the stream ends; whatever runs beside it
 * goes on.
 *
 * <pre>
 * try (PerfMonCsv.Writer out = PerfMonCsv.create(csv);
 *      AgentStream s = AgentStream.start(HostPort.parse("--agent", "127.0.0.1:4444"),
 *              List.of(new AgentStream.Metric("cpu:cswitch", "127.0.0.1 CPU cswitch")), out::write, err,
 *              "stress run: direct-1k: the agent 127.0.0.1:4444")) {
 *     jmeter.await(...);
 * }
 * </pre>
 */
public final class AgentStream implements AutoCloseable {

    /** A metric asked for: the agent's spec and the label its readings get in the CSV. */
    public record Metric(String spec, String label) {
    }

    /** Where the readings go: a collector-shaped CSV ({@code PerfMonCsv.Writer::write}), or the live page's memory. */
    @FunctionalInterface
    public interface Sink {
        void write(long timeMs, String label, double value) throws IOException;
    }

    private static final int CONNECT_TIMEOUT_MS = 5000;

    private final HostPort agent;
    private final List<Metric> metrics;
    private final Sink out;
    private final PrintStream err;
    private final String who;
    private final Thread thread;
    private volatile boolean stopping;
    private volatile Socket socket;
    private volatile long lines;
    private volatile long values;
    private final long[] valuesPerMetric;
    private volatile boolean said;

    private AgentStream(HostPort agent, List<Metric> metrics, Sink out, PrintStream err, String who) {
        this.agent = agent;
        this.metrics = List.copyOf(metrics);
        this.valuesPerMetric = new long[this.metrics.size()];
        this.out = out;
        this.err = err;
        this.who = who;
        this.thread = new Thread(this::run, "perfmon-agent " + agent);
        this.thread.setDaemon(true);
    }

    /** Connects (in the background) and reads a line a second until {@link #close()}. */
    public static AgentStream start(HostPort agent, List<Metric> metrics, Sink out, PrintStream err, String who) {
        AgentStream stream = new AgentStream(agent, metrics, out, err, who);
        stream.thread.start();
        return stream;
    }

    /** Lines of readings received so far. */
    public long lines() {
        return lines;
    }

    /** Values written so far (an empty field is none). */
    public long values() {
        return values;
    }

    /**
     * The metrics the agent gave no value for so far (an empty field each time: one it does not serve). Exact once
     * {@link #close()} returned (the reading thread has ended); an estimate before.
     */
    public List<Metric> metricsWithoutValues() {
        List<Metric> none = new java.util.ArrayList<>();
        for (int i = 0; i < metrics.size(); i++) {
            if (valuesPerMetric[i] == 0) {
                none.add(metrics.get(i));
            }
        }
        return none;
    }

    /** Whether it said on {@code err} why it ended (an agent that cannot be reached, refused, or closed). */
    public boolean saidWhy() {
        return said;
    }

    private void say(String line) {
        said = true;
        err.println(line);
    }

    private void run() {
        try (Socket s = new Socket()) {
            socket = s;
            if (stopping) {
                return;
            }
            s.connect(new InetSocketAddress(agent.host, agent.port), CONNECT_TIMEOUT_MS);
            OutputStream o = s.getOutputStream();
            StringBuilder specs = new StringBuilder();
            for (Metric m : metrics) {
                specs.append(specs.length() == 0 ? "" : "\t").append(m.spec());
            }
            o.write(("interval:1\nmetrics:" + specs + "\n").getBytes(StandardCharsets.US_ASCII));
            o.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(),
                    StandardCharsets.US_ASCII));
            String line;
            while (!stopping && (line = in.readLine()) != null) {
                long now = System.currentTimeMillis();
                if (line.startsWith("ERROR")) {
                    say(who + ": " + line.trim());
                    return;
                }
                lines++;
                String[] values = line.split("\t", -1);
                for (int i = 0; i < Math.min(values.length, metrics.size()); i++) {
                    if (values[i].isBlank()) {
                        continue; // a value the agent could not read: no row (the report sees the gap)
                    }
                    double value;
                    try {
                        value = Double.parseDouble(values[i].trim());
                    } catch (NumberFormatException e) {
                        continue; // not a number: no row
                    }
                    try {
                        out.write(now, metrics.get(i).label(), value);
                    } catch (IOException e) {
                        // this side's file, not the agent: a full disk
                        say(who + ": cannot write its readings (" + e.getMessage() + "); they end there");
                        return;
                    }
                    valuesPerMetric[i]++;
                    this.values++;
                }
            }
            if (!stopping) {
                say(who + " closed the connection; its readings end there");
            }
        } catch (IOException e) {
            if (!stopping) {
                say(who + ": " + e.getMessage() + "; no readings from it");
            }
        }
    }

    /** Says {@code exit} to the agent, closes the connection and waits for the thread (up to 5 s). */
    @Override
    public void close() {
        stopping = true;
        Socket s = socket;
        if (s != null) {
            try {
                s.getOutputStream().write("exit\n".getBytes(StandardCharsets.US_ASCII));
            } catch (IOException e) {
                // closing below ends it anyway
            }
            try {
                s.close();
            } catch (IOException e) {
                // closed
            }
        }
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
