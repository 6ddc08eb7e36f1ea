package io.dubbostress.bench;

import io.dubbostress.cli.options.Scenario;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything one bench measured, and what follows from it: per payload and side the spread over rounds, per pair of
 * sides the ratios of the runs of the same round, and the targets of docs/BENCHMARKS.md, met or not.
 */
final class BenchResults {

    /** Throughput of the sampler at least this share of the raw client's. */
    static final double TARGET_TPS_RATIO = 0.95;
    /** The sampler's p50 at most this share above the raw client's. */
    static final double TARGET_P50_DEVIATION = 0.10;
    /** The sampler's JVM CPU per call at most this multiple of the raw client's, up to {@link #FEW_THREADS}. */
    static final double TARGET_CPU_RATIO = 1.0;
    /** The same beyond {@link #FEW_THREADS} calling threads (JMeter's per-thread work grows with the threads). */
    static final double TARGET_CPU_RATIO_MANY_THREADS = 1.1;
    /** The thread count up to which {@link #TARGET_CPU_RATIO} holds (the plans' default, 20). */
    static final int FEW_THREADS = 20;
    /** The Dubbo 3.3 jar's load-generator CPU per call at most this multiple of its raw client's (issue 27). */
    static final double TARGET_DUBBO3_CPU_RATIO = 1.15;
    /** The Dubbo 3.3 jar's load-generator CPU per call at most this multiple of the Dubbo 2.7 jar's (issue 27). */
    static final double TARGET_DUBBO3_VS_27_CPU_RATIO = 1.10;
    /** stress report rows per second. */
    static final double TARGET_REPORT_ROWS_PER_SECOND = 10_000_000;
    /** Flat heap: the peak resident set at N rows at most this multiple of that at N/10 rows. */
    static final double TARGET_HEAP_GROWTH = 1.25;

    final BenchSettings settings;
    final Map<String, String> host;
    final Map<String, String> versions;
    final List<LoadResult> calls = new ArrayList<>();
    final List<ToolResult> report = new ArrayList<>();
    /** The largest JTL read alone, by our reader and by a library one ({@link CsvReadCommand}). */
    final List<ToolResult> reads = new ArrayList<>();
    final List<ToolResult> gc = new ArrayList<>();
    String startedAt;
    String endedAt;
    double loadAverageAtEnd = Double.NaN;

    BenchResults(BenchSettings settings, Map<String, String> host, Map<String, String> versions) {
        this.settings = settings;
        this.host = host;
        this.versions = versions;
    }

    /** The runs of one side, thread count and payload, in round order. */
    List<LoadResult> runs(int threads, int payloadBytes, BenchSide side) {
        List<LoadResult> out = new ArrayList<>();
        for (LoadResult r : calls) {
            if (r.threads == threads && r.payloadBytes == payloadBytes && r.side == side) {
                out.add(r);
            }
        }
        return out;
    }

    /** Two sides compared round by round: {@code side} / {@code base}. */
    static final class Pair {
        final BenchSide side;
        final BenchSide base;
        final int threads;
        final int payloadBytes;
        // round, tps ratio, p50 ratio, cpu-per-call ratio, bytes-allocated-per-call ratio
        final List<double[]> perRound = new ArrayList<>();

        Pair(BenchSide side, BenchSide base, int threads, int payloadBytes) {
            this.side = side;
            this.base = base;
            this.threads = threads;
            this.payloadBytes = payloadBytes;
        }

        String name() {
            return side.label() + "/" + base.label();
        }

        Spread tps() {
            return Spread.of(perRound, r -> r[1]);
        }

        Spread p50() {
            return Spread.of(perRound, r -> r[2]);
        }

        Spread cpuPerCall() {
            return Spread.of(perRound, r -> r[3]);
        }

        Spread allocatedPerCall() {
            return Spread.of(perRound, r -> r[4]);
        }
    }

    /**
     * sampler/raw (the targets), hop/sampler (what the hop costs), raw-typed/raw (typed against generic),
     * sampler-b/sampler (two builds of the sampler), paced/paced-groovy (the Target Rate Schedule against the
     * Constant Throughput Timer with a __groovy rate, at the same fixed rate), paced-hop/paced (the hop at a fixed
     * rate); the two jars: sampler-3/raw-3 and sampler-tri/raw-tri (the 3.3 jar against its raw client over dubbo and
     * triple), sampler-3/sampler (the 3.3 jar against the 2.7 jar), raw-3/raw (Dubbo 3.3's client against 2.7's),
     * sampler-tri/sampler-3 (triple against dubbo in the 3.3 jar);
     * grpc-sampler/grpc-raw (the IDL mode against a raw grpc-java client).
     */
    List<Pair> pairs() {
        BenchSide[][] wanted = {{BenchSide.SAMPLER, BenchSide.RAW}, {BenchSide.HOP, BenchSide.SAMPLER},
            {BenchSide.RAW_TYPED, BenchSide.RAW}, {BenchSide.SAMPLER_B, BenchSide.SAMPLER},
            {BenchSide.PACED, BenchSide.PACED_GROOVY}, {BenchSide.PACED_HOP, BenchSide.PACED},
            {BenchSide.SAMPLER_3, BenchSide.RAW_3}, {BenchSide.SAMPLER_3, BenchSide.SAMPLER},
            {BenchSide.SAMPLER_TRI, BenchSide.RAW_TRI}, {BenchSide.RAW_3, BenchSide.RAW},
            {BenchSide.SAMPLER_TRI, BenchSide.SAMPLER_3},
            {BenchSide.GRPC_SAMPLER, BenchSide.GRPC_RAW}};
        List<Pair> pairs = new ArrayList<>();
        for (int threads : settings.threadCounts) {
            for (int payload : settings.payloads) {
                for (BenchSide[] w : wanted) {
                    Pair pair = new Pair(w[0], w[1], threads, payload);
                    for (LoadResult a : runs(threads, payload, w[0])) {
                        for (LoadResult b : runs(threads, payload, w[1])) {
                            if (a.round == b.round) {
                                pair.perRound.add(new double[] {a.round, a.tps() / b.tps(),
                                    a.percentile(50) / b.percentile(50),
                                    a.perThousandCalls(a.loadCpuMs) / b.perThousandCalls(b.loadCpuMs),
                                    a.allocatedBytesPerCall() / b.allocatedBytesPerCall()});
                            }
                        }
                    }
                    if (!pair.perRound.isEmpty()) {
                        pairs.add(pair);
                    }
                }
            }
        }
        return pairs;
    }

