package io.dubbostress.cli.options;

import io.dubbostress.cli.UserError;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code host:port} as an option value, checked: {@code --provider 10.0.0.5:20880}. {@link Converter} is picocli's
 * side ({@code converter = HostPort.Converter.class}); {@link #parse(String, String)} names the option itself.
 *
 * <pre>{@code
 * HostPort agent = HostPort.parse("--agent", "10.0.0.5:4444");   // agent.host, agent.port
 * }</pre>
 */
public final class HostPort {

    public final String host;
    public final int port;

    private HostPort(String host, int port) {
        this.host = host;
        this.port = port;
    }

    /** {@code text} as host:port; an {@link IllegalArgumentException} saying what is wrong with it otherwise. */
    public static HostPort parse(String text) {
        String t = text.trim();
        int colon = t.lastIndexOf(':');
        if (colon <= 0 || colon == t.length() - 1) {
            throw new IllegalArgumentException("'" + text + "' is not HOST:PORT");
        }
        int port;
        try {
            port = Integer.parseInt(t.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' has no numeric port");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not 1-65535");
        }
        return new HostPort(t.substring(0, colon), port);
    }

    /** As {@link #parse(String)}, a {@link UserError} naming {@code option} when the text is not host:port. */
    public static HostPort parse(String option, String text) {
        try {
            return parse(text);
        } catch (IllegalArgumentException e) {
            throw new UserError("Invalid value for option '" + option + "': " + e.getMessage());
        }
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }

    /** picocli converter: {@code Invalid value for option '--agent': port 70000 is not 1-65535}. */
    public static final class Converter implements ITypeConverter<HostPort> {
        @Override
        public HostPort convert(String value) {
            try {
                return parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
