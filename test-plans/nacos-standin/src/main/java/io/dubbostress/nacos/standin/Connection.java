package io.dubbostress.nacos.standin;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.DynamicMessage;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One client connection (one gRPC transport: the client's server check, its bi-stream and its requests share it),
 * named by its remote address as the server check tells the client. Server requests (setup ack, pushes) go down its
 * bi-stream with their own request ids.
 */
final class Connection {

    private static final AtomicLong REQUEST_IDS = new AtomicLong();

    private final String id;
    private volatile StreamObserver<DynamicMessage> stream;
    private volatile String clientVersion = "";
    private volatile String tenant = "";

    Connection(String id) {
        this.id = id;
    }

    String id() {
        return id;
    }

    void attach(StreamObserver<DynamicMessage> biStream) {
        this.stream = biStream;
    }

    boolean attached() {
        return stream != null;
    }

    void setup(String version, String namespace) {
        this.clientVersion = version;
        this.tenant = namespace;
    }

    String clientVersion() {
        return clientVersion;
    }

    String tenant() {
        return tenant;
    }

    /** Sends a server request ({@code SetupAckRequest}, {@code NotifySubscriberRequest}, ...) down the bi-stream. */
    void send(String type, ObjectNode body) {
        StreamObserver<DynamicMessage> s = stream;
        if (s == null) {
            return;
        }
        body.put("requestId", Long.toString(REQUEST_IDS.incrementAndGet()));
        DynamicMessage payload = PayloadCodec.encode(Frame.of(type, body));
        synchronized (this) { // a StreamObserver is not thread-safe
            try {
                s.onNext(payload);
            } catch (RuntimeException e) {
                // the stream closed under us: the transport's end cleans the connection up
            }
        }
    }

    void close() {
        StreamObserver<DynamicMessage> s = stream;
        stream = null;
        if (s != null) {
            synchronized (this) {
                try {
                    s.onCompleted();
                } catch (RuntimeException e) {
                    // already gone
                }
            }
        }
    }
}
