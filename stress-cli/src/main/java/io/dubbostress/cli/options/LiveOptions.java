package io.dubbostress.cli.options;

import java.net.InetAddress;
import java.net.UnknownHostException;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * The live page's options ({@code stress run} serves it by default): {@code --no-live}, or where to serve it
 * ({@code --live-port}, {@code --live-bind}); picocli refuses {@code --no-live} with either of the others (an
 * {@code @ArgGroup(exclusive = true)} of {@code --no-live} and the {@link Address} group, which {@code stress live}
 * takes alone).
 *
 * <pre>{@code
 * @ArgGroup(exclusive = true) LiveOptions live;        // null when none is given: LiveOptions.Live.DEFAULT
 * stress run --live-port 8090 --live-bind 0.0.0.0
 * stress run --no-live
 * }</pre>
 */
public final class LiveOptions {

    /** The port tried first when {@code --live-port} is not given; when it is taken, any free port. */
    public static final int DEFAULT_PORT = 7070;

    @Option(names = "--no-live", required = true,
            description = "Serve no live page while the run goes (it reads the agent once a second, and the JTL and "
                    + "GC logs as they grow while someone watches).")
    boolean noLive;

    @ArgGroup(exclusive = false)
    Address address;

    /** Where the page is served: {@code --live-port}, {@code --live-bind}. */
    public static final class Address {

        @Option(names = "--live-port", paramLabel = "PORT", converter = OptionValues.PortOrAny.class,
                description = "The live page's port (0: any free port). Default: " + DEFAULT_PORT + ", or any free "
                        + "port when that one is taken; the address is printed when the run starts.")
        Integer port;

        @Option(names = "--live-bind", paramLabel = "ADDRESS", converter = BindAddress.class,
                description = "The address the live page listens on. Default: 127.0.0.1 (this machine only); "
                        + "0.0.0.0 lets anyone who reaches this machine watch the run.")
        String bind;

        /** The values, defaults filled in. */
        public Live value() {
            return new Live(true, bind == null ? Live.LOOPBACK : bind, port == null ? DEFAULT_PORT : port,
                    port == null);
        }
    }

    /**
     * Whether the page is served, where, and whether another port may be taken when {@code port} is busy (the
     * default port: yes; a port the user gave: no).
     */
    public record Live(boolean on, String bind, int port, boolean anyPortIfTaken) {

        public static final String LOOPBACK = "127.0.0.1";
        public static final Live DEFAULT = new Live(true, LOOPBACK, DEFAULT_PORT, true);
        public static final Live OFF = new Live(false, LOOPBACK, 0, false);
    }

    /** The options' values. */
    public Live value() {
        if (noLive) {
            return Live.OFF;
        }
        return address == null ? Live.DEFAULT : address.value();
    }

    /** {@link #value()} of a group picocli left null (no option of it given). */
    public static Live valueOf(LiveOptions options) {
        return options == null ? Live.DEFAULT : options.value();
    }

    /** An address of this machine to listen on, as given: a literal IP address (a host name is not looked up). */
    public static final class BindAddress implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            String t = value.trim();
            if (!t.matches("[0-9.]+|\\[?[0-9a-fA-F:]+\\]?")) {
                throw new TypeConversionException("'" + value + "' is not an IP address (e.g. 127.0.0.1, 0.0.0.0, ::1)");
            }
            try {
                InetAddress.getByName(t); // literal only: no lookup
            } catch (UnknownHostException e) {
                throw new TypeConversionException("'" + value + "' is not an IP address (e.g. 127.0.0.1, 0.0.0.0, ::1)");
            }
            return t;
        }
    }
}
