package io.dubbostress.perfmon.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.dubbostress.perfmon.protocol.ErrorReply;
import io.dubbostress.perfmon.protocol.LineAssembler;

/**
 * Accepts TCP clients on the bind address and gives each a reader thread (its commands) and, once it streams, a
 * stream thread. A client beyond the cap takes the place of a long-silent one ({@link Clients}) or, when there is
 * none, gets one error line and is closed; a client that streams nothing and sends nothing for the idle timeout is
 * closed.
 */
final class TcpServer {

    private static final Logger LOG = LoggerFactory.getLogger(TcpServer.class);

    private final ServerSocket server;
    private final SessionHost host;
    private final Clients clients;
    private final Thread acceptor;
    private volatile boolean stopped;

    TcpServer(InetSocketAddress address, SessionHost host, Clients clients) throws IOException {
        this.server = new ServerSocket();
        this.server.setReuseAddress(true);
        this.server.bind(address, 50);
        this.host = host;
        this.clients = clients;
        this.acceptor = new Thread(this::acceptLoop, "perfmon-tcp-accept");
        this.acceptor.setDaemon(true);
    }

    void start() {
        acceptor.start();
    }

    InetSocketAddress address() {
        return (InetSocketAddress) server.getLocalSocketAddress();
    }

    private void acceptLoop() {
        while (!stopped) {
            Socket socket;
            try {
                socket = server.accept();
            } catch (IOException e) {
                if (!stopped) {
                    LOG.error("accepting TCP clients failed; no new clients", e);
                }
                return;
            }
            try {
                serve(socket);
            } catch (IOException | RuntimeException e) {
                LOG.warn("could not serve {}: {}", socket.getRemoteSocketAddress(), e.toString());
                closeQuietly(socket);
            }
        }
    }

    private void serve(Socket socket) throws IOException {
        socket.setTcpNoDelay(true);
        socket.setKeepAlive(true);
        TcpOutput output = new TcpOutput(socket);
        ClientSession session = new ClientSession(output, host);
        Clients.Admission admission = clients.admit(session);
        if (!admission.admitted()) {
            clients.logRefusal(output.peer());
            output.send(ErrorReply.of("", "too many clients (this agent serves at most " + clients.max() + ")"));
            output.close();
            return;
        }
        LOG.info("{}: connected ({} client(s))", output.peer(), clients.count());
        if (admission.evicted() != null) {
            admission.evicted().evict(output.peer());
        }
        Thread reader = new Thread(() -> read(socket, session), "perfmon-tcp " + output.peer());
        reader.setDaemon(true);
        reader.start();
    }

    private void read(Socket socket, ClientSession session) {
        LineAssembler lines = new LineAssembler(host.settings().maxLineBytes());
        LineAssembler.Listener listener = new LineAssembler.Listener() {
            @Override
            public void line(String line) {
                session.onLine(line);
            }

            @Override
            public void overlong(long lengthSoFar) {
                session.onOverlong(lengthSoFar);
            }
        };
        long idleNanos = host.settings().idleTimeoutMillis() * 1_000_000L;
        byte[] buffer = new byte[8192];
        try {
            socket.setSoTimeout((int) Math.min(1000, host.settings().idleTimeoutMillis()));
            InputStream in = socket.getInputStream();
            while (!session.isClosed()) {
                int n;
                try {
                    n = in.read(buffer);
                } catch (SocketTimeoutException quiet) {
                    if (!session.streaming() && System.nanoTime() - session.lastCommandNanos() > idleNanos) {
                        LOG.info("{}: idle for {} ms, closed", session.peer(), host.settings().idleTimeoutMillis());
                        break;
                    }
                    continue;
                }
                if (n < 0) {
                    LOG.info("{}: disconnected", session.peer());
                    break;
                }
                lines.feed(buffer, 0, n, listener);
            }
        } catch (IOException e) {
            if (!session.isClosed()) {
                LOG.info("{}: connection failed: {}", session.peer(), e.getMessage());
            }
        } finally {
            session.close();
        }
    }

    void stop() {
        stopped = true;
        try {
            server.close();
        } catch (IOException e) {
            LOG.debug("closing the TCP listener", e);
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // nothing left to do
        }
    }

    /** Writes to one TCP client; one writer at a time. */
    private static final class TcpOutput implements ClientOutput {
        private final Socket socket;
        private final OutputStream out;
        private final String peer;

        TcpOutput(Socket socket) throws IOException {
            this.socket = socket;
            this.out = socket.getOutputStream();
            InetSocketAddress remote = (InetSocketAddress) socket.getRemoteSocketAddress();
            this.peer = "tcp " + remote.getAddress().getHostAddress() + ":" + remote.getPort();
        }

        @Override
        public void send(String text) throws IOException {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            synchronized (this) {
                out.write(bytes);
                out.flush();
            }
        }

        @Override
        public void close() {
            closeQuietly(socket);
        }

        @Override
        public String peer() {
            return peer;
        }
    }
}
