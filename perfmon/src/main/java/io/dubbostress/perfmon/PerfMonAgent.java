package io.dubbostress.perfmon;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

import io.dubbostress.perfmon.host.Host;
import io.dubbostress.perfmon.metrics.MetricFactory;
import io.dubbostress.perfmon.metrics.PrometheusExposition;
import io.dubbostress.perfmon.server.AgentServer;
import io.dubbostress.perfmon.server.PrometheusEndpoint;

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
    /** GET /metrics; null unless the settings give a Prometheus port. */
    private final PrometheusEndpoint prometheus;

    private PerfMonAgent(AgentSettings settings, Host host, AgentServer server, PrometheusEndpoint prometheus) {
        this.settings = settings;
        this.host = host;
        this.server = server;
        this.prometheus = prometheus;
    }

    /** Starts an agent measuring this machine. */
    public static PerfMonAgent start(AgentSettings settings) throws IOException {
        return start(settings, Host.local());
    }

    /** Starts an agent measuring through the given host view (tests give one with another cgroup root). */
    public static PerfMonAgent start(AgentSettings settings, Host host) throws IOException {
        MetricFactory metrics = new MetricFactory(host, settings.execAllowed(), settings.tailAllowed(),
                settings.jmxAccess());
        AgentServer server = AgentServer.start(settings, metrics);
        PrometheusEndpoint prometheus = null;
        if (settings.prometheusPort() >= 0) {
            try {
                prometheus = PrometheusEndpoint.start(settings.bindAddress(), settings.prometheusPort(),
                        new PrometheusExposition(host, settings.watchedJvms()));
            } catch (IOException e) {
                server.close();
                throw new IOException("prometheus port " + settings.prometheusPort() + ": " + e.getMessage(), e);
            }
        }
        return new PerfMonAgent(settings, host, server, prometheus);
    }

    public InetSocketAddress tcpAddress() {
        return server.tcpAddress();
    }

    /** Null when UDP is off. */
    public InetSocketAddress udpAddress() {
        return server.udpAddress();
    }

    /** Where {@code GET /metrics} answers; null when it is off. */
    public InetSocketAddress prometheusAddress() {
        return prometheus == null ? null : prometheus.address();
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
        if (prometheus != null) {
            prometheus.close();
        }
        server.close();
    }
}
