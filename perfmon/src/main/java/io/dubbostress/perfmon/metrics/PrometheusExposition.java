package io.dubbostress.perfmon.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.dubbostress.perfmon.host.CpuTicks;
import io.dubbostress.perfmon.host.DiskCounters;
import io.dubbostress.perfmon.host.Host;
import io.dubbostress.perfmon.host.HsPerfData;
import io.dubbostress.perfmon.host.MemoryStat;
import io.dubbostress.perfmon.host.NetCounters;
import io.dubbostress.perfmon.host.ProcessCounters;

/**
 * The agent's readings in Prometheus's text exposition format (version 0.0.4), read afresh at each scrape from the
 * same host counters the PerfMon protocol reads: cumulative counters where PerfMon gives the change since its previous
 * reading (Prometheus's {@code rate()} and {@code increase()} make the change), gauges as they are now.
 *
 * <pre>
 * dubbostress_host_cpu_seconds_total{mode="user"} 1234.56
 * dubbostress_host_memory_bytes{kind="total"} 2.5E10
 * dubbostress_jvm_threads{jvm="provider",pid="4242"} 57
 * </pre>
 *
 * The JVMs are those named with {@code --watch-jvm} ({@code NAME=PID} or {@code NAME=EXE[#i]}); one that is not
 * running has {@code dubbostress_jvm_up 0} and no other series. GC comes from the JVM's performance data file
 * ({@link HsPerfData}, what {@code jstat} reads): absent when it cannot be read.
 */
public final class PrometheusExposition {

    /** The {@code Content-Type} of the format. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final Host host;
    private final Map<String, String> jvms;

    /** {@code jvms}: label -> {@code pid=N} or {@code name=EXE[#i]}. */
    public PrometheusExposition(Host host, Map<String, String> jvms) {
        this.host = host;
        this.jvms = jvms;
    }

    /** The page, read now. */
    public String scrape() {
        StringBuilder out = new StringBuilder(4096);
        CpuTicks ticks = host.cpuTicks();
        double perSecond = host.cpuTicksPerSecond();
        family(out, "dubbostress_host_cpu_seconds_total", "counter",
                "CPU time of all CPUs in each state since boot (PerfMon cpu: the change, as a percentage)");
        for (CpuTicks.State state : CpuTicks.State.values()) {
            sample(out, "dubbostress_host_cpu_seconds_total", "mode", state.name().toLowerCase(Locale.ROOT),
                    ticks.get(state) / perSecond);
        }
        family(out, "dubbostress_host_cpus", "gauge", "logical CPUs");
        sample(out, "dubbostress_host_cpus", null, null, host.logicalCpus());
        MemoryStat memory = host.memory();
        family(out, "dubbostress_host_memory_bytes", "gauge",
                "memory: total, available (free + reclaimable cache), free (PerfMon memory:total, actualfree, free)");
        sample(out, "dubbostress_host_memory_bytes", "kind", "total", memory.total());
        sample(out, "dubbostress_host_memory_bytes", "kind", "available", memory.available());
        sample(out, "dubbostress_host_memory_bytes", "kind", "free", memory.free());
        long switches = host.contextSwitches();
        if (switches >= 0) {
            family(out, "dubbostress_host_context_switches_total", "counter", "context switches since boot");
            sample(out, "dubbostress_host_context_switches_total", null, null, switches);
        }
        List<DiskCounters> disks = host.disks();
        family(out, "dubbostress_host_disk_read_bytes_total", "counter", "bytes read, per disk");
        disks.forEach(d -> sample(out, "dubbostress_host_disk_read_bytes_total", "disk", d.name(), d.readBytes()));
        family(out, "dubbostress_host_disk_written_bytes_total", "counter", "bytes written, per disk");
        disks.forEach(d -> sample(out, "dubbostress_host_disk_written_bytes_total", "disk", d.name(), d.writeBytes()));
        family(out, "dubbostress_host_disk_reads_total", "counter", "read operations, per disk");
        disks.forEach(d -> sample(out, "dubbostress_host_disk_reads_total", "disk", d.name(), d.reads()));
        family(out, "dubbostress_host_disk_writes_total", "counter", "write operations, per disk");
        disks.forEach(d -> sample(out, "dubbostress_host_disk_writes_total", "disk", d.name(), d.writes()));
        List<NetCounters> network = host.network();
        family(out, "dubbostress_host_network_received_bytes_total", "counter", "bytes received, per interface");
        network.forEach(n -> sample(out, "dubbostress_host_network_received_bytes_total", "iface", n.name(),
                n.get(NetCounters.Field.BYTES_RECV)));
        family(out, "dubbostress_host_network_sent_bytes_total", "counter", "bytes sent, per interface");
        network.forEach(n -> sample(out, "dubbostress_host_network_sent_bytes_total", "iface", n.name(),
                n.get(NetCounters.Field.BYTES_SENT)));
        jvms(out);
        return out.toString();
    }

