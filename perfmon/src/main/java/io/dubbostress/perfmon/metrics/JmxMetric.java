package io.dubbostress.perfmon.metrics;

import java.io.IOException;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.dubbostress.perfmon.protocol.ErrorReply;
import io.dubbostress.perfmon.protocol.MetricSpec;
import io.dubbostress.perfmon.protocol.ProtocolException;

/**
 * {@code jmx:url=HOST\:PORT[:user=U:password=P]:kind[:unit=...]}: a JVM's figures over remote JMX, as the classic:
 * {@code memory-usage} / {@code memory-committed} (heap, bytes or {@code unit=}), {@code memorypool-usage} /
 * {@code memorypool-committed} (all pools), {@code gc-time} (milliseconds of GC since the previous reading),
 * {@code compile-time} (JIT milliseconds since the previous reading), {@code class-count} (loaded classes).
 * {@code url} is {@code host:port} of the JVM's RMI registry ({@code -Dcom.sun.management.jmxremote.port}), or a
 * whole {@code service:jmx:rmi:///jndi/rmi://host:port/name} URL; the default is {@code localhost:4711}, as the
 * classic's. Values are whole numbers, as the classic writes them.
 *
 * <p>Where it may connect is the agent's {@link JmxAccess} (loopback only by default), checked before any connection
 * is tried. Every failure to connect or read gets the same answer, no sooner than a second after the attempt began,
 * so a client cannot tell a closed port from an open one that is not JMX by the text or by the time (a port that
 * accepts and never answers still takes the connect timeout); the cause goes to this host's log.
 */
final class JmxMetric implements Metric {

    static final String[] KINDS = {"gc-time", "memory-usage", "memory-committed", "memorypool-usage",
        "memorypool-committed", "class-count", "compile-time"};

    private static final Logger LOG = LoggerFactory.getLogger(JmxMetric.class);
    /** What a service URL may be: an RMI registry's entry, the form {@code jmxremote.port} serves. */
    private static final Pattern RMI_REGISTRY_URL =
            Pattern.compile("service:jmx:rmi://[^/]*/jndi/rmi://([^/]+)/([A-Za-z0-9._-]+)");

    private final String kind;
    private final long divisor;
    private JMXConnector connector;
    private final List<Object> beans = new ArrayList<>();
    private final Counter counter;
    private boolean failed;

    JmxMetric(MetricSpec spec, JmxAccess access) {
        this.kind = kindOf(spec);
        this.divisor = (long) Units.divisor(spec);
        String url = spec.option("url") == null ? "localhost:4711" : spec.option("url");
        String serviceUrl = serviceUrl(url, access);
        long began = System.nanoTime();
        try {
            this.connector = connect(serviceUrl, spec.option("user"), spec.option("password"),
                    access.connectTimeoutMillis());
            MBeanServerConnection server = connector.getMBeanServerConnection();
            for (ObjectName name : server.queryNames(new ObjectName(beanPattern()), null)) {
                beans.add(ManagementFactory.newPlatformMXBeanProxy(server, name.getCanonicalName(), beanClass()));
            }
            this.counter = new Counter(total());
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            closeQuietly();
            // the cause stays in this host's log: told to a client, it would say which ports are open here; so
            // would the time the answer takes, when a refused port answered at once
            LOG.info("jmx {} at {} gives nothing: {}", kind, serviceUrl, describe(e));
            waitUntil(began + access.failureAnswerMillis() * 1_000_000L);
            throw new ProtocolException("jmx: nothing to read at url=" + ErrorReply.excerpt(url) + " (no JMX agent"
                    + " answered there, or it refused this agent; this agent's log says which)");
        }
    }

    /**
     * The JMX URL to connect to, rebuilt from the host and port it names once they are checked:
     * {@code HOST:PORT} or {@code service:jmx:rmi:///jndi/rmi://HOST:PORT/NAME} (what
     * {@code -Dcom.sun.management.jmxremote.port} serves).
     */
    static String serviceUrl(String url, JmxAccess access) {
        JmxAccess.Target target;
        String name = "jmxrmi";
        if (url.startsWith("service:jmx:")) {
            Matcher m = RMI_REGISTRY_URL.matcher(url);
            target = m.matches() ? JmxAccess.Target.parse(m.group(1), false) : null;
            name = m.matches() ? m.group(2) : name;
        } else {
            target = JmxAccess.Target.parse(url, false);
        }
        if (target == null) {
            throw new ProtocolException("jmx: url=" + ErrorReply.excerpt(url) + " is not HOST\\:PORT or"
                    + " service:jmx:rmi:///jndi/rmi://HOST\\:PORT/NAME");
        }
        if (!access.allows(target.host, target.port)) {
            throw new ProtocolException("jmx: url=" + ErrorReply.excerpt(url) + " is not a loopback address; this"
                    + " agent reads JMX on loopback only (localhost, 127.x.x.x, ::1) unless started with --jmx-allow"
                    + " HOST:PORT");
        }
        return "service:jmx:rmi:///jndi/rmi://" + target.authority() + "/" + name;
    }

