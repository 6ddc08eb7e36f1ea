package io.dubbostress.perfmon.metrics;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.dubbostress.perfmon.host.Host;
import io.dubbostress.perfmon.protocol.ErrorReply;
import io.dubbostress.perfmon.protocol.MetricSpec;
import io.dubbostress.perfmon.protocol.ProtocolException;

/**
 * Turns a {@link MetricSpec} into a {@link Metric}, or refuses it with a reason a user can act on: an unknown type or
 * kind, an option that does not apply, a process or interface that does not exist, and {@code exec} / {@code tail}
 * unless this agent allows them, {@code jmx} beyond what its {@link JmxAccess} allows.
 *
 * <pre>{@code
 * MetricFactory metrics = new MetricFactory(Host.local(), false, Collections.emptySet(), JmxAccess.loopbackOnly());
 * Metric cpu = metrics.create(MetricSpec.parse("cpu:user"));
 * String field = cpu.read();
 * }</pre>
 */
public final class MetricFactory {

    /** Each type and the options it takes ({@code label} applies everywhere: JMeter's, ignored here). */
    private static final Map<String, List<String>> OPTIONS = new LinkedHashMap<>();

    static {
        OPTIONS.put("cpu", Arrays.asList("pid", "name", "core", "label"));
        OPTIONS.put("memory", Arrays.asList("pid", "name", "unit", "label"));
        OPTIONS.put("swap", Arrays.asList("unit", "label"));
        OPTIONS.put("disks", Arrays.asList("fs", "unit", "label"));
        OPTIONS.put("network", Arrays.asList("iface", "unit", "label"));
        OPTIONS.put("tcp", Arrays.asList("label"));
        OPTIONS.put("jmx", Arrays.asList("url", "user", "password", "unit", "label"));
        OPTIONS.put("exec", Arrays.asList("label"));
        OPTIONS.put("tail", Arrays.asList("label"));
        OPTIONS.put("container", Arrays.asList("unit", "label"));
        OPTIONS.put("process", Arrays.asList("pid", "name", "label"));
    }

    private final Host host;
    private final boolean execAllowed;
    private final Set<Path> tailAllowed;
    private final JmxAccess jmxAccess;

    /**
     * @param execAllowed  whether clients may run commands ({@code exec})
     * @param tailAllowed  the files clients may read ({@code tail}), as real paths; empty: none
     * @param jmxAccess    the JVMs clients may have read over JMX ({@code jmx})
     */
    public MetricFactory(Host host, boolean execAllowed, Set<Path> tailAllowed, JmxAccess jmxAccess) {
        this.host = host;
        this.execAllowed = execAllowed;
        this.tailAllowed = Collections.unmodifiableSet(new LinkedHashSet<>(tailAllowed));
        this.jmxAccess = jmxAccess;
    }

    /** The metric types this agent knows. */
    public static Set<String> types() {
        return Collections.unmodifiableSet(OPTIONS.keySet());
    }

    /**
     * @throws ProtocolException when the spec cannot be measured here; the message says why
     */
    public Metric create(MetricSpec spec) {
        String type = spec.type();
        List<String> options = OPTIONS.get(type);
        if (options == null) {
            throw new ProtocolException("unknown metric type '" + ErrorReply.excerpt(type) + "' (known: "
                    + String.join(", ", OPTIONS.keySet()) + ")");
        }
        for (String key : spec.options().keySet()) {
            if ("ptql".equals(key)) {
                throw new ProtocolException(type + ": ptql= is a SIGAR query language this agent does not have;"
                        + " use pid= or name=");
            }
            if (!options.contains(key)) {
                throw new ProtocolException(type + ": option '" + key + "=' does not apply (it takes "
                        + String.join(", ", options) + ")");
            }
        }
        switch (type) {
            case "cpu":
                if (ProcessRef.named(spec)) {
                    if (spec.hasOption("core")) {
                        throw new ProtocolException("cpu: core= and a process (pid=/name=) do not go together");
                    }
                    return new ProcessCpuMetric(ProcessRef.of(host, spec), spec);
                }
                if (ContextSwitchMetric.KIND.equals(spec.kind())) {
                    if (spec.hasOption("core")) {
                        throw new ProtocolException("cpu: cswitch counts the whole host; core= does not go with it");
                    }
                    return new ContextSwitchMetric(host, spec);
                }
                return new CpuMetric(host, spec);
            case "memory":
                return ProcessRef.named(spec) ? new ProcessMemoryMetric(ProcessRef.of(host, spec), spec)
                        : new MemoryMetric(host, spec);
            case "swap":
                return new SwapMetric(host, spec);
            case "disks":
                return new DiskIoMetric(host, spec);
            case "network":
                return new NetworkIoMetric(host, spec);
            case "tcp":
                return new TcpMetric(host, spec);
            case "jmx":
                return new JmxMetric(spec, jmxAccess);
            case "exec":
                if (!execAllowed) {
                    throw new ProtocolException("exec: running commands is disabled on this agent"
                            + " (an agent started with --allow-exec lets any client run any command)");
                }
                return new ExecMetric(spec);
            case "tail":
                return tail(spec);
            case "container":
                return new ContainerMetric(host, spec);
            case "process":
                if (!ProcessRef.named(spec)) {
                    throw new ProtocolException("process: give the process as pid=N or name=NAME (example:"
                            + " process:pid=1234:threads)");
                }
                return new ProcessMetric(host, ProcessRef.of(host, spec), spec);
            default:
                throw new IllegalStateException(type);
        }
    }

    private Metric tail(MetricSpec spec) {
        if (spec.params().isEmpty()) {
            throw new ProtocolException("tail: no file given (example: tail:/var/log/app.log)");
        }
        if (tailAllowed.isEmpty()) {
            throw new ProtocolException("tail: reading files is disabled on this agent"
                    + " (start it with --allow-tail FILE for each file clients may read)");
        }
        Path asked = TailMetric.pathOf(spec);
        Path real;
        try {
            real = asked.toRealPath();
        } catch (IOException | RuntimeException e) {
            real = null;
        }
        if (real == null || !tailAllowed.contains(real)) {
            throw new ProtocolException("tail: '" + ErrorReply.excerpt(asked.toString())
                    + "' is not a file this agent allows (--allow-tail)");
        }
        return new TailMetric(real);
    }
}