    private void jvms(StringBuilder out) {
        if (jvms.isEmpty()) {
            return;
        }
        List<String[]> up = new ArrayList<>();
        List<Object[]> found = new ArrayList<>();
        for (Map.Entry<String, String> jvm : jvms.entrySet()) {
            int pid = pidOf(jvm.getValue());
            ProcessCounters c = pid > 0 ? host.processCounters(pid, true) : null;
            up.add(new String[] {jvm.getKey(), pid > 0 ? String.valueOf(pid) : "", c == null ? "0" : "1"});
            if (c != null) {
                found.add(new Object[] {jvm.getKey(), String.valueOf(pid), c, HsPerfData.gc(pid)});
            }
        }
        family(out, "dubbostress_jvm_up", "gauge", "1 when the watched JVM runs and can be read");
        for (String[] u : up) {
            out.append("dubbostress_jvm_up{jvm=\"").append(escape(u[0])).append("\",pid=\"").append(u[1])
                    .append("\"} ").append(u[2]).append('\n');
        }
        family(out, "dubbostress_jvm_cpu_seconds_total", "counter", "CPU time of the JVM's process, user and system");
        for (Object[] f : found) {
            ProcessCounters c = (ProcessCounters) f[2];
            jvm(out, "dubbostress_jvm_cpu_seconds_total", f, "mode=\"user\"",
                    c.userTicks() / (double) ProcessCounters.TICKS_PER_SECOND);
            jvm(out, "dubbostress_jvm_cpu_seconds_total", f, "mode=\"system\"",
                    c.systemTicks() / (double) ProcessCounters.TICKS_PER_SECOND);
        }
        family(out, "dubbostress_jvm_threads", "gauge", "threads now (PerfMon process:threads)");
        found.forEach(f -> jvm(out, "dubbostress_jvm_threads", f, null, ((ProcessCounters) f[2]).threads()));
        family(out, "dubbostress_jvm_open_files", "gauge", "open file descriptors now (PerfMon process:fds)");
        found.stream().filter(f -> ((ProcessCounters) f[2]).fds() >= 0)
                .forEach(f -> jvm(out, "dubbostress_jvm_open_files", f, null, ((ProcessCounters) f[2]).fds()));
        family(out, "dubbostress_jvm_context_switches_total", "counter",
                "voluntary and involuntary context switches of its live threads (PerfMon process:cswitch: the change)");
        found.stream().filter(f -> ((ProcessCounters) f[2]).contextSwitches() >= 0).forEach(f -> jvm(out,
                "dubbostress_jvm_context_switches_total", f, null, ((ProcessCounters) f[2]).contextSwitches()));
        family(out, "dubbostress_jvm_gc_seconds_total", "counter",
                "time in garbage collection pauses, all collectors (hsperfdata, as jstat's GCT)");
        found.stream().filter(f -> f[3] != null)
                .forEach(f -> jvm(out, "dubbostress_jvm_gc_seconds_total", f, null, ((HsPerfData.Gc) f[3]).seconds()));
        family(out, "dubbostress_jvm_gc_collections_total", "counter", "garbage collections, all collectors");
        found.stream().filter(f -> f[3] != null).forEach(f -> jvm(out, "dubbostress_jvm_gc_collections_total", f,
                null, ((HsPerfData.Gc) f[3]).collections()));
    }

    private int pidOf(String process) {
        if (process.startsWith("pid=")) {
            try {
                return Integer.parseInt(process.substring(4));
            } catch (NumberFormatException e) {
                return -1;
            }
        }
        String name = process.substring("name=".length());
        int index = 0;
        int hash = name.lastIndexOf('#');
        if (hash > 0) {
            try {
                index = Integer.parseInt(name.substring(hash + 1));
                name = name.substring(0, hash);
            } catch (NumberFormatException e) {
                // a name with a '#' in it
            }
        }
        List<Integer> pids = host.pidsNamed(name);
        return index < pids.size() ? pids.get(index) : -1;
    }

    private static void jvm(StringBuilder out, String name, Object[] f, String more, double value) {
        out.append(name).append("{jvm=\"").append(escape((String) f[0])).append("\",pid=\"").append(f[1]).append('"');
        if (more != null) {
            out.append(',').append(more);
        }
        out.append("} ").append(number(value)).append('\n');
    }

    private static void family(StringBuilder out, String name, String type, String help) {
        out.append("# HELP ").append(name).append(' ').append(help.replace("\\", "\\\\").replace("\n", " "))
                .append('\n').append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    private static void sample(StringBuilder out, String name, String label, String value, double number) {
        out.append(name);
        if (label != null) {
            out.append('{').append(label).append("=\"").append(escape(value)).append("\"}");
        }
        out.append(' ').append(number(number)).append('\n');
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
