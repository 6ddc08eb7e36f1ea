package io.dubbostress.sampler.idl;

import io.netty.handler.ssl.SslContext;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One {@link GrpcConnection} per target (address and TLS settings) in this JVM, as {@code ReferenceCache} keeps one
 * Dubbo reference per configuration: opened by the first call that needs it (the others wait for it), shared by
 * every thread, opened again when the server closed it or sent GOAWAY, closed by {@link #closeAll()} at test end. A
 * failed connect is not kept: the next call tries again.
 *
 * <pre>{@code
 * GrpcConnection c = GrpcConnections.shared().obtain(address, ssl, "tls:" + caFile, 5000);
 * ...
 * GrpcConnections.shared().closeAll();    // testEnded
 * }</pre>
 */
final class GrpcConnections {

    private static final Logger log = LoggerFactory.getLogger(GrpcConnections.class);
    private static final GrpcConnections SHARED = new GrpcConnections();

    private final ConcurrentMap<String, Slot> slots = new ConcurrentHashMap<>();

    static GrpcConnections shared() {
        return SHARED;
    }

    private static final class Slot {
        private volatile GrpcConnection connection;
    }

    /** The connection for the target, opened if there is none usable; blocks while another thread opens it. */
    GrpcConnection obtain(IdlAddress address, SslContext ssl, String tlsKey, int timeoutMs) {
        String key = address + "|" + tlsKey;
        Slot slot = slots.computeIfAbsent(key, k -> new Slot());
        GrpcConnection ready = slot.connection;
        if (ready != null && ready.usable()) {
            return ready;
        }
        synchronized (slot) {
            GrpcConnection current = slot.connection;
            if (current != null && current.usable()) {
                return current;
            }
            if (current != null) {
                current.close();
                slot.connection = null;
            }
            GrpcConnection connection = GrpcConnection.open(address, ssl, connectTimeoutMs(timeoutMs));
            slot.connection = connection;
            log.info("gRPC connection opened: {}{}", address, ssl == null ? "" : " (TLS)");
            return connection;
        }
    }

    /**
     * How long opening a connection (TCP, TLS, the server's HTTP/2 SETTINGS) may take: the call's timeout, but at least
     * {@value #MIN_CONNECT_MS} ms. The first connection of a JVM also loads netty's HTTP/2 (and TLS) classes: seconds
     * on a loaded machine, which a short call timeout must not turn into a failure (a Dubbo reference's creation is not
     * bounded by the call's timeout either).
     */
    static int connectTimeoutMs(int timeoutMs) {
        return Math.max(timeoutMs, MIN_CONNECT_MS);
    }

    static final int MIN_CONNECT_MS = 10_000;

    /** Closes every connection and the event loops. Idempotent. */
    void closeAll() {
        List<String> keys = new ArrayList<>(slots.keySet());
        int closed = 0;
        for (String key : keys) {
            Slot slot = slots.remove(key);
            if (slot == null) {
                continue;
            }
            synchronized (slot) {
                if (slot.connection != null) {
                    slot.connection.close();
                    slot.connection = null;
                    closed++;
                }
            }
        }
        if (closed > 0) {
            log.info("gRPC connections closed: {}", closed);
        }
        GrpcConnection.shutdownGroup();
    }

}
