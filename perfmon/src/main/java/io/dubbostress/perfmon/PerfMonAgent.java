package io.dubbostress.perfmon;

import io.dubbostress.perfmon.server.AgentSettings;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

import io.dubbostress.perfmon.host.Host;
import io.dubbostress.perfmon.metrics.MetricFactory;
import io.dubbostress.perfmon.server.AgentServer;

/**
 * A PerfMon server agent: speaks the classic ServerAgent protocol (JMeter's PerfMon Metrics Collector reads it),
 * measures through OSHI, and is safe by default (see {@link AgentSettings}).
 *
 * <pre>{@code
 * try (PerfMonAgent agent = PerfMonAgent.start(AgentSettings.builder().tcpPort(0).build())) {
 *     System.out.println(agent.listeningLine());   // perfmon agent listening on tcp 127.0.0.1:40123 ...
 *     int port = agent.tcpAddress().getPort();
 *     ...                                          // clients connect, send "test", "metrics:cpu\tmemory" ...
 * }
 * }</pre>
 */
public final class PerfMonAgent implements AutoCloseable {

    private final AgentSettings settings;
    private final Host host;
    private final AgentServer server;

    private PerfMonAgent(AgentSettings settings, Host host, AgentServer server) {
        this.settings = settings;
        this.host = host;
        this.server = server;
    }

    /** Starts an agent measuring this machine. */
    public static PerfMonAgent start(AgentSettings settings) throws IOException {
        return start(settings, Host.local());
    }

    /** Starts an agent measuring through the given host view (tests give one with another cgroup root). */
    public static PerfMonAgent start(AgentSettings settings, Host host) throws IOException {
        MetricFactory metrics = new MetricFactory(host, settings.execAllowed(), settings.tailAllowed(),
                settings.jmxAccess());
        return new PerfMonAgent(settings, host, AgentServer.start(settings, metrics));
    }

    public InetSocketAddress tcpAddress() {
        return server.tcpAddress();
    }

    /** Null when UDP is off. */
    public InetSocketAddress udpAddress() {
        return server.udpAddress();
    }

    public int clientCount() {
        return server.clientCount();
    }

    public Host host() {
        return host;
    }

    /** One line saying where the agent listens and what it allows, for the console and logs. */
    public String listeningLine() {
        InetSocketAddress tcp = tcpAddress();
        InetSocketAddress udp = udpAddress();
        StringBuilder line = new StringBuilder("perfmon agent listening on tcp ")
                .append(tcp.getAddress().getHostAddress()).append(':').append(tcp.getPort());
        line.append(udp == null ? " (udp off)" : ", udp " + udp.getAddress().getHostAddress() + ":" + udp.getPort());
        line.append("; exec ").append(settings.execAllowed() ? "ALLOWED" : "off");
        line.append(", tail ").append(settings.tailAllowed().isEmpty() ? "off" : settings.tailAllowed().size() + " file(s)");
        line.append(", shutdown ").append(settings.shutdownAllowed() ? "allowed" : "off");
        if (!settings.jmxAccess().isLoopbackOnly()) {
            line.append(", jmx ").append(settings.jmxAccess().describe());
        }
        line.append("; at most ").append(settings.maxClients()).append(" clients");
        return line.toString();
    }

    public boolean isStopped() {
        return server.isStopped();
    }

    /** Blocks until the agent stops (closed, a remote shutdown it allows, or auto-shutdown). */
    public void awaitStop() throws InterruptedException {
        server.awaitStop();
    }

    public boolean awaitStop(long timeout, TimeUnit unit) throws InterruptedException {
        return server.awaitStop(timeout, unit);
    }

    @Override
    public void close() {
        server.close();
    }
}
