package io.dubbostress.cli.remote;

import io.dubbostress.cli.jmeter.JMeterServers;
import io.dubbostress.cli.options.RateSchedule;
import io.dubbostress.cli.UserError;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The load generators of a distributed run ({@code --remote}): JMeter servers ({@code jmeter-server}) that each run
 * the plan, and how this machine (JMeter's client, the "controller") talks RMI with them.
 *
 * <ul>
 * <li><b>Shares.</b> {@code --threads} and {@code --rate} are the run's totals: every server gets the same plan and the
 *     same properties (JMeter's {@code -G}), so each is sent {@code threads / n} threads (threads that do not split
 *     evenly are refused) and the whole rate with {@code load_generators=n}: the plans' Target Rate Schedule paces
 *     {@code rate / n} on each ({@link #ratePerServer}, every step of a schedule).</li>
 * <li><b>RMI callbacks.</b> The servers call the client back (results, "test ended"): the client's
 *     {@code java.rmi.server.hostname} must be an address of this machine that they can reach. By default it is the
 *     address this machine would use to reach the first server (the routing table decides, nothing is sent); with
 *     every server on loopback, 127.0.0.1. {@code client.rmi.localport} pins the callback ports for a firewall.</li>
 * <li><b>SSL.</b> With a keystore (made by {@code stress rmi-keystore}, the way JMeter's {@code create-rmi-keystore.sh}
 *     does, copied to every server) RMI runs over SSL, JMeter's default; without one, over plain sockets
 *     ({@code server.rmi.ssl.disable=true}, which the servers must be started with too).</li>
 * </ul>
 *
 * <pre>
 * RemoteGenerators gens = new RemoteGenerators(List.of("10.0.0.7", "10.0.0.8:1099"), null, 4100, null);
 * gens.threadsPerServer(20);       // 10
 * gens.clientFlags();              // [-Djava.rmi.server.hostname=10.0.0.5, -Jclient.rmi.localport=4100, ...]
 * </pre>
 */
public final class RemoteGenerators implements JMeterServers {

    /** JMeter's default RMI registry port of a jmeter-server. */
    public static final int DEFAULT_PORT = 1099;

    private final List<String> hosts;
    private final String rmiHostname;
    private final int clientLocalPort;
    private final Path keystore;

    /**
     * {@code rmiHostname} null: found from the routing table; {@code clientLocalPort} 0: any; {@code keystore} null:
     * RMI without SSL.
     */
    public RemoteGenerators(List<String> hosts, String rmiHostname, int clientLocalPort, Path keystore) {
        this.hosts = List.copyOf(hosts);
        this.rmiHostname = rmiHostname;
        this.clientLocalPort = clientLocalPort;
        this.keystore = keystore;
    }

    public static RemoteGenerators none() {
        return new RemoteGenerators(List.of(), null, 0, null);
    }

    public boolean isEmpty() {
        return hosts.isEmpty();
    }

    public List<String> hosts() {
        return hosts;
    }

    @Override
    public int count() {
        return hosts.size();
    }

    public Path keystore() {
        return keystore;
    }

    /**
     * Each server's share of the run's {@code threads}; a remainder is refused (a UserError naming both numbers), since
     * every server runs the same plan with the same properties.
     */
    public int threadsPerServer(int threads) {
        if (hosts.isEmpty()) {
            return threads;
        }
        if (threads % hosts.size() != 0 || threads < hosts.size()) {
            throw new UserError("Invalid value for option '--threads': " + threads + " threads cannot be split evenly "
                    + "across " + hosts.size() + " load generators (--remote runs --threads / " + hosts.size()
                    + " threads on each): use a multiple of " + hosts.size());
        }
        return threads / hosts.size();
    }

    /**
     * Each server's share of the run's target rate, every step divided by the number of servers: what the plan's
     * Target Rate Schedule paces there (the run sends the whole rate and {@code load_generators}).
     */
    public RateSchedule ratePerServer(RateSchedule rate) {
        return rate.dividedBy(hosts.size());
    }

    /** The server's address and RMI port: {@code 10.0.0.7} is {@code 10.0.0.7:1099}. */
    static InetSocketAddress addressOf(String hostAndPort) {
        int colon = hostAndPort.lastIndexOf(':');
        if (colon > 0 && hostAndPort.indexOf(':') == colon) {
            return InetSocketAddress.createUnresolved(hostAndPort.substring(0, colon),
                    Integer.parseInt(hostAndPort.substring(colon + 1)));
        }
        return InetSocketAddress.createUnresolved(hostAndPort, DEFAULT_PORT);
    }

    /**
     * The address the servers call this machine back at: the one given, 127.0.0.1 when every server is on loopback,
     * else the local address the routing table picks for the first server.
     */
    public String callbackAddress() {
        if (rmiHostname != null && !rmiHostname.isBlank()) {
            return rmiHostname;
        }
        if (hosts.stream().allMatch(RemoteGenerators::isLoopback)) {
            return "127.0.0.1";
        }
        InetSocketAddress first = addressOf(hosts.get(0));
        try (DatagramSocket probe = new DatagramSocket()) {
            // connecting a datagram socket sends nothing: it only asks the kernel which local address would be used
            probe.connect(InetAddress.getByName(first.getHostString()), first.getPort());
            InetAddress local = probe.getLocalAddress();
            if (local == null || local.isAnyLocalAddress()) {
                throw new UserError("Invalid value for option '--remote': no local address routes to "
                        + first.getHostString() + "; give the address the servers reach this machine at with "
                        + "--rmi-hostname");
            }
            return local.getHostAddress();
        } catch (UnknownHostException e) {
            throw new UserError("Invalid value for option '--remote': unknown host '" + first.getHostString() + "'");
        } catch (IOException e) {
            throw new UserError("Invalid value for option '--remote': no route to " + first.getHostString() + " ("
                    + e.getMessage() + "); give the address the servers reach this machine at with --rmi-hostname");
        }
    }

    /** JVM flags of JMeter's client: where the servers call it back. */
    @Override
    public List<String> clientJvmFlags() {
        return List.of("-Djava.rmi.server.hostname=" + callbackAddress());
    }

    /** JMeter properties of the client: callback ports, SSL or not, and the servers ({@code -R}). */
    @Override
    public List<String> clientJMeterArgs() {
        List<String> args = new ArrayList<>();
        if (clientLocalPort > 0) {
            args.add("-Jclient.rmi.localport=" + clientLocalPort);
        }
        if (keystore == null) {
            args.add("-Jserver.rmi.ssl.disable=true");
        } else {
            args.add("-Jserver.rmi.ssl.keystore.file=" + keystore);
            args.add("-Jserver.rmi.ssl.truststore.file=" + keystore);
        }
        args.add("-R");
        args.add(String.join(",", hosts));
        return args;
    }

    /** Whether a server ({@code host} or {@code host:port}) is on this machine's loopback. */
    static boolean isLoopback(String hostAndPort) {
        String host = hostAndPort.contains(":") ? hostAndPort.substring(0, hostAndPort.lastIndexOf(':')) : hostAndPort;
        return host.startsWith("127.") || "localhost".equalsIgnoreCase(host);
    }
}
