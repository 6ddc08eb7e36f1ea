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

import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

import io.dubbostress.perfmon.protocol.ErrorReply;
import io.dubbostress.perfmon.protocol.MetricSpec;
import io.dubbostress.perfmon.protocol.ProtocolException;

/**
 * {@code jmx:url=HOST\:PORT[:user=U:password=P]:kind[:unit=...]}: a JVM's figures over remote JMX, as the classic:
 * {@code memory-usage} / {@code memory-committed} (heap, bytes or {@code unit=}), {@code memorypool-usage} /
 * {@code memorypool-committed} (all pools), {@code gc-time} (milliseconds of GC since the previous reading),
 * {@code compile-time} (JIT milliseconds since the previous reading), {@code class-count} (loaded classes).
 * {@code url} is {@code host:port} of the JVM's RMI registry ({@code -Dcom.sun.management.jmxremote.port}), or a
 * whole {@code service:jmx:...} URL; the default is {@code localhost:4711}, as the classic's. Values are whole
 * numbers, as the classic writes them.
 */
final class JmxMetric implements Metric {

    static final String[] KINDS = {"gc-time", "memory-usage", "memory-committed", "memorypool-usage",
        "memorypool-committed", "class-count", "compile-time"};

    private static final long CONNECT_TIMEOUT_SECONDS = 10;

    private final String kind;
    private final long divisor;
    private final JMXConnector connector;
    private final MBeanServerConnection server;
    private final List<Object> beans = new ArrayList<>();
    private final Counter counter;
    private boolean failed;

    JmxMetric(MetricSpec spec) {
        this.kind = kindOf(spec);
        this.divisor = (long) Units.divisor(spec);
        String url = spec.option("url") == null ? "localhost:4711" : spec.option("url");
        this.connector = connect(url, spec.option("user"), spec.option("password"));
        try {
            this.server = connector.getMBeanServerConnection();
            for (ObjectName name : server.queryNames(new ObjectName(beanPattern()), null)) {
                beans.add(ManagementFactory.newPlatformMXBeanProxy(server, name.getCanonicalName(), beanClass()));
            }
            this.counter = new Counter(total());
        } catch (Exception e) {
            closeQuietly();
            throw new ProtocolException("jmx: cannot read " + kind + " at url=" + ErrorReply.excerpt(url) + ": "
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " " + e.getMessage()), e);
        }
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

    private static JMXConnector connect(String url, String user, String password) {
        String serviceUrl = url.startsWith("service:jmx:") ? url : "service:jmx:rmi:///jndi/rmi://" + url + "/jmxrmi";
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
            return connection.get(CONNECT_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new ProtocolException("jmx: no answer from url=" + ErrorReply.excerpt(url) + " within "
                    + CONNECT_TIMEOUT_SECONDS + " s");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new ProtocolException("jmx: cannot connect to url=" + ErrorReply.excerpt(url) + ": "
                    + cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : " "
                    + ErrorReply.excerpt(cause.getMessage())), cause);
        } catch (IOException | RuntimeException e) {
            throw new ProtocolException("jmx: bad url=" + ErrorReply.excerpt(url) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProtocolException("jmx: interrupted while connecting to url=" + ErrorReply.excerpt(url));
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
                org.slf4j.LoggerFactory.getLogger(JmxMetric.class).warn("jmx {} gives no value: {}", kind, e.toString());
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
        try {
            connector.close();
        } catch (IOException | RuntimeException e) {
            // the JVM may be gone already
        }
    }
}
