package io.dubbostress.bench;

import io.dubbostress.cli.options.Scenario;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/** The bench's results as Markdown tables: every figure as median (min-max) over the rounds. */
final class BenchMarkdown {

    private BenchMarkdown() {
    }

    static String render(BenchResults results) {
        StringBuilder md = new StringBuilder();
        BenchSettings s = results.settings;
        md.append("# stress bench\n\n");
        md.append(String.format(Locale.ROOT, "%s CPUs (%s), Java %s; load average %s at the start, %s at the end. "
                        + "Figures: median (min-max) over %d round(s).%n%n", results.host.get("cpus"),
                results.host.get("cpuModel"), System.getProperty("java.specification.version"),
                results.host.get("loadAverageAtStart"), num(results.loadAverageAtEnd, 2), s.rounds));
        if (!results.calls.isEmpty()) {
            calls(md, results);
        }
        if (!results.report.isEmpty()) {
            tools(md, "stress report", "rows", "rows/s", results.report);
        }
        if (!results.reads.isEmpty()) {
            tools(md, "Reading the largest JTL alone (seven fields a row, no figures)", "rows", "rows/s", results.reads);
        }
        if (!results.gc.isEmpty()) {
            tools(md, "stress gc", "pauses", "pauses/s", results.gc);
        }
        List<BenchResults.Target> targets = results.targets();
        if (!targets.isEmpty()) {
            md.append("## Targets\n\n| target | wanted | measured (median) | met |\n|---|---|---:|---|\n");
            for (BenchResults.Target t : targets) {
                md.append("| ").append(t.name).append(" | ").append(t.wanted).append(" | ")
                        .append(t.measured >= 1000 ? num(t.measured, 0) : num(t.measured, 3)).append(" | ")
                        .append(t.met ? "yes" : "**no**").append(" |\n");
            }
            md.append('\n');
        }
        return md.toString();
    }

    private static void calls(StringBuilder md, BenchResults results) {
        BenchSettings s = results.settings;
        List<String> counts = new java.util.ArrayList<>();
        s.threadCounts.forEach(t -> counts.add(String.valueOf(t)));
        md.append(String.format(Locale.ROOT, "## Calls: %s threads (closed model), %s s measured after %s s of warm-up "
                        + "per run%n%n", String.join(", ", counts), num(s.duration.toMillis() / 1000.0, 0),
                num(s.warmup.toMillis() / 1000.0, 0)));
        md.append("| payload | threads | load generator | calls/s | p50 µs | p99 µs | p99.9 µs "
                + "| load-gen CPU ms/1000 calls | of which JIT | load-gen KiB allocated per call "
                + "| provider CPU ms/1000 calls | consumer CPU ms/1000 calls "
                + "| load-gen heap after GC MiB | load-gen JVM threads | other load (cores) | errors |\n");
        md.append("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (int threads : s.threadCounts) {
            for (int payload : s.payloads) {
                for (BenchSide side : s.sides) {
                    List<LoadResult> runs = results.runs(threads, payload, side);
                    if (!runs.isEmpty()) {
                        callsRow(md, threads, payload, side, runs);
                    }
                }
            }
        }
        md.append('\n');
        callRatios(md, results);
    }

