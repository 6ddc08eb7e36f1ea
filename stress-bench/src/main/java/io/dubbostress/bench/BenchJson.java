package io.dubbostress.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dubbostress.report.Json;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * {@code bench.json}: schema {@value #SCHEMA}; every run with its figures, the spreads, the ratios and the targets
 * (field names in docs/BENCHMARKS.md). Latencies in µs, CPU in ms, rates per second; a figure that could not be
 * measured is {@code null}. Written through the project's one Jackson mapper ({@link Json}).
 */
final class BenchJson {

    static final String SCHEMA = "dubbo-stress/bench/1";

    private BenchJson() {
    }

    static String render(BenchResults results, String generator) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.put("schema", SCHEMA);
        root.put("generator", generator);
        root.put("startedAt", results.startedAt);
        root.put("endedAt", results.endedAt);
        root.set("settings", Json.MAPPER.valueToTree(results.settings.asMap()));
        root.set("host", Json.MAPPER.valueToTree(results.host));
        number(root, "loadAverageAtEnd", results.loadAverageAtEnd);
        root.set("versions", Json.MAPPER.valueToTree(results.versions));
        calls(root.putObject("calls"), results);
        tools(root.putObject("report"), results.report);
        tools(root.putObject("gc"), results.gc);
        tools(root.putObject("reads"), results.reads);
        ArrayNode targets = root.putArray("targets");
        for (BenchResults.Target t : results.targets()) {
            ObjectNode target = targets.addObject().put("name", t.name).put("wanted", t.wanted);
            number(target, "measured", t.measured);
            target.put("met", t.met);
        }
        try {
            return Json.MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void calls(ObjectNode calls, BenchResults results) {
        ArrayNode runs = calls.putArray("runs");
        for (LoadResult r : results.calls) {
            ObjectNode run = runs.addObject()
                    .put("side", r.side.label())
                    .put("threads", r.threads)
                    .put("payloadBytes", r.payloadBytes)
                    .put("round", r.round)
                    .put("windowStartEpochMs", r.windowStartEpochMs)
                    .put("windowEndEpochMs", r.windowEndEpochMs)
                    .put("calls", r.calls)
                    .put("errors", r.errors)
                    .put("firstError", r.firstError);
            number(run, "callsPerSecond", r.tps());
            number(run, "meanUs", r.meanMicros());
            number(run, "p50Us", r.percentile(50));
            number(run, "p90Us", r.percentile(90));
            number(run, "p99Us", r.percentile(99));
            number(run, "p999Us", r.percentile(99.9));
            number(run, "maxUs", r.calls == 0 ? Double.NaN : r.micros.getMaxValue());
            number(run, "loadCpuMs", r.loadCpuMs);
            number(run, "loadCpuMsPer1000Calls", r.perThousandCalls(r.loadCpuMs));
            number(run, "loadCores", r.cores(r.loadCpuMs));
            number(run, "loadJitCpuMsPer1000Calls", r.perThousandCalls(r.loadJitCpuMs));
            if (r.loadCpuMsByThreadGroup.isEmpty()) {
                run.putNull("loadCpuMsPer1000CallsByThreadGroup");
            } else {
                ObjectNode byGroup = run.putObject("loadCpuMsPer1000CallsByThreadGroup");
                r.loadCpuMsByThreadGroup.forEach((group, ms) -> {
                    if (ms > 0) {
                        number(byGroup, group, r.perThousandCalls(ms));
                    }
                });
            }
            number(run, "loadAllocatedBytesPerCall", r.allocatedBytesPerCall());
            number(run, "providerCpuMsPer1000Calls", r.perThousandCalls(r.providerCpuMs));
            number(run, "consumerCpuMsPer1000Calls", r.perThousandCalls(r.consumerCpuMs));
            number(run, "otherCores", r.otherCores());
            number(run, "heapAfterGcKb", r.heapAfterGcKbOrNaN());
            number(run, "jvmThreads", r.jvmThreadsOrNaN());
        }
        ArrayNode summary = calls.putArray("summary");
        for (int threads : results.settings.threadCounts) {
            for (int payload : results.settings.payloads) {
                for (BenchSide side : results.settings.sides) {
                    List<LoadResult> sideRuns = results.runs(threads, payload, side);
                    if (sideRuns.isEmpty()) {
                        continue;
                    }
                    ObjectNode s = summary.addObject().put("threads", threads).put("payloadBytes", payload)
                            .put("side", side.label()).put("rounds", sideRuns.size());
                    spread(s, "callsPerSecond", Spread.of(sideRuns, LoadResult::tps));
                    spread(s, "p50Us", Spread.of(sideRuns, r -> r.percentile(50)));
                    spread(s, "p99Us", Spread.of(sideRuns, r -> r.percentile(99)));
                    spread(s, "p999Us", Spread.of(sideRuns, r -> r.percentile(99.9)));
                    spread(s, "loadCpuMsPer1000Calls", Spread.of(sideRuns, r -> r.perThousandCalls(r.loadCpuMs)));
                    spread(s, "loadJitCpuMsPer1000Calls",
                            Spread.of(sideRuns, r -> r.perThousandCalls(r.loadJitCpuMs)));
                    spread(s, "loadAllocatedBytesPerCall", Spread.of(sideRuns, LoadResult::allocatedBytesPerCall));
                    spread(s, "providerCpuMsPer1000Calls",
                            Spread.of(sideRuns, r -> r.perThousandCalls(r.providerCpuMs)));
                    spread(s, "consumerCpuMsPer1000Calls",
                            Spread.of(sideRuns, r -> r.perThousandCalls(r.consumerCpuMs)));
                    spread(s, "otherCores", Spread.of(sideRuns, LoadResult::otherCores));
                    spread(s, "heapAfterGcKb", Spread.of(sideRuns, LoadResult::heapAfterGcKbOrNaN));
                    spread(s, "jvmThreads", Spread.of(sideRuns, LoadResult::jvmThreadsOrNaN));
                }
            }
        }
        ArrayNode ratios = calls.putArray("ratios");
        for (BenchResults.Pair p : results.pairs()) {
            ObjectNode ratio = ratios.addObject().put("threads", p.threads).put("payloadBytes", p.payloadBytes)
                    .put("ratio", p.name());
            spread(ratio, "callsPerSecond", p.tps());
            spread(ratio, "p50", p.p50());
            spread(ratio, "loadCpuPerCall", p.cpuPerCall());
            spread(ratio, "loadAllocatedBytesPerCall", p.allocatedPerCall());
        }
    }

    private static void tools(ObjectNode tool, List<ToolResult> results) {
        ArrayNode runs = tool.putArray("runs");
        for (ToolResult r : results) {
            ObjectNode run = runs.addObject()
                    .put("input", r.input)
                    .put("round", r.round)
                    .put("items", r.items)
                    .put("inputBytes", r.inputBytes)
                    .put("exitCode", r.measured.exitCode);
            number(run, "wallSeconds", r.measured.wallSeconds);
            number(run, "itemsPerSecond", r.itemsPerSecond());
            number(run, "megabytesPerSecond", r.megabytesPerSecond());
            number(run, "cpuSeconds", r.measured.cpuSeconds);
            run.put("peakRssKb", r.measured.peakRssKb)
                    .put("maxHeapAfterGcKb", r.maxHeapAfterGcKb)
                    .put("pinnedCpu", r.pinnedCpu);
        }
        ArrayNode summary = tool.putArray("summary");
        for (Map.Entry<String, List<ToolResult>> e : BenchResults.byInput(results).entrySet()) {
            List<ToolResult> r = e.getValue();
            ObjectNode s = summary.addObject().put("input", e.getKey()).put("items", r.get(0).items)
                    .put("inputBytes", r.get(0).inputBytes);
            spread(s, "wallSeconds", Spread.of(r, t -> t.measured.wallSeconds));
            spread(s, "itemsPerSecond", Spread.of(r, ToolResult::itemsPerSecond));
            spread(s, "cpuSeconds", Spread.of(r, t -> t.measured.cpuSeconds));
            spread(s, "peakRssKb", Spread.of(r, t -> t.measured.peakRssKb));
            spread(s, "maxHeapAfterGcKb", Spread.of(r, t -> t.maxHeapAfterGcKb));
        }
    }

    private static void spread(ObjectNode parent, String name, Spread s) {
        ObjectNode node = parent.putObject(name);
        number(node, "min", s.min);
        number(node, "median", s.median);
        number(node, "max", s.max);
    }

    /** A figure: {@code null} when it could not be measured (NaN), a whole number without ".0". */
    static void number(ObjectNode node, String name, double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            node.putNull(name);
        } else if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            node.put(name, (long) value);
        } else {
            node.put(name, value);
        }
    }
}
