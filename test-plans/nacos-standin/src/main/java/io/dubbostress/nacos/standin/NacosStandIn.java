package io.dubbostress.nacos.standin;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A stand-in for a Nacos 2 server, as far as service registration and discovery go (a Nacos server cannot be built
 * from the registries this machine reaches): the gRPC port (HTTP port + 1000, as the client computes it) and the
 * open HTTP API on 127.0.0.1, namespaces and groups, users with tokens, access keys with signatures. Written from
 * Nacos's published API classes and documentation; no Nacos code runs in it. For tests only.
 *
 * <pre>{@code
 * try (NacosStandIn nacos = NacosStandIn.builder().user("nacos", "s3cret").start()) {
 *     String address = "nacos://" + nacos.address();   // 127.0.0.1:<http port>
 *     ...
 *     nacos.instances("public", "DEFAULT_GROUP", "providers:io.x.Service::");
 * }
 * }</pre>
 *
 * From a shell (a child JVM, e.g. inside a network namespace): {@code java -cp ... io.dubbostress.nacos.standin
 * .NacosStandIn --port 8848 --user nacos:s3cret --access-key AK1:SK1} prints {@code nacos-standin ready http=8848
 * grpc=9848} and serves until killed.
 */
public final class NacosStandIn implements AutoCloseable {

    /** A Nacos client connects to gRPC at the server's HTTP port plus this. */
    public static final int GRPC_PORT_OFFSET = 1000;

    /** An instance as the stand-in holds it. */
    public record RegisteredInstance(String ip, int port, boolean healthy, boolean ephemeral,
            Map<String, String> metadata) {
    }

    private final RequestLog log = new RequestLog();
    private final GrpcEndpoints grpc = new GrpcEndpoints(log);
    private final NamingStore naming = new NamingStore((c, body) -> grpc.push(c, "NotifySubscriberRequest", body));
    private final ConfigStore config = new ConfigStore((c, body) -> grpc.push(c, "ConfigChangeNotifyRequest", body));
    private final OpenApi openApi;
    private final RequestHandler handler;
    private final String host;

