package io.dubbostress.report.perfmon;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The vocabulary of {@code perfmon-jvms.csv}, spelled once for its writer ({@code stress run}) and its reader
 * ({@link JvmMetrics}): which PerfMon agent spec is asked for and how its readings are labelled. The file has the
 * collector's shape ({@link PerfMonCsv}); its labels are
 *
 * <pre>
 * 127.0.0.1 CPU cswitch                     the host's context switches since the previous reading (cpu:cswitch)
 * 127.0.0.1 JVM provider pid=4242 threads   the JVM's threads now (process:pid=4242:threads)
 * 127.0.0.1 JVM provider pid=4242 fds       its open file descriptors now (process:pid=4242:fds)
 * 127.0.0.1 JVM provider pid=4242 cswitch   its threads' context switches since the previous reading
 * 127.0.0.1 JVM provider pid=4242 cpu       its CPU since the previous reading, % of one CPU (cpu:pid=4242)
 * </pre>
 *
 * where {@code 127.0.0.1} is the agent's host. The pid is part of the name: a series is one process, and the JMeter
 * of each scenario is another JVM.
 *
 * <pre>{@code
 * String wire = JvmMetricLabel.Kind.THREADS.spec(4242);                 // "process:pid=4242:threads"
 * String label = JvmMetricLabel.jvm("127.0.0.1", "provider", 4242, JvmMetricLabel.Kind.THREADS);
 * JvmMetricLabel parsed = JvmMetricLabel.parse(label);                  // null for a label of another kind
 * }</pre>
 */
public final class JvmMetricLabel {

    /** The agent spec of the host's context switches. */
    public static final String HOST_SWITCHES_SPEC = "cpu:cswitch";
    /** The name the run gives each scenario's JMeter: a JVM of one scenario, not of the whole run. */
    public static final String JMETER = "jmeter";

    /** What is read of a JVM. */
    public enum Kind {
        /** Threads now. */
        THREADS("threads", false),
        /** Open file descriptors now. */
        FDS("fds", false),
        /** Context switches of its threads since the previous reading. */
        CSWITCH("cswitch", true),
        /** Its CPU since the previous reading, percent of one CPU (the agent's {@code cpu:pid=N}, kind percent). */
        CPU("cpu", false) {
            @Override
            public String spec(long pid) {
                return "cpu:pid=" + pid;
            }
        };

        private final String wire;
        private final boolean change;

        Kind(String wire, boolean change) {
            this.wire = wire;
            this.change = change;
        }

        /** The agent's spec of this kind for process {@code pid}: {@code process:pid=4242:threads}. */
        public String spec(long pid) {
            return "process:pid=" + pid + ":" + wire;
        }

        /** Its name in specs and labels. */
        public String wire() {
            return wire;
        }

        /** Whether a reading is the change since the previous one (not a level). */
        public boolean change() {
            return change;
        }
    }

    private static final Pattern JVM = Pattern.compile("(\\S+) JVM (\\S+) pid=(\\d+) (threads|fds|cswitch|cpu)");
    private static final Pattern HOST = Pattern.compile("(\\S+) CPU cswitch");

    private final String host;
    private final String service;
    private final long pid;
    private final Kind kind;

    private JvmMetricLabel(String host, String service, long pid, Kind kind) {
        this.host = host;
        this.service = service;
        this.pid = pid;
        this.kind = kind;
    }

    /** The label of a JVM's reading. */
    public static String jvm(String host, String service, long pid, Kind kind) {
        return host + " JVM " + service + " pid=" + pid + " " + kind.wire;
    }

    /** The label of the host's context switches. */
    public static String hostSwitches(String host) {
        return host + " CPU cswitch";
    }

    /** A label of this vocabulary, or null. */
    public static JvmMetricLabel parse(String label) {
        Matcher m = JVM.matcher(label.trim());
        if (m.matches()) {
            return new JvmMetricLabel(m.group(1), m.group(2), Long.parseLong(m.group(3)),
                    Kind.valueOf(m.group(4).toUpperCase(Locale.ROOT)));
        }
        m = HOST.matcher(label.trim());
        if (m.matches()) {
            return new JvmMetricLabel(m.group(1), null, -1, Kind.CSWITCH);
        }
        return null;
    }

    /** The agent's host. */
    public String host() {
        return host;
    }

    /** The JVM ({@code provider}, {@code consumer}, {@code jmeter}); null for the host's context switches. */
    public String service() {
        return service;
    }

    /** The JVM's process id; -1 for the host's. */
    public long pid() {
        return pid;
    }

    public Kind kind() {
        return kind;
    }

    /** Whether this is the host's context switches. */
    public boolean isHost() {
        return service == null;
    }
}