    private static void callsRow(StringBuilder md, int threads, int payload, BenchSide side, List<LoadResult> runs) {
        long errors = 0;
        for (LoadResult r : runs) {
            errors += r.errors;
        }
        md.append("| ").append(Scenario.sizeLabel(payload)).append(" | ").append(threads).append(" | ")
                .append(side.label())
                .append(" | ").append(spread(runs, LoadResult::tps, 0))
                .append(" | ").append(spread(runs, r -> r.percentile(50), 0))
                .append(" | ").append(spread(runs, r -> r.percentile(99), 0))
                .append(" | ").append(spread(runs, r -> r.percentile(99.9), 0))
                .append(" | ").append(spread(runs, r -> r.perThousandCalls(r.loadCpuMs), 1))
                .append(" | ").append(spread(runs, r -> r.perThousandCalls(r.loadJitCpuMs), 1))
                .append(" | ").append(spread(runs, r -> r.allocatedBytesPerCall() / 1024, 2))
                .append(" | ").append(spread(runs, r -> r.perThousandCalls(r.providerCpuMs), 1))
                .append(" | ").append(spread(runs, r -> r.perThousandCalls(r.consumerCpuMs), 1))
                .append(" | ").append(spread(runs, r -> r.heapAfterGcKbOrNaN() / 1024, 0))
                .append(" | ").append(spread(runs, LoadResult::jvmThreadsOrNaN, 0))
                .append(" | ").append(spread(runs, LoadResult::otherCores, 2))
                .append(" | ").append(errors).append(" |\n");
    }

    private static void callRatios(StringBuilder md, BenchResults results) {
        List<BenchResults.Pair> pairs = results.pairs();
        if (!pairs.isEmpty()) {
            md.append("Ratios of the runs of the same round:\n\n");
            md.append("| payload | threads | ratio | calls/s | p50 | load-gen CPU per call | load-gen bytes allocated per call |\n"
                    + "|---|---:|---|---:|---:|---:|---:|\n");
            for (BenchResults.Pair p : pairs) {
                md.append("| ").append(Scenario.sizeLabel(p.payloadBytes)).append(" | ").append(p.threads)
                        .append(" | ").append(p.name())
                        .append(" | ").append(spread(p.tps(), 3)).append(" | ").append(spread(p.p50(), 3))
                        .append(" | ").append(spread(p.cpuPerCall(), 3))
                        .append(" | ").append(spread(p.allocatedPerCall(), 3)).append(" |\n");
            }
            md.append('\n');
        }
    }

    private static void tools(StringBuilder md, String title, String items, String rate, List<ToolResult> runs) {
        int cpu = runs.get(0).pinnedCpu;
        md.append("## ").append(title).append(cpu >= 0 ? " (pinned to CPU " + cpu + ")" : " (not pinned)")
                .append("\n\n");
        md.append("| input | ").append(items).append(" | MB | wall s | ").append(rate)
                .append(" | MB/s | CPU s | peak RSS MiB | heap after GC, max MiB |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Map.Entry<String, List<ToolResult>> e : BenchResults.byInput(runs).entrySet()) {
            List<ToolResult> r = e.getValue();
            md.append("| ").append(e.getKey()).append(" | ").append(num(r.get(0).items, 0)).append(" | ")
                    .append(num(r.get(0).inputBytes / 1e6, 1)).append(" | ")
                    .append(spread(r, t -> t.measured.wallSeconds, 2)).append(" | ")
                    .append(spread(r, ToolResult::itemsPerSecond, 0)).append(" | ")
                    .append(spread(r, ToolResult::megabytesPerSecond, 1)).append(" | ")
                    .append(spread(r, t -> t.measured.cpuSeconds, 2)).append(" | ")
                    .append(spread(r, t -> t.measured.peakRssKb / 1024.0, 0)).append(" | ")
                    .append(spread(r, t -> t.maxHeapAfterGcKb < 0 ? Double.NaN : t.maxHeapAfterGcKb / 1024.0, 0))
                    .append(" |\n");
        }
        md.append('\n');
    }

    private static <T> String spread(List<T> items, ToDoubleFunction<T> figure, int decimals) {
        return spread(Spread.of(items, figure), decimals);
    }

    static String spread(Spread s, int decimals) {
        if (s.count == 0) {
            return "-";
        }
        if (s.count == 1) {
            return num(s.median, decimals);
        }
        return num(s.median, decimals) + " (" + num(s.min, decimals) + "-" + num(s.max, decimals) + ")";
    }

    static String num(double value, int decimals) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "-";
        }
        return String.format(Locale.ROOT, "%,." + decimals + "f", value);
    }
}