    private NacosStandIn(AccessControl access, String host) {
        this.openApi = new OpenApi(naming, access);
        this.handler = new RequestHandler(naming, config, access, log);
        this.host = host;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Users, access keys and the port; {@link #start()} binds. */
    public static final class Builder {
        private final Map<String, String> users = new LinkedHashMap<>();
        private final Map<String, String> accessKeys = new LinkedHashMap<>();
        private int port;
        private String host = "127.0.0.1";

        /** Turns auth on: this user may log in with this password. */
        public Builder user(String name, String password) {
            users.put(name, password);
            return this;
        }

        /** Turns auth on: requests signed with this secret key for this access key are allowed. */
        public Builder accessKey(String accessKey, String secretKey) {
            accessKeys.put(accessKey, secretKey);
            return this;
        }

        /** The HTTP port (gRPC: + 1000); 0 (the default) picks a free pair. */
        public Builder port(int httpPort) {
            this.port = httpPort;
            return this;
        }

        public NacosStandIn start() {
            NacosStandIn standIn = new NacosStandIn(new AccessControl(users, accessKeys), host);
            standIn.bind(port);
            return standIn;
        }
    }

    private void bind(int httpPort) {
        IOException last = null;
        for (int attempt = 0; attempt < 20; attempt++) {
            int port = httpPort != 0 ? httpPort : freePortWithGrpcPair();
            try {
                InetAddress address = InetAddress.getByName(host);
                grpc.start(new InetSocketAddress(address, port + GRPC_PORT_OFFSET), handler, naming, config);
                try {
                    openApi.start(new InetSocketAddress(address, port));
                } catch (IOException e) {
                    grpc.stop();
                    throw e;
                }
                return;
            } catch (IOException e) {
                last = e;
                if (httpPort != 0) {
                    break;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new UncheckedIOException("the Nacos stand-in could not bind its ports", last);
    }

    /** A free port below 64535 whose +1000 looked free too (the bind decides). */
    private static int freePortWithGrpcPair() {
        for (int i = 0; i < 100; i++) {
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                int port = s.getLocalPort();
                if (port + GRPC_PORT_OFFSET > 65535) {
                    continue;
                }
                try (ServerSocket pair = new ServerSocket(port + GRPC_PORT_OFFSET, 1,
                        InetAddress.getLoopbackAddress())) {
                    return port;
                } catch (IOException taken) {
                    // try another
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new IllegalStateException("no free port pair (p, p + 1000) on loopback");
    }

    /** {@code 127.0.0.1:<http port>}: what goes after {@code nacos://}. */
    public String address() {
        return host + ":" + httpPort();
    }

    public int httpPort() {
        return openApi.port();
    }

    public int grpcPort() {
        return grpc.port();
    }

    /** What the stand-in was asked. */
    public RequestLog requests() {
        return log;
    }

    /** Clients connected now (a bi-stream open). */
    public int openConnections() {
        return grpc.openConnections();
    }

    /** The instances of a service now ({@code namespace} "" or "public" is the public one). */
    public List<RegisteredInstance> instances(String namespace, String group, String service) {
        List<RegisteredInstance> out = new ArrayList<>();
        for (NamingStore.InstanceRecord i : naming.instances(NamingStore.ServiceKey.of(namespace, group, service))) {
            out.add(new RegisteredInstance(i.ip(), i.port(), i.healthy(), i.ephemeral(), i.metadata()));
        }
        return out;
    }

    /** The names of a namespace's and group's services. */
    public List<String> services(String namespace, String group) {
        return naming.serviceNames(namespace == null || namespace.isEmpty() ? NamingStore.DEFAULT_NAMESPACE
                : namespace, group == null || group.isEmpty() ? NamingStore.DEFAULT_GROUP : group);
    }

    /** The content of a configuration, null when there is none. */
    public String config(String namespace, String group, String dataId) {
        ConfigStore.Config c = config.get(ConfigStore.ConfigKey.of(namespace, group, dataId));
        return c == null ? null : c.content();
    }

    /** Every configuration: {@code tenant/group/dataId} -> content. */
    public Map<String, String> configs() {
        Map<String, String> out = new LinkedHashMap<>();
        config.all().forEach((k, v) -> out.put(k.tenant() + "/" + k.group() + "/" + k.dataId(), v.content()));
        return out;
    }

    @Override
    public void close() {
        openApi.stop();
        try {
            grpc.stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * {@code --port N} (HTTP; gRPC N + 1000; default 8848), {@code --user name:password}, {@code --access-key
     * ak:sk} (each repeatable), {@code --stopped-port M}: also a {@link StoppedServer} on M and M + 1000 (accepts,
     * never answers). Prints one ready line, then serves until the process is killed.
     */
    public static void main(String[] args) throws InterruptedException {
        Builder builder = builder().port(8848);
        int stoppedPort = -1;
        for (int i = 0; i + 1 < args.length; i += 2) {
            String value = args[i + 1];
            int colon = value.indexOf(':');
            switch (args[i]) {
                case "--port" -> builder.port(Integer.parseInt(value));
                case "--user" -> builder.user(value.substring(0, colon), value.substring(colon + 1));
                case "--access-key" -> builder.accessKey(value.substring(0, colon), value.substring(colon + 1));
                case "--stopped-port" -> stoppedPort = Integer.parseInt(value);
                default -> {
                    System.err.println("usage: NacosStandIn [--port 8848] [--user name:password]"
                            + " [--access-key ak:sk] [--stopped-port M]");
                    System.exit(2);
                }
            }
        }
        NacosStandIn standIn = builder.start();
        Runtime.getRuntime().addShutdownHook(new Thread(standIn::close));
        if (stoppedPort >= 0) {
            StoppedServer stopped = StoppedServer.start(stoppedPort);
            Runtime.getRuntime().addShutdownHook(new Thread(stopped::close));
            System.out.println("nacos-standin stopped server http=" + stopped.httpPort());
        }
        System.out.println("nacos-standin ready http=" + standIn.httpPort() + " grpc=" + standIn.grpcPort());
        System.out.flush();
        Thread.currentThread().join();
    }
}
