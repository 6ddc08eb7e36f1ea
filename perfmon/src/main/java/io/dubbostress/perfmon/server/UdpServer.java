package io.dubbostress.perfmon.server;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.dubbostress.perfmon.protocol.ErrorReply;
import io.dubbostress.perfmon.protocol.LineAssembler;

/**
 * The classic protocol over UDP (off unless asked for: a datagram's sender can be forged, so a stream could be aimed
 * at a host that never asked). Each sender address is a session; its commands run on a thread of its own, so one
 * peer's {@code metrics-single} never delays another's. A peer that streams nothing and sends nothing for the idle
 * timeout is forgotten; {@code exit} forgets it at once.
 */
final class UdpServer {

    private static final Logger LOG = LoggerFactory.getLogger(UdpServer.class);
    /** Most commands queued for one peer; beyond, datagrams are dropped (UDP may drop anyway). */
    private static final int MAX_QUEUED = 64;

    private final DatagramSocket socket;
    private final SessionHost host;
    private final Clients clients;
    private final Map<SocketAddress, Peer> peers = new HashMap<>();
    private final Thread receiver;
    private volatile boolean stopped;

    UdpServer(InetSocketAddress address, SessionHost host, Clients clients) throws IOException {
        this.socket = new DatagramSocket(null);
        this.socket.setReuseAddress(true);
        this.socket.bind(address);
        this.socket.setSoTimeout(1000);
        this.host = host;
        this.clients = clients;
        this.receiver = new Thread(this::receiveLoop, "perfmon-udp");
        this.receiver.setDaemon(true);
    }

    void start() {
        receiver.start();
    }

    InetSocketAddress address() {
        return (InetSocketAddress) socket.getLocalSocketAddress();
    }

    private void receiveLoop() {
        byte[] buffer = new byte[65536];
        while (!stopped) {
            DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
            try {
                socket.receive(packet);
            } catch (SocketTimeoutException quiet) {
                expireIdle();
                continue;
            } catch (IOException e) {
                if (!stopped) {
                    LOG.error("receiving UDP failed; UDP stops", e);
                }
                return;
            }
            byte[] bytes = java.util.Arrays.copyOfRange(packet.getData(), packet.getOffset(),
                    packet.getOffset() + packet.getLength());
            Peer peer = peerFor(packet.getSocketAddress());
            if (peer != null) {
                peer.receive(bytes);
            }
        }
    }

    private synchronized Peer peerFor(SocketAddress address) {
        Peer peer = peers.get(address);
        if (peer == null) {
            peer = new Peer(address);
            Clients.Admission admission = clients.admit(peer.session);
            if (!admission.admitted()) {
                clients.logRefusal(peer.peer());
                peer.sendQuietly(ErrorReply.of("", "too many clients (this agent serves at most " + clients.max() + ")"));
                peer.commands.shutdownNow();
                return null;
            }
            peers.put(address, peer);
            LOG.info("{}: first datagram ({} client(s))", peer.peer(), clients.count());
            if (admission.evicted() != null) {
                admission.evicted().evict(peer.peer());
            }
        }
        return peer;
    }

    private void expireIdle() {
        long idleNanos = host.settings().idleTimeoutMillis() * 1_000_000L;
        List<Peer> idle = new ArrayList<>();
        synchronized (this) {
            for (Peer peer : peers.values()) {
                if (!peer.session.streaming() && System.nanoTime() - peer.lastDatagramNanos > idleNanos) {
                    idle.add(peer);
                }
            }
        }
        for (Peer peer : idle) {
            LOG.info("{}: idle, forgotten", peer.peer());
            peer.session.close();
        }
    }

    private synchronized void forget(Peer peer) {
        peers.remove(peer.address);
    }

    void stop() {
        stopped = true;
        socket.close();
    }

    /** One sender address: its session, its command thread, its partial line. */
    private final class Peer implements ClientOutput {
        private final SocketAddress address;
        private final String peer;
        private final ClientSession session;
        private final ExecutorService commands;
        private final LineAssembler lines = new LineAssembler(host.settings().maxLineBytes());
        private volatile long lastDatagramNanos = System.nanoTime();

        Peer(SocketAddress address) {
            this.address = address;
            InetSocketAddress inet = (InetSocketAddress) address;
            this.peer = "udp " + inet.getAddress().getHostAddress() + ":" + inet.getPort();
            this.session = new ClientSession(this, host);
            this.commands = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
                    new LinkedBlockingQueue<>(MAX_QUEUED), runnable -> {
                        Thread thread = new Thread(runnable, "perfmon-" + peer);
                        thread.setDaemon(true);
                        return thread;
                    });
        }

        void receive(byte[] bytes) {
            lastDatagramNanos = System.nanoTime();
            try {
                commands.execute(() -> lines.feed(bytes, 0, bytes.length, new LineAssembler.Listener() {
                    @Override
                    public void line(String line) {
                        session.onLine(line);
                    }

                    @Override
                    public void overlong(long lengthSoFar) {
                        session.onOverlong(lengthSoFar);
                    }
                }));
            } catch (RejectedExecutionException e) {
                LOG.debug("{}: commands queue full, datagram dropped", peer);
            }
        }

        @Override
        public void send(String text) throws IOException {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            socket.send(new DatagramPacket(bytes, bytes.length, address));
        }

        void sendQuietly(String text) {
            try {
                send(text);
            } catch (IOException e) {
                LOG.debug("{}: send failed", peer, e);
            }
        }

        @Override
        public void close() {
            forget(this);
            commands.shutdown();
        }

        @Override
        public String peer() {
            return peer;
        }
    }
}
