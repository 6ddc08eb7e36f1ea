package io.dubbostress.perfmon.protocol;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * One line a client sent: {@code name[:argument]}, as the classic ServerAgent splits it (at the first {@code :},
 * both parts trimmed, so a telnet's {@code \r} does no harm).
 *
 * <pre>{@code
 * Command c = Command.parse("metrics:cpu\tmemory:usedperc\t");
 * c.name();        // "metrics"
 * c.metrics();     // [cpu, memory:usedperc]
 * }</pre>
 */
public final class Command {

    /** The commands of the classic protocol. */
    public enum Name {
        TEST("test"),
        INTERVAL("interval"),
        METRICS("metrics"),
        METRICS_SINGLE("metrics-single"),
        EXIT("exit"),
        SHUTDOWN("shutdown"),
        UDP_TRANSMITTER("udp-transmitter");

        private final String wire;

        Name(String wire) {
            this.wire = wire;
        }

        public String wire() {
            return wire;
        }

        static Name of(String wire) {
            for (Name name : values()) {
                if (name.wire.equals(wire)) {
                    return name;
                }
            }
            return null;
        }
    }

    /** Most metrics one command may carry. */
    public static final int MAX_METRICS = 256;

    private final Name name;
    private final String argument;

    private Command(Name name, String argument) {
        this.name = name;
        this.argument = argument;
    }

    /**
     * Parses a line (without its newline).
     *
     * @throws ProtocolException for an empty line or an unknown command
     */
    public static Command parse(String line) {
        int colon = line.indexOf(':');
        String wire = (colon >= 0 ? line.substring(0, colon) : line).trim();
        String argument = colon >= 0 ? line.substring(colon + 1).trim() : "";
        if (wire.isEmpty()) {
            throw new ProtocolException("empty command (expected one of " + known() + ")");
        }
        Name name = Name.of(wire.toLowerCase(Locale.ROOT));
        if (name == null) {
            throw new ProtocolException("unknown command '" + ErrorReply.excerpt(wire) + "' (expected one of "
                    + known() + ")");
        }
        return new Command(name, argument);
    }

    private static String known() {
        StringBuilder names = new StringBuilder();
        for (Name name : Name.values()) {
            names.append(names.length() == 0 ? "" : ", ").append(name.wire);
        }
        return names.toString();
    }

    public Name name() {
        return name;
    }

    /** What follows the first {@code :}, trimmed; "" when there is none. */
    public String argument() {
        return argument;
    }

    /** The TAB-separated metrics of a {@code metrics} or {@code metrics-single} command, parsed. */
    public List<MetricSpec> metrics() {
        List<MetricSpec> specs = new ArrayList<>();
        for (String part : argument.split("\t")) {
            if (part.trim().isEmpty()) {
                continue;
            }
            if (specs.size() == MAX_METRICS) {
                throw new ProtocolException("more than " + MAX_METRICS + " metrics in one command");
            }
            specs.add(MetricSpec.parse(part));
        }
        if (specs.isEmpty()) {
            throw new ProtocolException("no metrics given (example: " + name.wire + ":cpu\\tmemory:usedperc)");
        }
        return Collections.unmodifiableList(specs);
    }

    /**
     * The seconds of an {@code interval} command. The classic takes whole seconds; fractions down to 0.1 s are
     * accepted too.
     */
    public double intervalSeconds() {
        double seconds;
        try {
            seconds = Double.parseDouble(argument);
        } catch (NumberFormatException e) {
            throw new ProtocolException("interval '" + ErrorReply.excerpt(argument)
                    + "' is not a number of seconds (example: interval:1)");
        }
        if (Double.isNaN(seconds) || seconds < 0.1 || seconds > 3600) {
            throw new ProtocolException("interval " + ErrorReply.excerpt(argument)
                    + " is out of range (0.1 to 3600 seconds)");
        }
        return seconds;
    }
}
