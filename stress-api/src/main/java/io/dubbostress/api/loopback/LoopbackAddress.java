package io.dubbostress.api.loopback;

import java.lang.reflect.Field;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.dubbo.common.utils.NetUtils;

/**
 * Keeps Dubbo 2.7 on loopback when it is told to use loopback.
 *
 * <p>Dubbo 2.7 treats every 127.x address as "not a real address of this host": a provider told to use 127.0.0.1
 * advertises the host's NIC address and binds 0.0.0.0, and a client told to call {@code dubbo://127.0.0.1:20880}
 * rewrites the host to the NIC address before connecting ({@code NetUtils.filterLocalHost}). Dubbo has no setting for
 * this ({@code DUBBO_IP_TO_REGISTRY=127.0.0.1} is rejected). Both rewrites go through the address Dubbo caches as
 * "this host" ({@code NetUtils.HOST_ADDRESS} and {@code LOCAL_ADDRESS} in 2.7.23), so pinning that cache to the
 * loopback address keeps advertised and connected addresses on loopback. Addresses that are not loopback are never
 * rewritten by Dubbo, so pinning does not affect calls to other hosts in the same JVM.
 *
 * <pre>{@code
 * LoopbackAddress.pinIfAnyLoopback("dubbo://127.0.0.1:20880");  // before the first reference or export
 * }</pre>
 *
 * <p>Needs {@code org.apache.dubbo:dubbo} 2.7.x on the class path (it is an optional dependency of this module).
 */
public final class LoopbackAddress {

    private LoopbackAddress() {
    }

    /** 127.x.x.x, {@code localhost} or {@code ::1}. */
    public static boolean isLoopback(String host) {
        if (host == null) {
            return false;
        }
        String h = host.trim().toLowerCase(Locale.ROOT);
        return h.startsWith("127.") || "localhost".equals(h) || "::1".equals(h) || "[::1]".equals(h);
    }

    /**
     * The hosts named in a Dubbo address list: {@code dubbo://a:1,b:2}, {@code zookeeper://a:1?backup=b:2},
     * {@code a:1;b:2}.
     */
    public static List<String> hostsOf(String addresses) {
        List<String> hosts = new ArrayList<>();
        if (addresses == null) {
            return hosts;
        }
        String text = addresses.replace("?backup=", ",").replace("&backup=", ",");
        for (String part : text.split("[,;|\\s]+")) {
            String p = part.trim();
            int scheme = p.indexOf("://");
            if (scheme >= 0) {
                p = p.substring(scheme + 3);
            }
            int at = p.lastIndexOf('@'); // user:password@host
            if (at >= 0) {
                p = p.substring(at + 1);
            }
            int end = p.length();
            for (char stop : new char[] {'/', '?'}) {
                int i = p.indexOf(stop);
                if (i >= 0 && i < end) {
                    end = i;
                }
            }
            p = p.substring(0, end);
            int colon = p.lastIndexOf(':');
            if (colon > 0 && p.indexOf(':') == colon) {
                p = p.substring(0, colon);
            }
            if (!p.isEmpty() && !"N/A".equalsIgnoreCase(p)) {
                hosts.add(p);
            }
        }
        return hosts;
    }

    /**
     * Pins Dubbo's "this host" to 127.0.0.1 if any of the given address lists names a loopback host.
     *
     * @return whether it pinned
     */
    public static boolean pinIfAnyLoopback(String... addressLists) {
        for (String list : addressLists) {
            for (String host : hostsOf(list)) {
                if (isLoopback(host)) {
                    pin(host.startsWith("127.") ? host : "127.0.0.1");
                    return true;
                }
            }
        }
        return false;
    }

    /** Pins Dubbo's cached "this host" address to {@code loopbackHost}. Idempotent. */
    public static synchronized void pin(String loopbackHost) {
        InetAddress address;
        try {
            address = InetAddress.getByName(loopbackHost);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("cannot resolve loopback host '" + loopbackHost + "'", e);
        }
        set("HOST_ADDRESS", address.getHostAddress());
        set("LOCAL_ADDRESS", address);
    }

    /** What Dubbo currently considers this host's address. */
    public static String dubboLocalHost() {
        return NetUtils.getLocalHost();
    }

    private static void set(String fieldName, Object value) {
        try {
            Field field = NetUtils.class.getDeclaredField(fieldName);
            field.setAccessible(true);
            field.set(null, value);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("keeping Dubbo on loopback needs Dubbo 2.7's NetUtils." + fieldName
                    + ", which this Dubbo version does not have (" + e + ")", e);
        }
    }
}
