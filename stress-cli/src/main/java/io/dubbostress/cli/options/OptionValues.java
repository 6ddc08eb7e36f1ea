package io.dubbostress.cli.options;

import io.dubbostress.report.Durations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * picocli converters for option values that need no type of their own: each says what is wrong with the value in the
 * words picocli puts after {@code Invalid value for option '--x': }.
 *
 * <pre>{@code
 * @Option(names = "--duration", converter = OptionValues.WholeSeconds.class) Duration duration;
 * }</pre>
 */
public final class OptionValues {

    private OptionValues() {
    }

    /** A duration JMeter's thread group can take: whole seconds ({@code 1.5s} would silently become 1s). */
    public static final class WholeSeconds implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            Duration d = DurationConverter.parse(value);
            if (d.toMillis() % 1000 != 0) {
                throw new TypeConversionException(Durations.format(d) + " is not a whole number of seconds (JMeter's "
                        + "thread group counts in seconds)");
            }
            return d;
        }
    }

    /** A scenario's length: whole seconds, at least one. */
    public static final class ScenarioLength implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            Duration d = DurationConverter.parse(value);
            if (d.isZero() || d.isNegative()) {
                throw new TypeConversionException("must be at least 1s");
            }
            return new WholeSeconds().convert(value);
        }
    }

    /** Trials of each scenario ({@code --repeat}): 1 to 100. */
    public static final class Trials implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            int n;
            try {
                n = Integer.parseInt(value.trim());
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not a whole number of trials");
            }
            if (n < 1 || n > 100) {
                throw new TypeConversionException(n + " (1 to 100 trials)");
            }
            return n;
        }
    }

    /** A TCP port, or 0 for any. */
    public static final class PortOrAny implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            int port;
            try {
                port = Integer.parseInt(value.trim());
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not an int");
            }
            if (port < 0 || port > 65535) {
                throw new TypeConversionException(port + " is not a port");
            }
            return port;
        }
    }

    /** A registry URL, e.g. {@code zookeeper://127.0.0.1:2181}. */
    public static final class RegistryUrl implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            String t = value.trim();
            if (!t.matches("[a-z][a-z0-9+.-]*://\\S+")) {
                throw new TypeConversionException("'" + value + "' is not a registry URL (e.g. zookeeper://127.0.0.1:2181)");
            }
            return t;
        }
    }

    /** A JMeter server: {@code host} or {@code host:port}. */
    public static final class ServerHost implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            if (value.trim().isEmpty() || value.contains(" ")) {
                throw new TypeConversionException("'" + value + "' is not a host or host:port");
            }
            if (value.indexOf(':') >= 0 && value.indexOf(':') == value.lastIndexOf(':')) {
                try {
                    HostPort.parse(value); // the port checked now, not when JMeter fails to reach it
                } catch (IllegalArgumentException e) {
                    throw new TypeConversionException(e.getMessage());
                }
            }
            return value;
        }
    }

    /** The RMI keystore: a file that can be read. */
    public static final class KeystoreFile implements ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            Path file = Path.of(value);
            if (!Files.isReadable(file)) {
                throw new TypeConversionException("'" + value + "' is not a readable file (make one with `stress "
                        + "rmi-keystore`)");
            }
            return file.toAbsolutePath();
        }
    }
}
