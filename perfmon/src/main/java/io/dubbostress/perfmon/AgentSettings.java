package io.dubbostress.perfmon;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import io.dubbostress.perfmon.metrics.JmxAccess;

/**
 * How an agent runs. Safe by default: listens on 127.0.0.1 only, TCP only, no {@code exec}, no {@code tail}, no
 * remote {@code shutdown}, JMX of loopback addresses only, at most 16 clients. Every setter checks its value and says what is wrong with it
 * ({@link IllegalArgumentException} with the setting's name and the value).
 *
 * <pre>{@code
 * AgentSettings settings = AgentSettings.builder()
 *         .bind("0.0.0.0")      // every interface: the agent is then reachable from other hosts
 *         .tcpPort(4444)
 *         .allowTail("/var/log/app.log")
 *         .build();
 * }</pre>
 */
public final class AgentSettings {

    /** The classic agent's port. */
    public static final int DEFAULT_PORT = 4444;
    public static final int DEFAULT_MAX_CLIENTS = 16;

    private final InetAddress bindAddress;
    private final int tcpPort;
    private final int udpPort;
    private final double intervalSeconds;
    private final int maxClients;
    private final boolean execAllowed;
    private final Set<Path> tailAllowed;
    private final boolean shutdownAllowed;
    private final boolean autoShutdown;
    private final long idleTimeoutMillis;
    private final long evictableAfterMillis;
    private final JmxAccess jmxAccess;
    private final long firstWindowMillis;
    private final int maxLineBytes;
    private final int prometheusPort;
    private final Map<String, String> watchedJvms;

    private AgentSettings(Builder b) {
        this.bindAddress = b.bindAddress;
        this.tcpPort = b.tcpPort;
        this.udpPort = b.udpPort;
        this.intervalSeconds = b.intervalSeconds;
        this.maxClients = b.maxClients;
        this.execAllowed = b.execAllowed;
        this.tailAllowed = Collections.unmodifiableSet(new LinkedHashSet<>(b.tailAllowed));
        this.shutdownAllowed = b.shutdownAllowed;
        this.autoShutdown = b.autoShutdown;
        this.idleTimeoutMillis = b.idleTimeoutMillis;
        this.evictableAfterMillis = b.evictableAfterMillis;
        this.jmxAccess = b.jmxAccess;
        this.firstWindowMillis = b.firstWindowMillis;
        this.maxLineBytes = b.maxLineBytes;
        this.prometheusPort = b.prometheusPort;
        this.watchedJvms = Collections.unmodifiableMap(new LinkedHashMap<>(b.watchedJvms));
    }

    /** The port of {@code GET /metrics} (Prometheus's text format) on the bind address; -1: off (the default). */
    public int prometheusPort() {
        return prometheusPort;
    }

