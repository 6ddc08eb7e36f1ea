package io.dubbostress.sampler.failure;

import io.dubbostress.sampler.nacos.NacosOpenApi;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.dubbo.rpc.RpcException;

/**
 * What a reference's failed creation means when it went through a registry, said so that a user can act on it:
 * <ul>
 * <li>the registry's server cannot be reached: {@code NETWORK} ({@code cannot reach the registry zookeeper://...
 *     (zookeeper not connected)}; for Nacos the gRPC port, HTTP port + 1000, is tried, as its client does);</li>
 * <li>the registry cannot be created: {@link RegistryException} ({@code REGISTRY}): its client is not in this jar
 *     (a class missing), the server refused the registry user, or its check failed, with Dubbo's reason;</li>
 * <li>anything else: the failure as it was.</li>
 * </ul>
 * Addresses in messages have their secrets masked ({@link Secrets}).
 */
public final class RegistryFailure {

    /** Dubbo 3 (registry check on): {@code Can not create registry nacos://...}. */
    private static final String CANNOT_CREATE = "Can not create registry";

    private RegistryFailure() {
    }

    /**
     * @param error what creating the reference threw
     * @param url the registry address as the sampler gave it to Dubbo
     * @param nacosClientInJar whether this jar carries the Nacos client (the 3.3 jar), for the hint on a missing class
     * @return what to throw instead (or {@code error} itself)
     */
    public static Throwable of(Throwable error, String url, String user, String password, int timeoutMs,
            boolean nacosClientInJar) {
        String protocol = url.substring(0, Math.max(0, url.indexOf("://"))).toLowerCase(Locale.ROOT);
        String shown = Secrets.masked(url);
        if (causeWithMessage(error, "not connected") != null) {
            // Dubbo's ZooKeeper client: "zookeeper not connected" after its connection timeout
            return new RpcException(RpcException.NETWORK_EXCEPTION, "cannot reach the registry " + shown + " ("
                    + Secrets.masked(causeWithMessage(error, "not connected").getMessage()) + ")", error);
        }
        if (causeWithMessage(error, "password without username") != null) {
            return new RegistryException("the " + protocol + " registry (" + shown + ") cannot be created: a password"
                    + " without a user name (give the Registry user, or username= in the address)", error);
        }
        Throwable missing = missingClass(error);
        if (missing != null) {
            String name = String.valueOf(missing.getMessage()).replace('/', '.');
            return new RegistryException("the " + protocol + " registry (" + shown + ") cannot be created: its client"
                    + " is not in this jar (class " + name + " is missing): " + clientHint(protocol, nacosClientInJar), error);
        }
        if (causeWithMessage(error, CANNOT_CREATE) == null && causeWithMessage(error, "nacos naming service") == null) {
            return error;
        }
        String reason = rootMessage(error);
        if ("nacos".equals(protocol)) {
            List<String> servers = servers(url);
            List<String> answering = new ArrayList<>();
            for (String server : servers) {
                if (answers(server, grpcOffset(), timeoutMs)) {
                    answering.add(server);
                }
            }
            if (answering.isEmpty()) {
                return new RpcException(RpcException.NETWORK_EXCEPTION, "cannot reach the nacos registry at "
                        + String.join(",", servers) + ": nothing answers at " + grpcPorts(servers) + " (the Nacos"
                        + " server's gRPC port, its HTTP port + " + grpcOffset() + "; Dubbo: " + reason + ")", error);
            }
            if (user != null && !user.isEmpty()) {
                try {
                    new NacosOpenApi(answering.get(0), Math.min(timeoutMs, 5000)).login(user, password);
                } catch (NacosOpenApi.HttpStatusException e) {
                    return new RegistryException("the nacos registry (" + shown + ") cannot be created: the server"
                            + " refused the registry user '" + user + "' (" + e.getMessage() + ")", error);
                } catch (IOException e) {
                    // its HTTP API did not answer: Dubbo's reason below
                }
            }
            return new RegistryException("the nacos registry (" + shown + ") cannot be created: " + reason
                    + " (the server answers at " + grpcPorts(answering) + "; check the namespace and the"
                    + " credentials: user and password, or accessKey and secretKey)", error);
        }
        return new RegistryException("the " + protocol + " registry (" + shown + ") cannot be created: " + reason,
                error);
    }

    /** Where a Nacos client looks for the gRPC port: the HTTP port + 1000, or its system property's offset. */
    private static int grpcOffset() {
        return Integer.getInteger("nacos.server.grpc.port.offset", 1000);
    }

    private static String clientHint(String protocol, boolean nacosClientInJar) {
        if ("nacos".equals(protocol) && !nacosClientInJar) {
            return "use jmeter-dubbo3-sampler, which carries the Nacos client, or add nacos-client and its"
                    + " dependencies to lib/ext";
        }
        return "add the " + protocol + " registry's client library and its dependencies to lib/ext";
    }

    /** {@code host:port} of each server in the address (its authority, comma-separated, and {@code backup=}). */
    public static List<String> servers(String url) {
        String rest = url.substring(url.indexOf("://") + 3);
        int end = rest.length();
        for (char stop : new char[] {'/', '?'}) {
            int i = rest.indexOf(stop);
            if (i >= 0 && i < end) {
                end = i;
            }
        }
        String authority = rest.substring(0, end);
        authority = authority.substring(authority.lastIndexOf('@') + 1);
        java.util.regex.Matcher backup = java.util.regex.Pattern.compile("[?&]backup=([^&]+)").matcher(rest);
        String all = backup.find() ? authority + "," + backup.group(1) : authority;
        List<String> out = new ArrayList<>();
        for (String s : all.split(",")) {
            if (!s.trim().isEmpty()) {
                out.add(s.trim());
            }
        }
        return out;
    }

    private static String grpcPorts(List<String> servers) {
        List<String> out = new ArrayList<>();
        for (String s : servers) {
            int colon = s.lastIndexOf(':');
            out.add(colon < 0 ? s : s.substring(0, colon + 1) + (Integer.parseInt(s.substring(colon + 1))
                    + grpcOffset()));
        }
        return String.join(", ", out);
    }

    private static boolean answers(String server, int offset, int timeoutMs) {
        int colon = server.lastIndexOf(':');
        if (colon <= 0) {
            return false;
        }
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(server.substring(0, colon),
                    Integer.parseInt(server.substring(colon + 1)) + offset), Math.max(100, Math.min(timeoutMs, 2000)));
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static Throwable causeWithMessage(Throwable error, String text) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getMessage() != null && t.getMessage().contains(text)) {
                return t;
            }
        }
        return null;
    }

    private static Throwable missingClass(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if ((t instanceof NoClassDefFoundError || t instanceof ClassNotFoundException) && t.getMessage() != null
                    && !t.getMessage().replace('/', '.').startsWith("io.dubbostress.")) {
                return t;
            }
        }
        return null;
    }

    /** The deepest message (Dubbo's reason), one line, without URL parameters. */
    private static String rootMessage(Throwable error) {
        String message = error.toString();
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isEmpty()) {
                message = t.getMessage();
            }
        }
        return Failure.withoutUrlQueries(Failure.firstLine(message));
    }
}
