package io.dubbostress.cli.live;

import io.dubbostress.report.model.FromDueLatency;
import io.dubbostress.report.model.ScenarioStats;
import io.dubbostress.report.jtl.JtlRow;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * Calls counted together (one second of a scenario, the last ten seconds, its steady state so far): how many, how many
 * failed and with which failure code, the service time ({@code elapsed_us}, else JMeter's ms) and the latency from the
 * due time ({@code response_us}; a rate-driven scenario's) in HdrHistograms of three significant digits, as the report
 * counts them ({@link ScenarioStats#latencyMicros}, {@link FromDueLatency#fromDueMicros}). Memory is the histograms',
 * whatever the number of calls; at most {@link #MAX_CODES} distinct codes are told apart, the rest are "other".
 *
 * <pre>{@code
 * Calls second = Calls.perSecond();
 * second.add(row);                          // each JTL row of that second
 * second.service().p99();                   // microseconds
 * }</pre>
 */
public final class Calls {

    /** Failure codes told apart; more than this many distinct ones are counted together under {@link #OTHER}. */
    static final int MAX_CODES = 24;
    static final String OTHER = "other";
    /** The code shown for a failure whose row has an empty response code. */
    static final String NO_CODE = "(no code)";

    private final AbstractHistogram service;
    private final AbstractHistogram fromDue;
    private final Map<String, Long> codes = new LinkedHashMap<>();
    private long calls;
    private long errors;
    private long serviceMax = -1;
    private long fromDueMax = -1;
    private long firstEndMs = Long.MAX_VALUE;
    private long lastEndMs = Long.MIN_VALUE;

    private Calls(AbstractHistogram service, AbstractHistogram fromDue) {
        this.service = service;
        this.fromDue = fromDue;
    }

    /** For a second's calls: int counts, the histograms growing to the largest value seen. */
    static Calls perSecond() {
        return new Calls(new IntCountsHistogram(3), new IntCountsHistogram(3));
    }

    /** For calls over any length of time. */
    static Calls cumulative() {
        return new Calls(new Histogram(3), new Histogram(3));
    }

    /** Counts only (calls, errors, codes): no latency kept. */
    static Calls countsOnly() {
        return new Calls(null, null);
    }

    void add(JtlRow row) {
        int count = row.sampleCount();
        calls += count;
        int failed = row.errorCount();
        if (failed > 0) {
            errors += failed;
            String code = row.responseCode();
            code = code.isEmpty() ? NO_CODE : code;
            if (!codes.containsKey(code) && codes.size() >= MAX_CODES) {
                code = OTHER;
            }
            codes.merge(code, (long) failed, Long::sum);
        }
        long end = row.timeStampMs() + row.elapsedMs();
        firstEndMs = Math.min(firstEndMs, end);
        lastEndMs = Math.max(lastEndMs, end);
        if (service == null) {
            return;
        }
        long us = ScenarioStats.latencyMicros(row);
        service.recordValueWithCount(us, count);
        serviceMax = Math.max(serviceMax, us);
        long due = FromDueLatency.fromDueMicros(row);
        if (due >= 0) {
            fromDue.recordValueWithCount(due, count);
            fromDueMax = Math.max(fromDueMax, due);
        }
    }

    /** Adds what {@code other} counted. */
    void add(Calls other) {
        calls += other.calls;
        errors += other.errors;
        other.codes.forEach((code, n) -> {
            String c = !codes.containsKey(code) && codes.size() >= MAX_CODES ? OTHER : code;
            codes.merge(c, n, Long::sum);
        });
        if (service != null && other.service.getTotalCount() > 0) {
            service.add(other.service);
        }
        if (fromDue != null && other.fromDue.getTotalCount() > 0) {
            fromDue.add(other.fromDue);
        }
        serviceMax = Math.max(serviceMax, other.serviceMax);
        fromDueMax = Math.max(fromDueMax, other.fromDueMax);
        firstEndMs = Math.min(firstEndMs, other.firstEndMs);
        lastEndMs = Math.max(lastEndMs, other.lastEndMs);
    }

    /**
     * Takes away what {@code part} (calls counted here too) counted: the warm-up calls of a second that also has steady
     * ones. The maxima and the ends stay (they cannot be taken away): who needs them exact keeps them apart.
     */
    void subtract(Calls part) {
        calls -= part.calls;
        errors -= part.errors;
        part.codes.forEach((code, n) -> {
            String c = codes.containsKey(code) ? code : OTHER;
            long left = codes.getOrDefault(c, 0L) - n;
            if (left > 0) {
                codes.put(c, left);
            } else {
                codes.remove(c);
            }
        });
        if (service != null && part.service.getTotalCount() > 0) {
            service.subtract(part.service);
        }
        if (fromDue != null && part.fromDue.getTotalCount() > 0) {
            fromDue.subtract(part.fromDue);
        }
    }

    /** The service time's largest value (µs), -1 for none. */
    long serviceMax() {
        return serviceMax;
    }

    /** The largest latency from the due time (µs), -1 for none. */
    long fromDueMax() {
        return fromDueMax;
    }

    /** Empties it for reuse (the histograms keep their size). */
    void reset() {
        calls = 0;
        errors = 0;
        codes.clear();
        if (service != null) {
            service.reset();
            fromDue.reset();
        }
        serviceMax = -1;
        fromDueMax = -1;
        firstEndMs = Long.MAX_VALUE;
        lastEndMs = Long.MIN_VALUE;
    }

    public long calls() {
        return calls;
    }

    public long errors() {
        return errors;
    }

    /** Failed calls by failure code, in the order the codes first came. */
    public Map<String, Long> codes() {
        return codes;
    }

    public Latency service() {
        return service == null ? Latency.NONE : Latency.of(service, serviceMax);
    }

    /** From the due time; {@link Latency#NONE} when no call had a due time (the closed model). */
    public Latency fromDue() {
        return fromDue == null ? Latency.NONE : Latency.of(fromDue, fromDueMax);
    }

    /** As {@link #service()}, with the largest value {@code maxUs} (known apart). */
    Latency service(long maxUs) {
        return service == null ? Latency.NONE : Latency.of(service, maxUs);
    }

    /** As {@link #fromDue()}, with the largest value {@code maxUs} (known apart). */
    Latency fromDue(long maxUs) {
        return fromDue == null ? Latency.NONE : Latency.of(fromDue, maxUs);
    }

    /** The earliest end of a call counted, epoch ms; Long.MAX_VALUE when none. */
    long firstEndMs() {
        return firstEndMs;
    }

    /** The latest end of a call counted, epoch ms; Long.MIN_VALUE when none. */
    long lastEndMs() {
        return lastEndMs;
    }
}