    /** The JVMs {@code /metrics} describes: name -> process ({@code pid=N} or {@code name=EXE[#i]}). */
    public Map<String, String> watchedJvms() {
        return watchedJvms;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The defaults: 127.0.0.1:4444, TCP only, nothing dangerous allowed. */
    public static AgentSettings defaults() {
        return builder().build();
    }

    public InetAddress bindAddress() {
        return bindAddress;
    }

    /** 0: any free port (the agent tells which). */
    public int tcpPort() {
        return tcpPort;
    }

    /** The UDP port; 0 when UDP is off (the classic's meaning of 0). */
    public int udpPort() {
        return udpPort;
    }

    /** The interval a client streams at until it sends {@code interval:N}. */
    public double intervalSeconds() {
        return intervalSeconds;
    }

    public int maxClients() {
        return maxClients;
    }

    public boolean execAllowed() {
        return execAllowed;
    }

    /** Real paths of the files {@code tail} may read. */
    public Set<Path> tailAllowed() {
        return tailAllowed;
    }

    public boolean shutdownAllowed() {
        return shutdownAllowed;
    }

    /** Stop when the last client has gone (the classic's {@code --auto-shutdown}). */
    public boolean autoShutdown() {
        return autoShutdown;
    }

    /** A client that streams nothing and sends nothing for this long is disconnected. */
    public long idleTimeoutMillis() {
        return idleTimeoutMillis;
    }

    /**
     * When the agent is full, a new client takes the place of the longest-idle client that streams nothing, once
     * that one has sent nothing for this long.
     */
    public long evictableAfterMillis() {
        return evictableAfterMillis;
    }

    /** The JVMs clients may have the agent read over JMX. */
    public JmxAccess jmxAccess() {
        return jmxAccess;
    }

    /** The window a first {@code metrics-single} measures changes over (CPU %, bytes...) before it answers. */
    public long firstWindowMillis() {
        return firstWindowMillis;
    }

    public int maxLineBytes() {
        return maxLineBytes;
    }

    /** Whether anything beyond this host can reach the agent. */
    public boolean loopbackOnly() {
        return bindAddress.isLoopbackAddress();
    }

    /** Collects settings; {@link #build()} gives the immutable {@link AgentSettings}. */
    public static final class Builder {
        private InetAddress bindAddress = InetAddress.getLoopbackAddress();
        private int tcpPort = DEFAULT_PORT;
        private int udpPort;
        private double intervalSeconds = 1;
        private int maxClients = DEFAULT_MAX_CLIENTS;
        private boolean execAllowed;
        private final Set<Path> tailAllowed = new LinkedHashSet<>();
        private int prometheusPort = -1;
        private final Map<String, String> watchedJvms = new LinkedHashMap<>();
        private boolean shutdownAllowed;
        private boolean autoShutdown;
        private long idleTimeoutMillis = 10 * 60 * 1000L;
        private long evictableAfterMillis = 5000;
        private JmxAccess jmxAccess = JmxAccess.loopbackOnly();
        private long firstWindowMillis = 1000;
        private int maxLineBytes = 64 * 1024;

        private Builder() {
        }

        /** An IP address or a name of this host; {@code 0.0.0.0} for every interface. */
        public Builder bind(String address) {
            if (address == null || address.trim().isEmpty()) {
                throw new IllegalArgumentException("bind address is empty (example: 127.0.0.1, 0.0.0.0)");
            }
            try {
                this.bindAddress = InetAddress.getByName(address.trim());
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("bind address '" + address + "' is not an IP address or a known"
                        + " host name (example: 127.0.0.1, 0.0.0.0)");
            }
            return this;
        }

        public Builder bind(InetAddress address) {
            this.bindAddress = address;
            return this;
        }

        /** 0 to 65535; 0 picks a free port. */
        public Builder tcpPort(int port) {
            this.tcpPort = checkPort("tcp port", port);
            return this;
        }

        /** Turns UDP on at this port; 0 turns it off (as the classic's {@code --udp-port 0}). */
        public Builder udpPort(int port) {
            this.udpPort = checkPort("udp port", port);
            return this;
        }

        private static int checkPort(String what, int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException(what + " " + port + " is out of range (0 to 65535)");
            }
            return port;
        }

        public Builder intervalSeconds(double seconds) {
            if (Double.isNaN(seconds) || seconds < 0.1 || seconds > 3600) {
                throw new IllegalArgumentException("interval " + seconds + " is out of range (0.1 to 3600 seconds)");
            }
            this.intervalSeconds = seconds;
            return this;
        }

        public Builder maxClients(int clients) {
            if (clients < 1 || clients > 1024) {
                throw new IllegalArgumentException("max clients " + clients + " is out of range (1 to 1024)");
            }
            this.maxClients = clients;
            return this;
        }

        /** Lets any client run any command on this host with the agent's rights (the classic always does). */
        public Builder allowExec(boolean allowed) {
            this.execAllowed = allowed;
            return this;
        }

        /** Lets clients read the last line of this file; the file must exist. */
        public Builder allowTail(String file) {
            if (file == null || file.trim().isEmpty()) {
                throw new IllegalArgumentException("allow-tail file is empty");
            }
            Path path = Paths.get(file.trim());
            try {
                Path real = path.toRealPath();
                if (!Files.isRegularFile(real)) {
                    throw new IllegalArgumentException("allow-tail '" + file + "' is not a file");
                }
                tailAllowed.add(real);
            } catch (IOException e) {
                throw new IllegalArgumentException("allow-tail '" + file + "' does not exist or cannot be read");
            }
            return this;
        }

        /** Lets a client stop the agent with {@code shutdown}. */
        public Builder allowShutdown(boolean allowed) {
            this.shutdownAllowed = allowed;
            return this;
        }

        public Builder autoShutdown(boolean enabled) {
            this.autoShutdown = enabled;
            return this;
        }

        public Builder idleTimeoutMillis(long millis) {
            if (millis < 100) {
                throw new IllegalArgumentException("idle timeout " + millis + " ms is below 100 ms");
            }
            this.idleTimeoutMillis = millis;
            return this;
        }

        /** How long a client must have been silent before a new one may take its place in a full agent. */
        public Builder evictableAfterMillis(long millis) {
            if (millis < 0 || millis > 24 * 3600 * 1000L) {
                throw new IllegalArgumentException("evictable after " + millis + " ms is out of range (0 to 1 day)");
            }
            this.evictableAfterMillis = millis;
            return this;
        }

        /**
         * Lets clients have JMX read beyond loopback: {@code HOST:PORT}, {@code HOST:*} or {@code *} (anywhere),
         * several separated by commas; may be given more than once.
         */
        public Builder allowJmx(String list) {
            this.jmxAccess = jmxAccess.allow(list);
            return this;
        }

        /** How long a JMX connection may take (10 s by default). */
        public Builder jmxConnectTimeoutMillis(long millis) {
            this.jmxAccess = jmxAccess.connectTimeoutMillis(millis);
            return this;
        }

        /** How soon after it began a failed JMX connection is answered, at the earliest (1 s by default). */
        public Builder jmxFailureAnswerMillis(long millis) {
            this.jmxAccess = jmxAccess.failureAnswerMillis(millis);
            return this;
        }

        public Builder firstWindowMillis(long millis) {
            if (millis < 0 || millis > 60_000) {
                throw new IllegalArgumentException("first window " + millis + " ms is out of range (0 to 60000)");
            }
            this.firstWindowMillis = millis;
            return this;
        }

        public Builder maxLineBytes(int bytes) {
            if (bytes < 256 || bytes > 16 * 1024 * 1024) {
                throw new IllegalArgumentException("max line " + bytes + " bytes is out of range (256 to 16 MiB)");
            }
            this.maxLineBytes = bytes;
            return this;
        }

        /** Serves {@code GET /metrics} at this port (0: a free one); -1 (the default) leaves it off. */
        public Builder prometheusPort(int port) {
            this.prometheusPort = port == -1 ? -1 : checkPort("prometheus port", port);
            return this;
        }

        /**
         * A JVM for {@code /metrics}: {@code NAME=PID} or {@code NAME=EXE[#i]} (the process named EXE, as the
         * {@code name=} of a PerfMon spec). NAME is the {@code jvm} label's value.
         */
        public Builder watchJvm(String text) {
            int eq = text == null ? -1 : text.indexOf('=');
            if (eq <= 0 || eq == text.length() - 1) {
                throw new IllegalArgumentException("watched JVM '" + text + "' is not NAME=PID or NAME=EXE (e.g. "
                        + "provider=4242)");
            }
            String name = text.substring(0, eq).trim();
            String process = text.substring(eq + 1).trim();
            if (!name.matches("[A-Za-z0-9_.:-]+")) {
                throw new IllegalArgumentException("watched JVM '" + text + "': the name '" + name + "' may hold "
                        + "letters, digits and _ . : - only");
            }
            watchedJvms.put(name, process.matches("\\d+") ? "pid=" + process : "name=" + process);
            return this;
        }

        public AgentSettings build() {
            return new AgentSettings(this);
        }
    }
}
