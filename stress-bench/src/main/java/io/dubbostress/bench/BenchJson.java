package io.dubbostress.bench;

import io.dubbostress.cli.json.JsonWriter;
import java.util.List;
import java.util.Map;

/**
 * {@code bench.json}: schema {@value #SCHEMA}; every run with its figures, the spreads, the ratios and the targets
 * (field names in docs/BENCHMARKS.md). Latencies in µs, CPU in ms, rates per second; a figure that could not be
 * measured is {@code null}.
 */
final class BenchJson {

    static final String SCHEMA = "dubbo-stress/bench/1";

    private BenchJson() {
    }

    static String render(BenchResults results, String generator) {
        JsonWriter w = new JsonWriter().beginObject();
        w.name("schema").value(SCHEMA);
        w.name("generator").value(generator);
        w.name("startedAt").value(results.startedAt);
        w.name("endedAt").value(results.endedAt);
        w.name("settings").value(results.settings.asMap());
        w.name("host").value(results.host);
        w.name("loadAverageAtEnd").value(results.loadAverageAtEnd);
        w.name("versions").value(results.versions);
        calls(w, results);
        tools(w, "report", results.report);
        tools(w, "gc", results.gc);
        w.name("targets").beginArray();
        for (BenchResults.Target t : results.targets()) {
            w.beginObject().name("name").value(t.name).name("wanted").value(t.wanted).name("measured")
                    .value(t.measured).name("met").value(t.met).endObject();
        }
        w.endArray();
        return w.endObject().toString() + "\n";
    }

    private static void calls(JsonWriter w, BenchResults results) {
        w.name("calls").beginObject();
        w.name("runs").beginArray();
        for (LoadResult r : results.calls) {
            w.beginObject()
                    .name("side").value(r.side.label())
                    .name("payloadBytes").value(r.payloadBytes)
                    .name("round").value(r.round)
                    .name("windowStartEpochMs").value(r.windowStartEpochMs)
                    .name("windowEndEpochMs").value(r.windowEndEpochMs)
                    .name("calls").value(r.calls)
                    .name("errors").value(r.errors)
                    .name("firstError").value(r.firstError)
                    .name("callsPerSecond").value(r.tps())
                    .name("meanUs").value(r.meanMicros())
                    .name("p50Us").value(r.percentile(50))
                    .name("p90Us").value(r.percentile(90))
                    .name("p99Us").value(r.percentile(99))
                    .name("p999Us").value(r.percentile(99.9))
                    .name("maxUs").value(r.calls == 0 ? Double.NaN : r.micros.getMaxValue())
                    .name("loadCpuMs").value(r.loadCpuMs)
                    .name("loadCpuMsPer1000Calls").value(r.perThousandCalls(r.loadCpuMs))
                    .name("loadCores").value(r.cores(r.loadCpuMs))
                    .name("providerCpuMsPer1000Calls").value(r.perThousandCalls(r.providerCpuMs))
                    .name("consumerCpuMsPer1000Calls").value(r.perThousandCalls(r.consumerCpuMs))
                    .name("otherCores").value(r.otherCores())
                    .endObject();
        }
        w.endArray();
        w.name("summary").beginArray();
        for (int payload : results.settings.payloads) {
            for (BenchSide side : results.settings.sides) {
                List<LoadResult> runs = results.runs(payload, side);
                if (runs.isEmpty()) {
                    continue;
                }
                w.beginObject().name("payloadBytes").value(payload).name("side").value(side.label())
                        .name("rounds").value(runs.size());
                spread(w, "callsPerSecond", Spread.of(runs, LoadResult::tps));
                spread(w, "p50Us", Spread.of(runs, r -> r.percentile(50)));
                spread(w, "p99Us", Spread.of(runs, r -> r.percentile(99)));
                spread(w, "p999Us", Spread.of(runs, r -> r.percentile(99.9)));
                spread(w, "loadCpuMsPer1000Calls", Spread.of(runs, r -> r.perThousandCalls(r.loadCpuMs)));
                spread(w, "providerCpuMsPer1000Calls", Spread.of(runs, r -> r.perThousandCalls(r.providerCpuMs)));
                spread(w, "consumerCpuMsPer1000Calls", Spread.of(runs, r -> r.perThousandCalls(r.consumerCpuMs)));
                spread(w, "otherCores", Spread.of(runs, LoadResult::otherCores));
                w.endObject();
            }
        }
        w.endArray();
        w.name("ratios").beginArray();
        for (BenchResults.Pair p : results.pairs()) {
            w.beginObject().name("payloadBytes").value(p.payloadBytes).name("ratio").value(p.name());
            spread(w, "callsPerSecond", p.tps());
            spread(w, "p50", p.p50());
            spread(w, "loadCpuPerCall", p.cpuPerCall());
            w.endObject();
        }
        w.endArray();
        w.endObject();
    }

    private static void tools(JsonWriter w, String name, List<ToolResult> runs) {
        w.name(name).beginObject().name("runs").beginArray();
        for (ToolResult r : runs) {
            w.beginObject()
                    .name("input").value(r.input)
                    .name("round").value(r.round)
                    .name("items").value(r.items)
                    .name("inputBytes").value(r.inputBytes)
                    .name("exitCode").value(r.measured.exitCode)
                    .name("wallSeconds").value(r.measured.wallSeconds)
                    .name("itemsPerSecond").value(r.itemsPerSecond())
                    .name("megabytesPerSecond").value(r.megabytesPerSecond())
                    .name("cpuSeconds").value(r.measured.cpuSeconds)
                    .name("peakRssKb").value(r.measured.peakRssKb)
                    .name("maxHeapAfterGcKb").value(r.maxHeapAfterGcKb)
                    .name("pinnedCpu").value(r.pinnedCpu)
                    .endObject();
        }
        w.endArray();
        w.name("summary").beginArray();
        for (Map.Entry<String, List<ToolResult>> e : BenchResults.byInput(runs).entrySet()) {
            List<ToolResult> r = e.getValue();
            w.beginObject().name("input").value(e.getKey()).name("items").value(r.get(0).items)
                    .name("inputBytes").value(r.get(0).inputBytes);
            spread(w, "wallSeconds", Spread.of(r, t -> t.measured.wallSeconds));
            spread(w, "itemsPerSecond", Spread.of(r, ToolResult::itemsPerSecond));
            spread(w, "cpuSeconds", Spread.of(r, t -> t.measured.cpuSeconds));
            spread(w, "peakRssKb", Spread.of(r, t -> t.measured.peakRssKb));
            spread(w, "maxHeapAfterGcKb", Spread.of(r, t -> t.maxHeapAfterGcKb));
            w.endObject();
        }
        w.endArray().endObject();
    }

    private static void spread(JsonWriter w, String name, Spread s) {
        w.name(name).beginObject().name("min").value(s.min).name("median").value(s.median).name("max").value(s.max)
                .endObject();
    }
}
