package io.dubbostress.outside.interop;

import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.HealthStatusManager;
import io.grpc.protobuf.services.ProtoReflectionService;
import io.grpc.testing.integration.TestServiceImpl;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * grpc-java's interop {@code grpc.testing.TestService} ({@code TestServiceImpl}, unmodified, with the interceptors its
 * own {@code TestServiceServer} adds), plus server reflection and the standard {@code grpc.health.v1.Health} service
 * (serving), plain text on 127.0.0.1. Prints {@code interop-server ready port=N} and serves until killed.
 *
 * <pre>{@code
 * java -cp outside-grpc-interop.jar:<target/interop.classpath> io.dubbostress.outside.interop.InteropServer 50051
 * }</pre>
 */
public final class InteropServer {

    private InteropServer() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1 || !args[0].matches("[0-9]{1,5}")) {
            System.err.println("usage: InteropServer <port>");
            System.exit(2);
        }
        ScheduledExecutorService executor = Executors.newScheduledThreadPool(2);
        HealthStatusManager health = new HealthStatusManager();
        Server server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", Integer.parseInt(args[0])))
                .addService(ServerInterceptors.intercept(new TestServiceImpl(executor),
                        TestServiceImpl.interceptors()))
                .addService(ProtoReflectionService.newInstance())
                .addService(health.getHealthService())
                .build()
                .start();
        health.setStatus("", io.grpc.health.v1.HealthCheckResponse.ServingStatus.SERVING);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.shutdownNow();
            executor.shutdownNow();
        }));
        System.out.println("interop-server ready port=" + server.getPort());
        System.out.flush();
        server.awaitTermination();
    }
}
