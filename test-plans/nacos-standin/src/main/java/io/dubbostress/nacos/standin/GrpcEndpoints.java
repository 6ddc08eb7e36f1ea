package io.dubbostress.nacos.standin;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.DynamicMessage;
import io.grpc.Attributes;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.ServerTransportFilter;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The gRPC side of the stand-in (a Nacos 2 server listens on its HTTP port + 1000): the unary {@code Request/request}
 * (answered by {@link RequestHandler}) and the bidirectional {@code BiRequestStream/requestBiStream} (the client's
 * {@code ConnectionSetupRequest}, answered with a {@code SetupAckRequest}; the server's pushes; the client's replies
 * to them). A connection is one transport: its id is the client's address, and its end removes its ephemeral
 * instances, subscriptions and listeners.
 */
final class GrpcEndpoints {

    private static final Context.Key<String> CONNECTION = Context.key("nacos-standin-connection");
    private static final MethodDescriptor.Marshaller<DynamicMessage> MARSHALLER =
            ProtoUtils.marshaller(PayloadCodec.prototype());

    private final Map<String, Connection> connections = new ConcurrentHashMap<>();
    private final RequestLog log;
    private RequestHandler handler;
    private NamingStore naming;
    private ConfigStore config;
    private Server server;

    GrpcEndpoints(RequestLog log) {
        this.log = log;
    }

    /** Pushes a server request to a connection (what the stores call on a change). */
    void push(String connection, String type, ObjectNode body) {
        Connection c = connections.get(connection);
        if (c != null) {
            c.send(type, body);
        }
    }

    void start(InetSocketAddress address, RequestHandler requests, NamingStore namingStore, ConfigStore configStore)
            throws IOException {
        this.handler = requests;
        this.naming = namingStore;
        this.config = configStore;
        MethodDescriptor<DynamicMessage, DynamicMessage> request = MethodDescriptor
                .<DynamicMessage, DynamicMessage>newBuilder().setType(MethodDescriptor.MethodType.UNARY)
                .setFullMethodName("Request/request").setRequestMarshaller(MARSHALLER)
                .setResponseMarshaller(MARSHALLER).build();
        MethodDescriptor<DynamicMessage, DynamicMessage> biStream = MethodDescriptor
                .<DynamicMessage, DynamicMessage>newBuilder().setType(MethodDescriptor.MethodType.BIDI_STREAMING)
                .setFullMethodName("BiRequestStream/requestBiStream").setRequestMarshaller(MARSHALLER)
                .setResponseMarshaller(MARSHALLER).build();
        ServerServiceDefinition requestService = ServerServiceDefinition.builder("Request")
                .addMethod(request, ServerCalls.asyncUnaryCall(this::request)).build();
        ServerServiceDefinition streamService = ServerServiceDefinition.builder("BiRequestStream")
                .addMethod(biStream, ServerCalls.asyncBidiStreamingCall(this::biStream)).build();
        ServerInterceptor connectionId = new ServerInterceptor() {
            @Override
            public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                    ServerCallHandler<Q, R> next) {
                String id = idOf(call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR));
                return Contexts.interceptCall(Context.current().withValue(CONNECTION, id), call, headers, next);
            }
        };
        server = NettyServerBuilder.forAddress(address)
                .addService(ServerInterceptors.intercept(requestService, connectionId))
                .addService(ServerInterceptors.intercept(streamService, connectionId))
                .addTransportFilter(new ServerTransportFilter() {
                    @Override
                    public void transportTerminated(Attributes attributes) {
                        closed(idOf(attributes.get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR)));
                    }
                })
                .build().start();
    }

    int port() {
        return ((InetSocketAddress) server.getListenSockets().get(0)).getPort();
    }

    private static String idOf(SocketAddress remote) {
        if (remote instanceof InetSocketAddress a) {
            return "standin_" + a.getAddress().getHostAddress() + "_"
                    + a.getPort();
        }
        return "standin_" + remote;
    }

    private void request(DynamicMessage payload, StreamObserver<DynamicMessage> reply) {
        String id = CONNECTION.get();
        connections.computeIfAbsent(id, Connection::new);
        Frame answer;
        try {
            answer = handler.handle(PayloadCodec.decode(payload), id);
        } catch (RuntimeException e) {
            answer = RequestHandler.error("ErrorResponse", 500, "the Nacos stand-in failed: " + e);
        }
        reply.onNext(PayloadCodec.encode(answer));
        reply.onCompleted();
    }

    private StreamObserver<DynamicMessage> biStream(StreamObserver<DynamicMessage> toClient) {
        String id = CONNECTION.get();
        Connection connection = connections.computeIfAbsent(id, Connection::new);
        connection.attach(toClient);
        return new StreamObserver<>() {
            @Override
            public void onNext(DynamicMessage payload) {
                Frame frame = PayloadCodec.decode(payload);
                log.received(frame.type(), "anonymous", frame.body());
                if ("ConnectionSetupRequest".equals(frame.type())) {
                    connection.setup(frame.text("clientVersion"), frame.text("tenant"));
                    ObjectNode ack = Json.object();
                    ack.putObject("abilityTable");
                    ack.put("module", "internal");
                    connection.send("SetupAckRequest", ack);
                }
                // anything else on the stream is the client's answer to a push (NotifySubscriberResponse, ...)
            }

            @Override
            public void onError(Throwable t) {
                closed(id);
            }

            @Override
            public void onCompleted() {
                closed(id);
            }
        };
    }

    private void closed(String id) {
        Connection c = connections.remove(id);
        if (c != null) {
            c.close();
        }
        naming.connectionClosed(id);
        config.connectionClosed(id);
    }

    /** Connections with a bi-stream open now. */
    int openConnections() {
        return (int) connections.values().stream().filter(Connection::attached).count();
    }

    void stop() throws InterruptedException {
        if (server != null) {
            for (Connection c : connections.values()) {
                c.close();
            }
            server.shutdownNow();
            server.awaitTermination(10, TimeUnit.SECONDS);
        }
    }
}
