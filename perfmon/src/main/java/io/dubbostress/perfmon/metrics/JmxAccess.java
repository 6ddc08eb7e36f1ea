package io.dubbostress.perfmon.metrics;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Which JVMs clients may make the agent read over JMX ({@code jmx:url=HOST\:PORT}). The agent connects wherever a
 * {@code jmx} spec points, so without a limit any client could aim it at any host and port. By default only this
 * host's loopback is allowed: {@code localhost}, 127.0.0.0/8 and {@code ::1}, written as such (a host name is never
 * looked up to decide). {@code --jmx-allow} adds entries:
 *
 * <ul>
 *   <li>{@code HOST:PORT}: that RMI registry ({@code 10.0.0.5:9010}, {@code [fd00::5]:9010}, {@code db1:9010});</li>
 *   <li>{@code HOST:*}: every port of that host;</li>
 *   <li>{@code *}: any host and port (the classic agent's behaviour).</li>
 * </ul>
 *
 * A host name matches as written, case aside; an IP address matches the same address however it is written.
 *
 * <pre>{@code
 * JmxAccess access = JmxAccess.loopbackOnly().allow("10.0.0.5:9010,db1:*");
 * access.allows("10.0.0.5", 9010);   // true
 * access.allows("10.0.0.6", 9010);   // false
 * }</pre>
 */
public final class JmxAccess {

    /** How long a JMX connection may take before the agent gives up on it. */
    public static final long DEFAULT_CONNECT_TIMEOUT_MILLIS = 10_000;
    /**
     * A failed JMX connection is answered no sooner than this after it began: a refused port (about 100 ms here) and
     * an open one that is not JMX (about 10 ms) then take the same time.
     */
    public static final long DEFAULT_FAILURE_ANSWER_MILLIS = 1000;

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final int ANY_PORT = -1;

    private final List<Entry> entries;
    private final boolean anywhere;
    private final long connectTimeoutMillis;
    private final long failureAnswerMillis;

    private JmxAccess(List<Entry> entries, boolean anywhere, long connectTimeoutMillis, long failureAnswerMillis) {
        this.entries = Collections.unmodifiableList(new ArrayList<>(entries));
        this.anywhere = anywhere;
        this.connectTimeoutMillis = connectTimeoutMillis;
        this.failureAnswerMillis = failureAnswerMillis;
    }

    /** Loopback only: the default. */
    public static JmxAccess loopbackOnly() {
        return new JmxAccess(Collections.<Entry>emptyList(), false, DEFAULT_CONNECT_TIMEOUT_MILLIS,
                DEFAULT_FAILURE_ANSWER_MILLIS);
    }

    /**
     * These, too: {@code HOST:PORT}, {@code HOST:*} or {@code *}, several separated by commas.
     *
     * @throws IllegalArgumentException naming the entry that is not one of these forms
     */
    public JmxAccess allow(String list) {
        if (list == null || list.trim().isEmpty()) {
            throw new IllegalArgumentException("jmx-allow is empty (example: 10.0.0.5:9010, db1:*, *)");
        }
        List<Entry> more = new ArrayList<>(entries);
        boolean any = anywhere;
        for (String item : list.split(",", -1)) {
            String text = item.trim();
            if ("*".equals(text)) {
                any = true;
                continue;
            }
            Target target = Target.parse(text, true);
            if (target == null || target.host.isEmpty() || "*".equals(target.host)) {
                throw new IllegalArgumentException("jmx-allow '" + text + "' is not HOST:PORT, HOST:* or *"
                        + " (example: 10.0.0.5:9010, [fd00::5]:9010, db1:*)");
            }
            more.add(new Entry(target.host, target.port));
        }
        return new JmxAccess(more, any, connectTimeoutMillis, failureAnswerMillis);
    }

    /** How long to wait for a JMX connection before giving up (tests shorten it). */
    public JmxAccess connectTimeoutMillis(long millis) {
        if (millis < 100 || millis > 600_000) {
            throw new IllegalArgumentException("jmx connect timeout " + millis + " ms is out of range (100 to 600000)");
        }
        return new JmxAccess(entries, anywhere, millis, failureAnswerMillis);
    }

    /** How soon after it began a failed connection is answered, at the earliest (tests shorten it). */
    public JmxAccess failureAnswerMillis(long millis) {
        if (millis < 0 || millis > 60_000) {
            throw new IllegalArgumentException("jmx failure answer " + millis + " ms is out of range (0 to 60000)");
        }
        return new JmxAccess(entries, anywhere, connectTimeoutMillis, millis);
    }

    public long connectTimeoutMillis() {
        return connectTimeoutMillis;
    }

    public long failureAnswerMillis() {
        return failureAnswerMillis;
    }

    /** Whether nothing beyond loopback is allowed (the default). */
    public boolean isLoopbackOnly() {
        return !anywhere && entries.isEmpty();
    }

    /** Whether the agent may connect to the JMX registry at this host (as written in the spec) and port. */
    public boolean allows(String host, int port) {
        if (anywhere || isLoopback(host)) {
            return true;
        }
        for (Entry entry : entries) {
            if ((entry.port == ANY_PORT || entry.port == port) && sameHost(entry.host, host)) {
                return true;
            }
        }
        return false;
    }

    /** For the start line: {@code loopback}, {@code loopback + 2 more}, {@code ANY host}. */
    public String describe() {
        if (anywhere) {
            return "ANY host";
        }
        return entries.isEmpty() ? "loopback" : "loopback + " + entries.size() + " more";
    }

    /** localhost, 127.0.0.0/8 or ::1, decided from the text alone. */
    static boolean isLoopback(String host) {
        if ("localhost".equalsIgnoreCase(host)) {
            return true;
        }
        InetAddress address = literal(host);
        return address != null && address.isLoopbackAddress();
    }

    private static boolean sameHost(String allowed, String asked) {
        InetAddress a = literal(allowed);
        InetAddress b = literal(asked);
        if (a != null || b != null) {
            return a != null && a.equals(b);
        }
        return allowed.equalsIgnoreCase(asked);
    }

    /** The address an IP literal stands for; null for a host name (never looked up). */
    static InetAddress literal(String host) {
        boolean ipv4 = IPV4.matcher(host).matches();
        boolean ipv6 = host.indexOf(':') >= 0 && host.matches("[0-9A-Fa-f:.]+");
        if (!ipv4 && !ipv6) {
            return null;
        }
        try {
            return InetAddress.getByName(host); // a literal: parsed, not looked up
        } catch (UnknownHostException e) {
            return null;
        }
    }

    private static final class Entry {
        final String host;
        final int port;

        Entry(String host, int port) {
            this.host = host;
            this.port = port;
        }
    }

    /**
     * {@code HOST[:PORT]} as a {@code jmx} spec or {@code --jmx-allow} writes it: an IPv6 address in brackets when a
     * port follows; no port means RMI's registry port, 1099.
     */
    static final class Target {
        static final int REGISTRY_PORT = 1099;

        final String host;
        final int port;

        private Target(String host, int port) {
            this.host = host;
            this.port = port;
        }

        /** Null when it is not of that form. {@code anyPort}: {@code *} stands for every port. */
        static Target parse(String text, boolean anyPort) {
            String host;
            String port;
            if (text.startsWith("[")) {
                int close = text.indexOf(']');
                if (close < 0) {
                    return null;
                }
                host = text.substring(1, close);
                String rest = text.substring(close + 1);
                if (!rest.isEmpty() && !rest.startsWith(":")) {
                    return null;
                }
                port = rest.isEmpty() ? null : rest.substring(1);
            } else {
                int colon = text.indexOf(':');
                if (colon != text.lastIndexOf(':')) {
                    return null; // a bare IPv6 address: it needs brackets before a port
                }
                host = colon < 0 ? text : text.substring(0, colon);
                port = colon < 0 ? null : text.substring(colon + 1);
            }
            host = host.trim().toLowerCase(Locale.ROOT);
            if (host.isEmpty() || !host.matches("[a-z0-9._:*-]+")) {
                return null;
            }
            if (port == null) {
                return new Target(host, REGISTRY_PORT);
            }
            if (anyPort && "*".equals(port.trim())) {
                return new Target(host, ANY_PORT);
            }
            try {
                int number = Integer.parseInt(port.trim());
                return number >= 1 && number <= 65535 ? new Target(host, number) : null;
            } catch (NumberFormatException e) {
                return null;
            }
        }

        /** As it goes into an RMI URL: {@code host:port}, {@code [::1]:port}. */
        String authority() {
            return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
        }
    }
}
