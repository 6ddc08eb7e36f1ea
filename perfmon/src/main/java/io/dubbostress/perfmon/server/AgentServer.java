package io.dubbostress.perfmon.server;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.dubbostress.perfmon.metrics.MetricFactory;

/**
 * The listening part of an agent: TCP (and UDP when asked for) on the bind address, the sessions under their cap,
 * and the way the agent stops (closed by its owner, a {@code shutdown} it allows, or the last client leaving with
 * auto-shutdown). {@link io.dubbostress.perfmon.PerfMonAgent} is the public face of it.
 */
public final class AgentServer implements SessionHost, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(AgentServer.class);

    private final AgentSettings settings;
    private final MetricFactory metrics;
    private final Clients clients;
    private final TcpServer tcp;
    private final UdpServer udp;
    private final CountDownLatch stopped = new CountDownLatch(1);

    private AgentServer(AgentSettings settings, MetricFactory metrics) throws IOException {
        this.settings = settings;
        this.metrics = metrics;
        this.clients = new Clients(settings.maxClients(), settings.evictableAfterMillis());
        this.tcp = new TcpServer(new InetSocketAddress(settings.bindAddress(), settings.tcpPort()), this, clients);
        UdpServer udpServer = null;
        if (settings.udpPort() > 0) {
            int port = settings.udpPort();
            try {
                udpServer = new UdpServer(new InetSocketAddress(settings.bindAddress(), port), this, clients);
            } catch (IOException e) {
                tcp.stop();
                throw new IOException("cannot listen on udp " + settings.bindAddress().getHostAddress() + ":" + port
                        + ": " + e.getMessage(), e);
            }
        }
        this.udp = udpServer;
    }

    /**
     * Binds and starts serving.
     *
     * @throws IOException when the address cannot be bound (in use, not of this host)
     */
    public static AgentServer start(AgentSettings settings, MetricFactory metrics) throws IOException {
        AgentServer server = new AgentServer(settings, metrics);
        server.tcp.start();
        if (server.udp != null) {
            server.udp.start();
        }
        return server;
    }

    public InetSocketAddress tcpAddress() {
        return tcp.address();
    }

    /** Null when UDP is off. */
    public InetSocketAddress udpAddress() {
        return udp == null ? null : udp.address();
    }

    public int clientCount() {
        return clients.count();
    }

    @Override
    public AgentSettings settings() {
        return settings;
    }

    @Override
    public MetricFactory metrics() {
        return metrics;
    }

    @Override
    public void shutdownRequested(ClientSession by) {
        LOG.info("stopping: shutdown from {}", by.peer());
        Thread stopper = new Thread(this::close, "perfmon-shutdown");
        stopper.setDaemon(true);
        stopper.start();
    }

    @Override
    public void closed(ClientSession session) {
        boolean last = clients.remove(session);
        LOG.info("{}: session ended ({} client(s))", session.peer(), clients.count());
        if (last && settings.autoShutdown()) {
            LOG.info("stopping: the last client has gone (auto-shutdown)");
            close();
        }
    }

    public boolean isStopped() {
        return stopped.getCount() == 0;
    }

    /** Waits until the agent has stopped. */
    public void awaitStop() throws InterruptedException {
        stopped.await();
    }

    public boolean awaitStop(long timeout, TimeUnit unit) throws InterruptedException {
        return stopped.await(timeout, unit);
    }

    /** Stops listening and ends every session. Idempotent. */
    @Override
    public void close() {
        synchronized (this) {
            if (isStopped()) {
                return;
            }
            tcp.stop();
            if (udp != null) {
                udp.stop();
            }
            stopped.countDown();
        }
        for (ClientSession session : clients.snapshot()) {
            session.close();
        }
    }
}
