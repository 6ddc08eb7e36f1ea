package io.dubbostress.perfmon.metrics;

import java.util.List;

import io.dubbostress.perfmon.host.Host;
import io.dubbostress.perfmon.host.ProcessStat;
import io.dubbostress.perfmon.protocol.ErrorReply;
import io.dubbostress.perfmon.protocol.MetricSpec;
import io.dubbostress.perfmon.protocol.ProtocolException;

/**
 * The process a {@code cpu}, {@code memory} or {@code process} metric watches: {@code pid=1234}, or {@code name=java} /
 * {@code name=java#1} (the second process whose executable is named java, lowest ids first). A process found by
 * name is looked up again, at most every 5 s, once it has gone: a restarted service is picked up again.
 */
final class ProcessRef {

    private static final long RELOOKUP_NANOS = 5_000_000_000L;

    private final Host host;
    private final String name;
    private final int index;
    private int pid;
    private long lookedUpAtNanos;

    private ProcessRef(Host host, int pid, String name, int index) {
        this.host = host;
        this.pid = pid;
        this.name = name;
        this.index = index;
        this.lookedUpAtNanos = System.nanoTime();
    }

    /** Whether the spec names a process at all. */
    static boolean named(MetricSpec spec) {
        return spec.hasOption("pid") || spec.hasOption("name");
    }

    /**
     * @throws ProtocolException for a malformed id or name, or when no such process runs now
     */
    static ProcessRef of(Host host, MetricSpec spec) {
        if (spec.hasOption("pid") && spec.hasOption("name")) {
            throw new ProtocolException(spec.type() + ": give pid= or name=, not both, in '"
                    + ErrorReply.excerpt(spec.text()) + "'");
        }
        String pidText = spec.option("pid");
        if (pidText != null) {
            int pid;
            try {
                pid = Integer.parseInt(pidText.trim());
            } catch (NumberFormatException e) {
                throw new ProtocolException(spec.type() + ": pid '" + ErrorReply.excerpt(pidText)
                        + "' is not a process id");
            }
            if (pid <= 0 || host.process(pid) == null) {
                throw new ProtocolException(spec.type() + ": no process with pid=" + pid);
            }
            return new ProcessRef(host, pid, null, 0);
        }
        String nameText = spec.option("name");
        String name = nameText;
        int index = 0;
        int hash = nameText.lastIndexOf('#');
        if (hash >= 0) {
            name = nameText.substring(0, hash);
            try {
                index = Integer.parseInt(nameText.substring(hash + 1));
            } catch (NumberFormatException e) {
                index = -1;
            }
            if (index < 0 || name.isEmpty()) {
                throw new ProtocolException(spec.type() + ": name '" + ErrorReply.excerpt(nameText)
                        + "' is not NAME or NAME#INDEX (example: name=java#1)");
            }
        }
        List<Integer> pids = host.pidsNamed(name);
        if (pids.size() <= index) {
            throw new ProtocolException(spec.type() + ": no process named '" + ErrorReply.excerpt(name) + "'"
                    + (index > 0 ? " with index #" + index + " (found " + pids.size() + ")" : ""));
        }
        return new ProcessRef(host, pids.get(index), name, index);
    }

    /** The id of the process watched (after a {@link #read()}, the one found again by name). */
    int pid() {
        return pid;
    }

    /** The process now; a {@link MetricUnavailableException} when it has gone. */
    ProcessStat read() {
        ProcessStat stat = host.process(pid);
        if (stat == null && name != null && System.nanoTime() - lookedUpAtNanos > RELOOKUP_NANOS) {
            lookedUpAtNanos = System.nanoTime();
            List<Integer> pids = host.pidsNamed(name);
            if (pids.size() > index) {
                pid = pids.get(index);
                stat = host.process(pid);
            }
        }
        if (stat == null) {
            throw new MetricUnavailableException("process " + pid + (name == null ? "" : " (" + name + ")")
                    + " is gone");
        }
        return stat;
    }
}
