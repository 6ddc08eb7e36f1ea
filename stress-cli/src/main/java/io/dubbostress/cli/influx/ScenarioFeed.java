package io.dubbostress.cli.influx;

import io.dubbostress.report.model.ScenarioStats;
import io.dubbostress.report.jtl.JtlColumn;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.IntCountsHistogram;

/**
 * While one scenario runs, once a second, what only this run knows goes to InfluxDB beside JMeter's Backend Listener:
 * from the JTL as JMeter writes it, per second of completion and per label ({@code transaction}), the calls, the errors
 * by failure code, the service time ({@code elapsed_us}: microseconds, where JMeter's {@code elapsed} has whole
 * milliseconds) and, at a target rate, the latency from each call's due time ({@code response_us}); from the PerfMon
 * CSVs the agent's server readings ({@code perfmon.csv}) and JVM readings ({@code perfmon-jvms.csv}).
 *
 * <p>Measurements (tags {@code application}, {@code run}, {@code scenario} on all):
 * <ul>
 * <li>{@code calls} (+ {@code transaction}): {@code count}, {@code errors}, {@code service_p50_us}, {@code _p90_us},
 * {@code _p99_us}, {@code _max_us}, and at a target rate {@code due_p50_us}, {@code due_p90_us}, {@code due_p99_us},
 * {@code due_max_us}, {@code due_count}: one point per second, stamped with the second's start;
 * <li>{@code errors} (+ {@code transaction}, {@code code}): {@code count};
 * <li>{@code server} (+ {@code metric}, the collector's label) and {@code jvm} (+ {@code metric}, e.g.
 * {@code provider threads}): {@code value}, stamped when the reading arrived.
 * </ul>
 * JMeter buffers the JTL, so a second's rows can arrive over several looks: each look writes again every second it
 * touched, with all its rows so far, and InfluxDB keeps the last point written for a series and a time. The last
 * {@link #WINDOW_S} seconds are held (a histogram pair per second and label, {@link #DIGITS} significant digits); a row older than that is counted in
 * {@link #late()}, not written.
 */
public final class ScenarioFeed implements AutoCloseable {

    /** Seconds of per-second figures held for rows that arrive late. */
    static final int WINDOW_S = 120;
    /**
     * HdrHistogram's significant digits per second: values within 1 %, 13 KiB a histogram (3 digits, the report's,
     * would hold 94 KiB each: 45 MiB for the window's two per second).
     */
    static final int DIGITS = 2;

    private final InfluxWriter writer;
    private final Map<String, String> tags;
    private final CsvTail jtl;
    private final CsvTail perfmon;
    private final CsvTail jvms;
    private final Annotations annotations;
    private final double warmupSeconds;
    /** second -> label -> its figures so far. */
    private final TreeMap<Long, Map<String, Second>> seconds = new TreeMap<>();
    private final Map<Long, Boolean> touched = new LinkedHashMap<>();
    private ScheduledExecutorService timer;
    private long late;
    private long calls;
    private long errors;
    private long firstStartMs = -1;
    private boolean steadyMarked;

    /** Writes scenario annotations (start, steady state, end) into the {@code events} measurement. */
    interface Annotations {
        void annotate(long epochMs, String text);
    }

    ScenarioFeed(InfluxWriter writer, Map<String, String> tags, Path jtl, Path perfmonCsv, Path jvmsCsv,
            double warmupSeconds, Annotations annotations) {
        this.writer = writer;
        this.tags = tags;
        this.jtl = new CsvTail(jtl);
        this.perfmon = new CsvTail(perfmonCsv);
        this.jvms = new CsvTail(jvmsCsv);
        this.warmupSeconds = warmupSeconds;
        this.annotations = annotations;
    }

