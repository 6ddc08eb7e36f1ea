package io.dubbostress.perfmon.metrics;

import io.dubbostress.perfmon.host.Host;
import io.dubbostress.perfmon.host.ProcessCounters;
import io.dubbostress.perfmon.protocol.MetricSpec;

/**
 * {@code process:pid=N|name=NAME[:kind]} (ours; the classic agent has none of these): one process's {@code threads}
 * (the default; now), {@code fds} (open file descriptors now) and {@code cswitch} (the context switches of all its
 * threads since the previous reading, voluntary and involuntary). On Linux from {@code /proc/<pid>}: threads and
 * fds from {@code stat} and {@code fd/}, context switches summed over {@code task/<tid>/status} (a file per thread,
 * read only for {@code cswitch}).
 */
final class ProcessMetric extends NumberMetric {

    static final String[] KINDS = {"threads", "fds", "cswitch"};

    private final Host host;
    private final ProcessRef process;
    private final String kind;
    private int previousPid;
    private long previousSwitches = -1;

    ProcessMetric(Host host, ProcessRef process, MetricSpec spec) {
        super(spec.text());
        this.host = host;
        this.process = process;
        this.kind = Kinds.of(spec, "threads", KINDS);
        if (kind.equals("cswitch")) {
            ProcessCounters now = counters();
            previousPid = process.pid();
            previousSwitches = now.contextSwitches();
        }
    }

    private ProcessCounters counters() {
        process.read(); // a process found by name is looked up again once it has gone
        ProcessCounters counters = host.processCounters(process.pid(), kind.equals("cswitch"));
        if (counters == null) {
            throw new MetricUnavailableException("process " + process.pid() + " is gone");
        }
        return counters;
    }

    @Override
    double value() {
        ProcessCounters now = counters();
        switch (kind) {
            case "threads":
                return now.threads();
            case "fds":
                return now.fds() < 0 ? Double.NaN : now.fds();
            case "cswitch":
                long before = previousSwitches;
                boolean same = process.pid() == previousPid;
                previousPid = process.pid();
                previousSwitches = now.contextSwitches();
                if (now.contextSwitches() < 0 || before < 0) {
                    return Double.NaN;
                }
                // threads that ended take their switches with them: the sum can step down, never a negative rate
                return same ? Math.max(0, now.contextSwitches() - before) : 0;
            default:
                throw new IllegalStateException(kind);
        }
    }

    @Override
    public boolean measuresChange() {
        return kind.equals("cswitch");
    }
}