    private static void waitUntil(long deadlineNanos) {
        long left;
        while ((left = deadlineNanos - System.nanoTime()) > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static String describe(Throwable e) {
        Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
        return cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : " " + cause.getMessage());
    }

    /** The classic reads the kind by its prefix ({@code gc-anything} is GC time); so do we, and check it. */
    private static String kindOf(MetricSpec spec) {
        String kind = spec.kind();
        if (kind.startsWith("gc-")) {
            return "gc-time";
        } else if (kind.startsWith("class-")) {
            return "class-count";
        } else if (kind.startsWith("compile-")) {
            return "compile-time";
        } else if (kind.startsWith("memorypool-")) {
            return kind.endsWith("-committed") ? "memorypool-committed" : "memorypool-usage";
        } else if (kind.startsWith("memory-")) {
            return kind.endsWith("-committed") ? "memory-committed" : "memory-usage";
        }
        throw new ProtocolException("jmx: unknown kind '" + ErrorReply.excerpt(kind) + "' (known: "
                + String.join(", ", KINDS) + ")");
    }

    private static JMXConnector connect(String serviceUrl, String user, String password, long timeoutMillis)
            throws IOException, ExecutionException, TimeoutException, InterruptedException {
        Map<String, Object> environment = new HashMap<>();
        if (user != null && password != null) {
            environment.put(JMXConnector.CREDENTIALS, new String[] {user, password});
        }
        ExecutorService connecting = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "perfmon-jmx-connect");
            thread.setDaemon(true);
            return thread;
        });
        try {
            JMXServiceURL jmxUrl = new JMXServiceURL(serviceUrl);
            Future<JMXConnector> connection = connecting.submit(() -> JMXConnectorFactory.connect(jmxUrl, environment));
            try {
                return connection.get(timeoutMillis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException | TimeoutException e) {
                connection.cancel(true);
                throw e;
            }
        } finally {
            connecting.shutdownNow();
        }
    }

    private String beanPattern() {
        switch (kind) {
            case "gc-time": return ManagementFactory.GARBAGE_COLLECTOR_MXBEAN_DOMAIN_TYPE + ",*";
            case "class-count": return ManagementFactory.CLASS_LOADING_MXBEAN_NAME;
            case "compile-time": return ManagementFactory.COMPILATION_MXBEAN_NAME;
            case "memorypool-usage":
            case "memorypool-committed": return ManagementFactory.MEMORY_POOL_MXBEAN_DOMAIN_TYPE + ",*";
            default: return ManagementFactory.MEMORY_MXBEAN_NAME;
        }
    }

    private Class<?> beanClass() {
        switch (kind) {
            case "gc-time": return GarbageCollectorMXBean.class;
            case "class-count": return ClassLoadingMXBean.class;
            case "compile-time": return CompilationMXBean.class;
            case "memorypool-usage":
            case "memorypool-committed": return MemoryPoolMXBean.class;
            default: return MemoryMXBean.class;
        }
    }

    private long total() {
        long total = 0;
        for (Object bean : beans) {
            total += valueOf(bean);
        }
        return total;
    }

    private long valueOf(Object bean) {
        switch (kind) {
            case "gc-time":
                return Math.max(0, ((GarbageCollectorMXBean) bean).getCollectionTime());
            case "class-count":
                return ((ClassLoadingMXBean) bean).getLoadedClassCount();
            case "compile-time":
                return Math.max(0, ((CompilationMXBean) bean).getTotalCompilationTime());
            case "memorypool-usage":
            case "memorypool-committed": {
                MemoryUsage usage = ((MemoryPoolMXBean) bean).getUsage();
                return usage == null ? 0 : "memorypool-usage".equals(kind) ? usage.getUsed() : usage.getCommitted();
            }
            default: {
                MemoryUsage heap = ((MemoryMXBean) bean).getHeapMemoryUsage();
                return "memory-usage".equals(kind) ? heap.getUsed() : heap.getCommitted();
            }
        }
    }

    @Override
    public String read() {
        try {
            long value = total();
            if ("gc-time".equals(kind) || "compile-time".equals(kind)) {
                value = counter.change(value);
            } else if (kind.startsWith("memory")) {
                value = value / divisor;
            }
            failed = false;
            return Long.toString(value);
        } catch (RuntimeException e) {
            if (!failed) {
                failed = true;
                LOG.warn("jmx {} gives no value: {}", kind, e.toString());
            }
            return "";
        }
    }

    @Override
    public boolean measuresChange() {
        return "gc-time".equals(kind) || "compile-time".equals(kind);
    }

    @Override
    public void close() {
        closeQuietly();
    }

    private void closeQuietly() {
        if (connector == null) {
            return;
        }
        try {
            connector.close();
        } catch (IOException | RuntimeException e) {
            // the JVM may be gone already
        }
    }
}
