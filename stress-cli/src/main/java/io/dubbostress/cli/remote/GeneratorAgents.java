package io.dubbostress.cli.remote;

import io.dubbostress.cli.options.HostPort;
import io.dubbostress.report.perfmon.PerfMonCsv;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
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
 * which the report reads beside {@code perfmon.csv}.
 * An agent that cannot be reached or stops is said once on the console; the scenario goes on.
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
    private static final int CONNECT_TIMEOUT_MS = 5000;

    private final List<Reader> readers = new ArrayList<>();
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
            Reader reader = recorder.new Reader(agent, err, scenario);
            recorder.readers.add(reader);
            reader.thread.start();
        }
        return recorder;
    }

    private void write(long timeMs, String label, double value) throws IOException {
        out.write(timeMs, label, value);
    }

    @Override
    public void close() {
        for (Reader reader : readers) {
            reader.stop();
        }
        if (out != null) {
            synchronized (this) {
                try {
                    out.close();
                } catch (IOException e) {
                    // rows written so far are on disk (flushed line by line)
                }
            }
        }
    }

    /** One agent's connection, on its own daemon thread. */
    private final class Reader implements Runnable {
        private final HostPort agent;
        private final java.io.PrintStream err;
        private final String scenario;
        private final Thread thread;
        private volatile boolean stopping;
        private volatile Socket socket;

        Reader(HostPort agent, java.io.PrintStream err, String scenario) {
            this.agent = agent;
            this.err = err;
            this.scenario = scenario;
            this.thread = new Thread(this, "generator-agent " + agent);
            this.thread.setDaemon(true);
        }

        @Override
        public void run() {
            try (Socket s = new Socket()) {
                socket = s;
                s.connect(new InetSocketAddress(agent.host, agent.port), CONNECT_TIMEOUT_MS);
                OutputStream o = s.getOutputStream();
                o.write(("metrics:" + String.join("\t", WIRE) + "\n").getBytes(StandardCharsets.US_ASCII));
                o.flush();
                BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(),
                        StandardCharsets.US_ASCII));
                String line;
                while (!stopping && (line = in.readLine()) != null) {
                    long now = System.currentTimeMillis();
                    String[] values = line.split("\t");
                    if (line.startsWith("ERROR")) {
                        err.println("stress run: " + scenario + ": generator agent " + agent + ": " + line.trim());
                        return;
                    }
                    for (int i = 0; i < Math.min(values.length, LABEL.length); i++) {
                        try {
                            write(now, agent.host + " " + LABEL[i], Double.parseDouble(values[i].trim()));
                        } catch (NumberFormatException e) {
                            // a value the agent could not read: no row (the report sees the gap)
                        }
                    }
                }
                if (!stopping) {
                    err.println("stress run: " + scenario + ": generator agent " + agent + " closed the connection; "
                            + "its readings end there");
                }
            } catch (IOException e) {
                if (!stopping) {
                    err.println("stress run: " + scenario + ": generator agent " + agent + ": " + e.getMessage()
                            + "; no readings of that host");
                }
            }
        }

        void stop() {
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
}
