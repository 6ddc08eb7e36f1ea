package io.dubbostress.outside.idl.server;

import com.sun.net.httpserver.HttpServer;
import io.dubbostress.outside.idl.EchoMessage;
import io.dubbostress.outside.idl.FailRequest;
import io.dubbostress.outside.idl.Order;
import io.dubbostress.outside.idl.OrderServiceGrpc;
import io.dubbostress.outside.idl.PlaceOrderReply;
import io.dubbostress.outside.idl.SlowRequest;
import io.dubbostress.outside.idl.TrackRequest;
import io.dubbostress.outside.idl.TrackUpdate;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContextBuilder;
import io.grpc.protobuf.services.ProtoReflectionService;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.KeyManagerFactory;

/**
 * The IDL service as a plain grpc-java server writes it (grpc-java's generated {@code OrderServiceImplBase}, the
 * Netty transport, h2c), with gRPC server reflection ({@code ProtoReflectionService}), on 127.0.0.1. With a second port,
 * an HTTP/1.1 server (the JDK's) answers there, for the sampler's "not HTTP/2" case; with a third port, a PKCS12 key
 * store and its password, the same service over TLS there. Prints {@code idl-grpc-server ready port=<port>}.
 *
 * <pre>{@code
 * java -cp outside-idl.jar:<grpc.classpath> io.dubbostress.outside.idl.server.IdlGrpcServer 50052 8081 50053 server.p12 secret
 * }</pre>
 */
public final class IdlGrpcServer {

    private IdlGrpcServer() {
    }

    static final class Service extends OrderServiceGrpc.OrderServiceImplBase {
        @Override
        public void place(Order request, StreamObserver<PlaceOrderReply> responseObserver) {
            responseObserver.onNext(Orders.place(request));
            responseObserver.onCompleted();
        }

        @Override
        public void echo(EchoMessage request, StreamObserver<EchoMessage> responseObserver) {
            responseObserver.onNext(request);
            responseObserver.onCompleted();
        }

        @Override
        public void track(TrackRequest request, StreamObserver<TrackUpdate> responseObserver) {
            for (TrackUpdate update : Orders.track(request)) {
                responseObserver.onNext(update);
            }
            responseObserver.onCompleted();
        }

        @Override
        public void fail(FailRequest request, StreamObserver<EchoMessage> responseObserver) {
            if (request.getCode() == 0) {
                throw new IllegalStateException(Orders.unexpected(request.getMessage()));
            }
            responseObserver.onError(Status.fromCodeValue(request.getCode()).withDescription(request.getMessage())
                    .asRuntimeException());
        }

        @Override
        public void slow(SlowRequest request, StreamObserver<EchoMessage> responseObserver) {
            responseObserver.onNext(Orders.slow(request.getMillis()));
            responseObserver.onCompleted();
        }
    }

    public static void main(String[] args) throws IOException, InterruptedException, GeneralSecurityException {
        if (args.length != 1 && args.length != 2 && args.length != 5) {
            System.err.println("usage: IdlGrpcServer <grpc port> [<HTTP/1.1 port> [<TLS port> <PKCS12 key store>"
                    + " <password>]]");
            System.exit(2);
        }
        int port = Integer.parseInt(args[0]);
        Server server = NettyServerBuilder.forAddress(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
                .addService(new Service())
                .addService(ProtoReflectionService.newInstance())
                .build()
                .start();
        if (args.length == 5) {
            KeyStore keys = KeyStore.getInstance("PKCS12");
            try (java.io.InputStream in = java.nio.file.Files.newInputStream(java.nio.file.Paths.get(args[3]))) {
                keys.load(in, args[4].toCharArray());
            }
            KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            factory.init(keys, args[4].toCharArray());
            NettyServerBuilder.forAddress(new InetSocketAddress(InetAddress.getLoopbackAddress(),
                    Integer.parseInt(args[2])))
                    .sslContext(GrpcSslContexts.configure(SslContextBuilder.forServer(factory)).build())
                    .addService(new Service())
                    .build()
                    .start();
        }
        if (args.length >= 2) {
            HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(),
                    Integer.parseInt(args[1])), 16);
            http.createContext("/", exchange -> {
                byte[] body = "not a gRPC server\n".getBytes(StandardCharsets.US_ASCII);
                exchange.sendResponseHeaders(404, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            });
            http.start();
        }
        System.out.println("idl-grpc-server ready port=" + port);
        System.out.flush();
        server.awaitTermination();
    }
}
