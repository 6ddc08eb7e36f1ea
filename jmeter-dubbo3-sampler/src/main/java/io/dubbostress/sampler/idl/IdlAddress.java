package io.dubbostress.sampler.idl;

import io.dubbostress.sampler.failure.ConfigurationException;
import java.util.Locale;

/**
 * Where an IDL call goes: {@code tri://host:port} (a Dubbo 3 triple provider: the gRPC wire protocol, plus Dubbo's
 * version and group headers), {@code grpc://host:port} (any gRPC server, HTTP/2 without TLS unless a CA file is given)
 * or {@code grpcs://host:port} (TLS, the JVM's trusted CAs unless a CA file is given). One address: IDL calls go to one
 * server directly.
 *
 * <pre>{@code
 * IdlAddress a = IdlAddress.parse("grpc://127.0.0.1:50051", "DubboSampler.address");
 * a.triple();   // false
 * }</pre>
 */
final class IdlAddress {

    private final String scheme;
    private final String host;
    private final int port;

    private IdlAddress(String scheme, String host, int port) {
        this.scheme = scheme;
        this.host = host;
        this.port = port;
    }

    static IdlAddress parse(String text, String field) {
        String value = text == null ? "" : text.trim();
        int colonSlash = value.indexOf("://");
        String scheme = colonSlash < 0 ? "" : value.substring(0, colonSlash).toLowerCase(Locale.ROOT);
        if (!"tri".equals(scheme) && !"grpc".equals(scheme) && !"grpcs".equals(scheme)) {
            throw new ConfigurationException(field + ": '" + value + "': an IDL call goes to tri://host:port (a Dubbo"
                    + " triple provider), grpc://host:port or grpcs://host:port (a gRPC server), directly");
        }
        String hostPort = value.substring(colonSlash + 3);
        if (hostPort.endsWith("/")) {
            hostPort = hostPort.substring(0, hostPort.length() - 1);
        }
        int colon = hostPort.lastIndexOf(':');
        String host = colon < 0 ? "" : hostPort.substring(0, colon);
        String port = colon < 0 ? "" : hostPort.substring(colon + 1);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        if (host.isEmpty() || !port.matches("[0-9]{1,5}") || Integer.parseInt(port) > 65535
                || !host.matches("[A-Za-z0-9._\\-:]+")) {
            throw new ConfigurationException(field + ": malformed address '" + value + "' (expected " + scheme
                    + "://host:port, one server)");
        }
        return new IdlAddress(scheme, host, Integer.parseInt(port));
    }

    /** A Dubbo triple provider: Version and Group travel as its {@code tri-service-version}/{@code -group} headers. */
    boolean triple() {
        return "tri".equals(scheme);
    }

    /** {@code grpcs://}: TLS whatever the CA file field says. */
    boolean tlsRequired() {
        return "grpcs".equals(scheme);
    }

    String host() {
        return host;
    }

    int port() {
        return port;
    }

    /** {@code host:port}, the HTTP/2 {@code :authority}. */
    String authority() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    @Override
    public String toString() {
        return scheme + "://" + authority();
    }
}
