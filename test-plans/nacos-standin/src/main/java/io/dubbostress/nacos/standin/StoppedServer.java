package io.dubbostress.nacos.standin;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/**
 * A Nacos server that is stopped ({@code kill -STOP}, a long GC pause, a hung host) as a client sees it: the kernel
 * still accepts connections on the HTTP and gRPC ports (the listen backlog), and nothing ever answers: no HTTP status,
 * no HTTP/2 SETTINGS frame, no reset (a stopped process's listening socket keeps completing handshakes into its
 * backlog): requests hang until the client's own timeout. For tests only.
 *
 * <pre>{@code
 * try (StoppedServer stopped = StoppedServer.start(0)) {
 *     String address = "nacos://127.0.0.1:" + stopped.httpPort();
 * }
 * }</pre>
 */
public final class StoppedServer implements AutoCloseable {

    private final List<ServerSocket> listeners = new ArrayList<>();
    private final List<Socket> held = new ArrayList<>();

    private StoppedServer() {
    }

    /** Listens on {@code httpPort} (0: a free one) and on it + 1000, accepting and never answering. */
    public static StoppedServer start(int httpPort) {
        StoppedServer server = new StoppedServer();
        try {
            InetAddress loopback = InetAddress.getByName("127.0.0.1");
            ServerSocket http = httpPort == 0 ? freePair(loopback) : new ServerSocket(httpPort, 50, loopback);
            server.listeners.add(http);
            server.listeners.add(new ServerSocket(http.getLocalPort() + NacosStandIn.GRPC_PORT_OFFSET, 50, loopback));
        } catch (IOException e) {
            server.close();
            throw new UncheckedIOException("the stopped server could not bind", e);
        }
        for (ServerSocket listener : server.listeners) {
            Thread accept = new Thread(() -> server.hold(listener), "stopped-server-" + listener.getLocalPort());
            accept.setDaemon(true);
            accept.start();
        }
        return server;
    }

    private static ServerSocket freePair(InetAddress loopback) throws IOException {
        for (int i = 0; i < 100; i++) {
            ServerSocket s = new ServerSocket(0, 50, loopback);
            if (s.getLocalPort() + NacosStandIn.GRPC_PORT_OFFSET <= 65535) {
                try (ServerSocket probe = new ServerSocket(s.getLocalPort() + NacosStandIn.GRPC_PORT_OFFSET, 1,
                        loopback)) {
                    return s;
                } catch (IOException taken) {
                    // another
                }
            }
            s.close();
        }
        throw new IOException("no free port pair (p, p + 1000) on loopback");
    }

    private void hold(ServerSocket listener) {
        while (!listener.isClosed()) {
            try {
                Socket socket = listener.accept();
                synchronized (held) {
                    held.add(socket);
                }
            } catch (IOException e) {
                return;
            }
        }
    }

    public int httpPort() {
        return listeners.get(0).getLocalPort();
    }

    /** Connections accepted so far (each never answered). */
    public int accepted() {
        synchronized (held) {
            return held.size();
        }
    }

    @Override
    public void close() {
        for (ServerSocket listener : listeners) {
            try {
                listener.close();
            } catch (IOException ignored) {
                // closing
            }
        }
        synchronized (held) {
            for (Socket socket : held) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // closing
                }
            }
            held.clear();
        }
    }
}
