package io.dubbostress.report.perfmon;

import java.util.Locale;

/**
 * What a PerfMon collector row's label says: {@code "<host> <metric>[ <params>]"}, as
 * {@code kg.apc.jmeter.perfmon.PerfMonCollector} builds it ("127.0.0.1 CPU", "127.0.0.1 Network I/O bytessent",
 * "127.0.0.1 Disks I/O writebytes:unit=kb"), and which of the report's server figures it is.
 *
 * <p>Units, from the agent ({@code kg.apc:perfmon} metrics): CPU and memory in percent; network and disk bytes as the
 * difference since the agent's previous sample (so per collection interval), divided by 1024 or 1024 x 1024 with
 * {@code unit=kb}/{@code unit=mb}/{@code unit=gb}.
 */
public final class PerfMonLabel {

    /** The figures the report names; everything else is shown under its own label. */
    public enum Kind {
        CPU_PERCENT("cpuPercent", "%", false),
        MEMORY_PERCENT("memoryPercent", "%", false),
        NETWORK_RECEIVED("networkReceivedBytesPerSec", "B/s", true),
        NETWORK_SENT("networkSentBytesPerSec", "B/s", true),
        DISK_READ("diskReadBytesPerSec", "B/s", true),
        DISK_WRITE("diskWriteBytesPerSec", "B/s", true),
        OTHER("other", "", false);

        private final String jsonName;
        private final String unit;
        private final boolean perInterval;

        Kind(String jsonName, String unit, boolean perInterval) {
            this.jsonName = jsonName;
            this.unit = unit;
            this.perInterval = perInterval;
        }

        public String jsonName() {
            return jsonName;
        }

        public String unit() {
            return unit;
        }

        /** Whether the agent reports the amount per collection interval (turned into a per-second rate). */
        public boolean perInterval() {
            return perInterval;
        }
    }

    private static final String[] METRICS = {"CPU", "Memory", "Swap", "Disks I/O", "Network I/O", "TCP", "JMX", "EXEC",
                                             "TAIL"};

    private final String label;
    private final String host;
    private final String metric;
    private final String params;
    private final Kind kind;
    private final double unitBytes;

    private PerfMonLabel(String label, String host, String metric, String params) {
        this.label = label;
        this.host = host;
        this.metric = metric;
        this.params = params;
        String type = "";
        String unit = "";
        for (String token : params.split(":")) {
            String t = token.trim().toLowerCase(Locale.ROOT);
            if (t.startsWith("unit=")) {
                unit = t.substring("unit=".length());
            } else if (!t.contains("=") && type.isEmpty()) {
                type = t;
            }
        }
        this.unitBytes = "kb".equals(unit) ? 1024 : "mb".equals(unit) ? 1024 * 1024
                : "gb".equals(unit) ? 1024.0 * 1024 * 1024 : 1;
        this.kind = classify(metric.toLowerCase(Locale.ROOT), type);
    }

    private static Kind classify(String metric, String type) {
        switch (metric) {
            case "cpu":
                return type.isEmpty() || type.equals("combined") ? Kind.CPU_PERCENT : Kind.OTHER;
            case "memory":
                return type.isEmpty() || type.equals("usedperc") ? Kind.MEMORY_PERCENT : Kind.OTHER;
            case "network i/o":
                return type.isEmpty() || type.equals("bytesrecv") ? Kind.NETWORK_RECEIVED
                        : type.equals("bytessent") ? Kind.NETWORK_SENT : Kind.OTHER;
            case "disks i/o":
                return type.equals("readbytes") ? Kind.DISK_READ : type.equals("writebytes") ? Kind.DISK_WRITE
                        : Kind.OTHER;
            default:
                return Kind.OTHER;
        }
    }

    /**
     * Whether the label is one the PerfMon collector writes: a host, then one of the agent's metrics ({@code
     * "localhost CPU"}, {@code "127.0.0.1 Network I/O bytessent"}), the way a PerfMon CSV is told from a JTL.
     */
    public static boolean isMetric(String label) {
        PerfMonLabel parsed = parse(label);
        if (parsed.host().isEmpty()) {
            return false;
        }
        for (String metric : METRICS) {
            if (metric.equals(parsed.metric())) {
                return true;
            }
        }
        return false;
    }

    public static PerfMonLabel parse(String label) {
        String trimmed = label.trim();
        int space = trimmed.indexOf(' ');
        if (space < 0) {
            return new PerfMonLabel(label, "", trimmed, "");
        }
        String host = trimmed.substring(0, space);
        String rest = trimmed.substring(space + 1).trim();
        for (String metric : METRICS) {
            if (rest.regionMatches(true, 0, metric, 0, metric.length())
                    && (rest.length() == metric.length() || rest.charAt(metric.length()) == ' ')) {
                return new PerfMonLabel(label, host, metric, rest.substring(metric.length()).trim());
            }
        }
        int next = rest.indexOf(' ');
        return next < 0 ? new PerfMonLabel(label, host, rest, "")
                : new PerfMonLabel(label, host, rest.substring(0, next), rest.substring(next + 1).trim());
    }

    public String label() {
        return label;
    }

    public String host() {
        return host;
    }

    public String metric() {
        return metric;
    }

    public String params() {
        return params;
    }

    public Kind kind() {
        return kind;
    }

    /** Bytes per reported unit: 1, 1024 ({@code unit=kb}), 1024^2 ({@code unit=mb}) or 1024^3 ({@code unit=gb}). */
    public double unitBytes() {
        return unitBytes;
    }

    @Override
    public String toString() {
        return label;
    }
}