    /** Looks once a second from now on. */
    ScenarioFeed start() {
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "influxdb-feed");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::lookSafely, 1, 1, TimeUnit.SECONDS);
        return this;
    }

    private void lookSafely() {
        try {
            look();
        } catch (IOException | RuntimeException e) {
            // the next look tries again; the run's own files are what counts
        }
    }

    /** Reads what the files gained and queues the points it makes. */
    synchronized void look() throws IOException {
        List<String> lines = new ArrayList<>();
        jtl.poll(this::acceptSample);
        for (Long second : touched.keySet()) {
            Map<String, Second> labels = seconds.get(second);
            if (labels != null) {
                labels.forEach((label, s) -> s.lines(lines, second * 1000, label));
            }
        }
        touched.clear();
        readings(perfmon, "server", lines);
        readings(jvms, "jvm", lines);
        while (!seconds.isEmpty() && seconds.firstKey() < seconds.lastKey() - WINDOW_S) {
            seconds.pollFirstEntry();
        }
        writer.addAll(lines);
    }

    private void acceptSample(List<String> f) {
        int tsAt = jtl.column(JtlColumn.TIME_STAMP.headerName());
        int elapsedAt = jtl.column(JtlColumn.ELAPSED.headerName());
        int labelAt = jtl.column(JtlColumn.LABEL.headerName());
        int codeAt = jtl.column(JtlColumn.RESPONSE_CODE.headerName());
        int successAt = jtl.column(JtlColumn.SUCCESS.headerName());
        if (tsAt < 0 || elapsedAt < 0 || labelAt < 0 || successAt < 0 || f.size() <= Math.max(tsAt, elapsedAt)) {
            return;
        }
        long start;
        long elapsedMs;
        try {
            start = Long.parseLong(f.get(tsAt));
            elapsedMs = Long.parseLong(f.get(elapsedAt));
        } catch (NumberFormatException e) {
            return;
        }
        long serviceUs = number(f, jtl.column(JtlColumn.ELAPSED_US.headerName()));
        if (serviceUs < 0) {
            serviceUs = elapsedMs * 1000;
        }
        long dueUs = number(f, jtl.column(JtlColumn.DUE_US.headerName()));
        long fromDueUs = -1;
        if (dueUs >= 0) {
            long response = number(f, jtl.column(JtlColumn.RESPONSE_US.headerName()));
            fromDueUs = response >= 0 ? response : Math.max(0, (start + elapsedMs) * 1000 - dueUs);
        }
        boolean ok = "true".equalsIgnoreCase(f.get(successAt));
        String code = codeAt >= 0 && codeAt < f.size() ? f.get(codeAt) : "";
        long second = Math.floorDiv(start + elapsedMs, 1000);
        calls++;
        if (!ok) {
            errors++;
        }
        if (firstStartMs < 0 || start < firstStartMs) {
            firstStartMs = start;
        }
        if (!seconds.isEmpty() && second < seconds.lastKey() - WINDOW_S) {
            late++;
            return;
        }
        seconds.computeIfAbsent(second, k -> new HashMap<>()).computeIfAbsent(f.get(labelAt), k -> new Second())
                .add(ok, code, serviceUs, fromDueUs);
        touched.put(second, Boolean.TRUE);
        if (!steadyMarked && warmupSeconds > 0) {
            steadyMarked = true;
            annotations.annotate(firstStartMs + Math.round(warmupSeconds * 1000), "steady state from here (warm-up "
                    + warmupSeconds + " s from the first call)");
        }
    }

    private static long number(List<String> f, int at) {
        if (at < 0 || at >= f.size() || f.get(at).isEmpty()) {
            return -1;
        }
        try {
            return Long.parseLong(f.get(at));
        } catch (NumberFormatException e) {
            return -1; // "null": no due time (a closed-model run)
        }
    }

    private void readings(CsvTail csv, String measurement, List<String> lines) throws IOException {
        csv.poll(f -> {
            int tsAt = csv.column(JtlColumn.TIME_STAMP.headerName());
            int valueAt = csv.column(JtlColumn.ELAPSED.headerName());
            int labelAt = csv.column(JtlColumn.LABEL.headerName());
            int successAt = csv.column(JtlColumn.SUCCESS.headerName());
            if (tsAt < 0 || valueAt < 0 || labelAt < 0 || f.size() <= Math.max(tsAt, Math.max(valueAt, labelAt))
                    || successAt >= 0 && successAt < f.size() && !"true".equalsIgnoreCase(f.get(successAt))) {
                return; // an error row: the agent did not answer; no value
            }
            try {
                // the collector's CSV holds value x 1000 in "elapsed"
                lines.add(new LineProtocol(measurement).tags(tags).tag("metric", f.get(labelAt))
                        .field("value", Long.parseLong(f.get(valueAt)) / 1000.0).at(Long.parseLong(f.get(tsAt))));
            } catch (NumberFormatException e) {
                // not a reading
            }
        });
    }

    /** Calls seen so far, errors among them. */
    synchronized long calls() {
        return calls;
    }

    synchronized long errors() {
        return errors;
    }

    /** Rows for seconds no longer held, not written. */
    synchronized long late() {
        return late;
    }

    /** One last look at what the files hold; no more after it. */
    @Override
    public void close() {
        if (timer != null) {
            timer.shutdownNow();
            try {
                timer.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        lookSafely();
    }

    /** One second of one label: its calls, errors by code, and the two distributions, microseconds. */
    private final class Second {
        private final IntCountsHistogram service = new IntCountsHistogram(ScenarioStats.HIGHEST_MICROS, DIGITS);
        private IntCountsHistogram fromDue;
        private long count;
        private long errorCount;
        private final Map<String, Long> byCode = new TreeMap<>();

        void add(boolean ok, String code, long serviceUs, long fromDueUs) {
            count++;
            if (!ok) {
                errorCount++;
                byCode.merge(code.isEmpty() ? "(none)" : code, 1L, Long::sum);
            }
            service.recordValue(Math.min(serviceUs, ScenarioStats.HIGHEST_MICROS));
            if (fromDueUs >= 0) {
                if (fromDue == null) {
                    fromDue = new IntCountsHistogram(ScenarioStats.HIGHEST_MICROS, DIGITS);
                }
                fromDue.recordValue(Math.min(fromDueUs, ScenarioStats.HIGHEST_MICROS));
            }
        }

        void lines(List<String> out, long atMs, String label) {
            LineProtocol p = new LineProtocol("calls").tags(tags).tag("transaction", label)
                    .field("count", count).field("errors", errorCount)
                    .field("service_p50_us", service.getValueAtPercentile(50))
                    .field("service_p90_us", service.getValueAtPercentile(90))
                    .field("service_p99_us", service.getValueAtPercentile(99))
                    .field("service_max_us", service.getMaxValue());
            if (fromDue != null) {
                p.field("due_count", fromDue.getTotalCount())
                        .field("due_p50_us", fromDue.getValueAtPercentile(50))
                        .field("due_p90_us", fromDue.getValueAtPercentile(90))
                        .field("due_p99_us", fromDue.getValueAtPercentile(99))
                        .field("due_max_us", fromDue.getMaxValue());
            }
            out.add(p.at(atMs));
            byCode.forEach((code, n) -> out.add(new LineProtocol("errors").tags(tags).tag("transaction", label)
                    .tag("code", code).field("count", n).at(atMs)));
        }
    }
}
