package io.dubbostress.sampler.runtime;

import io.dubbostress.sampler.failure.RegistryException;
import io.dubbostress.sampler.failure.RegistryFailure;
import io.dubbostress.sampler.failure.Secrets;
import io.dubbostress.sampler.nacos.NacosOpenApi;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.rpc.RpcException;

/**
 * One look at a Nacos server before Dubbo creates anything for it, within the sample's timeout and outside every
 * Dubbo lock: the server's gRPC port (HTTP port + 1000, where its client connects) takes a connection, its HTTP API
 * answers, and it logs the registry user in ({@code POST /nacos/v1/auth/users/login}, what the Nacos client itself
 * does first). The first server in the address (or backup) that passes is enough.
 * <p>
 * Why: Dubbo 3.3 checks a Nacos server itself {@code nacos.retry + 1} times ({@code getPositiveParameter}: 0 means its
 * default 10) while holding its JVM-wide registry lock ({@code AbstractRegistryFactory.getRegistry}): a server that was
 * down or refused the user cost every sample 5-27 s and held every other thread's registry creation behind it. Once
 * this check passes, Dubbo makes its clients once without checking again ({@code nacos.check=false}). The check does
 * not start a Nacos client: a cold one (its gRPC and class loading) took 5-12 s on a loaded 2-core machine, in the
 * first sample's connect time, which is no failure.
 *
 * <pre>{@code
 * NacosServerCheck.check(registry, "nacos://127.0.0.1:8848", 2000);   // NETWORK when nothing answers in 2 s; REGISTRY when the user is refused
 * }</pre>
 */
final class NacosServerCheck {

    private NacosServerCheck() {
    }

    /**
     * @throws RpcException {@code NETWORK}: nothing listens, or the server did not answer within {@code timeoutMs}
     * @throws RegistryException the server refused the registry user
     */
    static void check(RegistryConfig registry, String address, int timeoutMs) {
        // the address's user and password are the registry's fields by now (RegistryCredentials); messages show the
        // address as the sampler has it, masked
        String user = registry.getUsername();
        String password = registry.getPassword();
        String shown = Secrets.masked(address);
        if ((user == null || user.isEmpty()) && password != null && !password.isEmpty()) {
            throw new RegistryException("the nacos registry (" + shown + ") cannot be created: a password without a"
                    + " user name (give the Registry user, or username= in the address)", null);
        }
        long deadline = System.nanoTime() + Math.max(1, timeoutMs) * 1_000_000L;
        List<String> problems = new ArrayList<>();
        boolean stalled = false;
        List<String> servers = RegistryFailure.servers(registry.getAddress());
        for (String server : servers) {
            int left = left(deadline);
            if (left <= 0) {
                stalled = true;
                break;
            }
            int colon = server.lastIndexOf(':');
            String host = server.substring(0, colon);
            int grpcPort = Integer.parseInt(server.substring(colon + 1)) + grpcOffset();
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(host, grpcPort), left);
            } catch (SocketTimeoutException e) {
                stalled = true;
                continue;
            } catch (IOException | RuntimeException e) {
                problems.add("nothing answers at " + host + ":" + grpcPort + " (the Nacos server's gRPC port, its HTTP"
                        + " port + " + grpcOffset() + ")");
                continue;
            }
            try {
                answers(server, left(deadline));
                if (user != null && !user.isEmpty()) {
                    new NacosOpenApi(server, Math.max(1, left(deadline))).login(user, password);
                }
                return;
            } catch (NacosOpenApi.HttpStatusException e) {
                if (e.status() == 403 || e.status() == 401) {
                    throw new RegistryException("the nacos registry (" + shown + ") cannot be created: the server"
                            + " refused the registry user '" + user + "' (" + e.getMessage() + ")", e);
                }
                problems.add(e.getMessage());
            } catch (SocketTimeoutException e) {
                stalled = true;
            } catch (IOException | RuntimeException e) {
                problems.add("its HTTP API at " + server + " failed: " + Secrets.masked(e.toString()));
            }
        }
        if (stalled) {
            throw new RpcException(RpcException.NETWORK_EXCEPTION, "the nacos registry " + shown + " did not answer"
                    + " within " + timeoutMs + " ms (the sampler's timeout): its server is stopped or overloaded");
        }
        throw new RpcException(RpcException.NETWORK_EXCEPTION, "cannot reach the nacos registry at "
                + String.join(",", servers) + ": " + String.join("; ", problems));
    }

    /**
     * The HTTP API answers at all (any status line) within {@code timeoutMs}: a stopped server takes the connection
     * and never answers. A plain socket, not {@code HttpURLConnection}, which sends a GET again after a read timeout
     * and so took twice the time.
     */
    private static void answers(String server, int timeoutMs) throws IOException {
        int colon = server.lastIndexOf(':');
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(server.substring(0, colon),
                    Integer.parseInt(server.substring(colon + 1))), Math.max(1, timeoutMs));
            socket.setSoTimeout(Math.max(1, timeoutMs));
            socket.getOutputStream().write(("GET /nacos/v1/console/health/liveness HTTP/1.1\r\nHost: " + server
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            if (socket.getInputStream().read() < 0) {
                throw new IOException("the server at " + server + " closed the connection without an answer");
            }
        }
    }

    private static int left(long deadline) {
        return (int) Math.min(Integer.MAX_VALUE, (deadline - System.nanoTime()) / 1_000_000L);
    }

    /** Where a Nacos client looks for the gRPC port: the HTTP port + 1000, or its system property's offset. */
    private static int grpcOffset() {
        return Integer.getInteger("nacos.server.grpc.port.offset", 1000);
    }
}