    /** A target: what it asks, what was measured (the median over rounds), and whether it holds. */
    static final class Target {
        final String name;
        final String wanted;
        final double measured;
        final boolean met;

        Target(String name, String wanted, double measured, boolean met) {
            this.name = name;
            this.wanted = wanted;
            this.measured = measured;
            this.met = met;
        }
    }

    List<Target> targets() {
        List<Target> targets = new ArrayList<>();
        for (Pair pair : pairs()) {
            String size = Scenario.sizeLabel(pair.payloadBytes)
                    + (settings.threadCounts.size() > 1 ? ", " + pair.threads + " threads" : "");
            double dubbo3Wanted = pair.side == BenchSide.SAMPLER_3 && pair.base == BenchSide.SAMPLER
                    ? TARGET_DUBBO3_VS_27_CPU_RATIO
                    : pair.base == BenchSide.RAW_3 || pair.base == BenchSide.RAW_TRI ? TARGET_DUBBO3_CPU_RATIO : 0;
            if (dubbo3Wanted > 0) {
                double cpu = pair.cpuPerCall().median;
                targets.add(new Target("load-generator CPU per call " + pair.name() + " " + size, "<= "
                        + dubbo3Wanted, cpu, cpu <= dubbo3Wanted));
            }
            if (pair.side != BenchSide.SAMPLER || pair.base != BenchSide.RAW) {
                continue;
            }
            double cpuWanted = pair.threads <= FEW_THREADS ? TARGET_CPU_RATIO : TARGET_CPU_RATIO_MANY_THREADS;
            double tps = pair.tps().median;
            double p50 = pair.p50().median;
            double cpu = pair.cpuPerCall().median;
            targets.add(new Target("throughput sampler/raw " + size, ">= " + TARGET_TPS_RATIO, tps,
                    tps >= TARGET_TPS_RATIO));
            // the sampler must not add latency; a p50 below the raw client's is not a miss (docs/BENCHMARKS.md)
            targets.add(new Target("p50 sampler/raw " + size, "<= " + (1 + TARGET_P50_DEVIATION), p50,
                    p50 <= 1 + TARGET_P50_DEVIATION));
            targets.add(new Target("load-generator CPU per call sampler/raw " + size, "<= " + cpuWanted, cpu,
                    cpu <= cpuWanted));
        }
        Map<String, List<ToolResult>> byInput = byInput(report);
        if (!byInput.isEmpty()) {
            List<ToolResult> largest = null;
            List<ToolResult> smallest = null;
            for (List<ToolResult> runs : byInput.values()) {
                if (largest == null || runs.get(0).items > largest.get(0).items) {
                    largest = runs;
                }
                if (smallest == null || runs.get(0).items < smallest.get(0).items) {
                    smallest = runs;
                }
            }
            double rate = Spread.of(largest, ToolResult::itemsPerSecond).median;
            targets.add(new Target("stress report rows/s, " + largest.get(0).items + " rows, one CPU",
                    ">= " + (long) TARGET_REPORT_ROWS_PER_SECOND, rate, rate >= TARGET_REPORT_ROWS_PER_SECOND));
            if (smallest != largest) {
                double big = Spread.of(largest, r -> r.measured.peakRssKb).max;
                double small = Spread.of(smallest, r -> r.measured.peakRssKb).max;
                double growth = big / small;
                targets.add(new Target("stress report peak RSS, " + largest.get(0).items + " vs "
                        + smallest.get(0).items + " rows (flat heap)", "<= " + TARGET_HEAP_GROWTH + "x", growth,
                        growth <= TARGET_HEAP_GROWTH));
            }
        }
        return targets;
    }

    /** Tool runs grouped by input, in first-seen order. */
    static Map<String, List<ToolResult>> byInput(List<ToolResult> runs) {
        Map<String, List<ToolResult>> out = new LinkedHashMap<>();
        for (ToolResult r : runs) {
            out.computeIfAbsent(r.input, k -> new ArrayList<>()).add(r);
        }
        return out;
    }
}
