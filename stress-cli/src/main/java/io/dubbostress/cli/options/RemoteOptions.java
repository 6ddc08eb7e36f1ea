package io.dubbostress.cli.options;

import io.dubbostress.cli.UserError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * A distributed run's options: {@code --remote} and the options that only mean something with it (an
 * {@code @ArgGroup(exclusive = false)}: picocli refuses {@code --rmi-keystore} and the others without {@code --remote}).
 *
 * <pre>{@code
 * @ArgGroup(exclusive = false) RemoteOptions remote;   // null for a local run: RemoteOptions.Remote.NONE
 * stress run --remote 10.0.0.7,10.0.0.8 --rmi-keystore rmi_keystore.jks --generator-agents 10.0.0.7:4444
 * }</pre>
 */
public final class RemoteOptions {

    @Option(names = "--remote", paramLabel = "HOSTS", split = ",", required = true,
            converter = OptionValues.ServerHost.class,
            description = "Run the plans on these JMeter servers (jmeter-server, host or host:port) with JMeter's "
                    + "distributed mode; they need our sampler in their lib/ext.")
    List<String> hosts = new ArrayList<>();

    @Option(names = "--rmi-hostname", paramLabel = "ADDRESS",
            description = "With --remote: the address of this machine the servers call back (JMeter's "
                    + "java.rmi.server.hostname of the client). Default: the local address that routes to the first "
                    + "server.")
    String rmiHostname;

    @Option(names = "--rmi-local-port", paramLabel = "PORT", defaultValue = "0",
            converter = OptionValues.PortOrAny.class,
            description = "With --remote: the first port the servers call back on (JMeter's client.rmi.localport; "
                    + "open it and the next ones in a firewall). Default: 0, any.")
    int rmiLocalPort;

    @Option(names = "--generator-agents", paramLabel = "HOST:PORT", split = ",", converter = HostPort.Converter.class,
            description = "With --remote: PerfMon agents on the load generators (stress agent --bind ADDRESS), read "
                    + "while each scenario runs so the report shows the generators' CPU, memory and network too.")
    List<HostPort> generatorAgents = new ArrayList<>();

    @Option(names = "--rmi-keystore", paramLabel = "FILE", converter = OptionValues.KeystoreFile.class,
            description = "With --remote: RMI over SSL with this keystore (make it with `stress rmi-keystore`, copy it "
                    + "to every server). Default: none, RMI over plain sockets (start the servers with "
                    + "-Jserver.rmi.ssl.disable=true).")
    Path rmiKeystore;

    /** The load generators and how they reach this machine; {@link #NONE}: a local run. */
    public record Remote(List<String> hosts, String rmiHostname, int rmiLocalPort, Path rmiKeystore,
                         List<HostPort> generatorAgents) {

        public static final Remote NONE = new Remote(List.of(), null, 0, null, List.of());

        public boolean isEmpty() {
            return hosts.isEmpty();
        }
    }

    /** The options' values: SSL callbacks cannot share pinned ports. */
    public Remote value() {
        if (rmiKeystore != null && rmiLocalPort != 0) {
            // measured with JMeter 5.6.3: each callback object is exported with its own SSL socket factory on the
            // pinned ports, the second bind fails ("Address already in use") and no server starts the test
            throw new UserError("Invalid value for option '--rmi-local-port': " + rmiLocalPort + " cannot be used with "
                    + "--rmi-keystore: JMeter's SSL callbacks fail to share pinned ports (\"Address already in use\"); "
                    + "with SSL the servers call back on any port of this machine");
        }
        return new Remote(List.copyOf(hosts), rmiHostname, rmiLocalPort, rmiKeystore, List.copyOf(generatorAgents));
    }
}
