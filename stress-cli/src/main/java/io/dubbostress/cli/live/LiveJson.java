package io.dubbostress.cli.live;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dubbostress.report.run.ScenarioName;
import io.dubbostress.report.run.RunManifest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The live page's data ({@code /live.json}), schema {@value #SCHEMA}: the run, each scenario (its last seconds, its last
 * ten seconds and its steady state so far, its errors by failure code), the hop against direct pairs so far, the
 * agent's readings, the GC pauses, a capacity search's steps. Latencies are whole microseconds, a figure that has no
 * call under it is {@code null}. A poll carries the last {@value #RECENT_SECONDS} seconds of each series (the page
 * merges them by second), {@code full} every second kept: the page's first poll, or one after a gap.
 *
 * <pre>
 * {"schema": "dubbo-stress/live/1", "nowMs": ..., "run": {"status": "running", ...},
 *  "scenarios": [{"name": "direct-1k", "status": "running", "last10": {"callsPerSec": 9812.3, "service": {"p50": 412,
 *  ...}}, "seconds": [[1795306908, 9790, 0, {}, 405, 880, 2310, null, null, null, null], ...]}], ...}
 * </pre>
 */
final class LiveJson {

    static final String SCHEMA = "dubbo-stress/live/1";
    /** The columns of each second in {@code seconds}. */
    static final List<String> SECOND_COLUMNS = List.of("epochSecond", "calls", "errors", "codes", "serviceP50Us",
            "serviceP99Us", "serviceMaxUs", "fromDueP50Us", "fromDueP99Us", "fromDueMaxUs", "targetPerSec");
    /** GC pauses sent with each poll, per log. */
    static final int RECENT_PAUSES = 10;
    /** Seconds (and readings) of each series a poll carries when it does not ask for all: a page that missed fewer
     *  polls than this misses nothing. */
    static final int RECENT_SECONDS = 12;
    /** A scenario that ended this long ago carries no seconds any more (the page has them). */
    static final long ENDED_RECENTLY_MS = 60_000;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private LiveJson() {
    }

    static byte[] render(LiveRun live, boolean full) {
        long nowMs = System.currentTimeMillis();
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schema", SCHEMA);
        root.put("nowMs", nowMs);
        root.put("updatedMs", live.lastTickMs());
        root.put("full", full);
        root.put("recent", RECENT_SECONDS);
        run(root.putObject("run"), live);
        ArrayNode scenarios = root.putArray("scenarios");
        RunManifest m = live.manifest();
        for (Map.Entry<String, ScenarioLive> e : live.scenarios().entrySet()) {
            ScenarioLive s = e.getValue();
            boolean recent = !s.finished() || nowMs - s.finishedAtMs() < ENDED_RECENTLY_MS;
            scenario(scenarios.addObject(), s, record(m, e.getKey()), full ? Integer.MAX_VALUE
                    : recent ? RECENT_SECONDS : 0);
        }
        pairs(root.putArray("pairs"), live);
        readings(root.putObject("readings"), live, full ? Long.MIN_VALUE : Math.floorDiv(nowMs, 1000) - RECENT_SECONDS);
        gc(root.putObject("gc"), live);
        capacity(root.putArray("capacity"), live.capacitySteps());
        try {
            return MAPPER.writeValueAsBytes(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the live page's data cannot be written as JSON", e);
        }
    }

    private static RunManifest.ScenarioRecord record(RunManifest m, String name) {
        if (m == null) {
            return null;
        }
        return m.scenarios.stream().filter(r -> r.name.equals(name)).findFirst().orElse(null);
    }

    private static void run(ObjectNode run, LiveRun live) {
        RunManifest m = live.manifest();
        run.put("folder", live.folder().toString());
        run.put("runJson", m != null);
        run.put("status", m == null ? "following" : m.status.text());
        run.put("startedAt", m == null ? "" : m.startedAt);
        run.put("endedAt", m == null ? "" : m.endedAt);
        run.put("problem", live.manifestProblem());
        int cpus = m == null ? 0 : (int) parse(m.host.get("cpus"));
        run.put("cpus", cpus > 0 ? cpus : Runtime.getRuntime().availableProcessors());
        ObjectNode settings = run.putObject("settings");
        if (m != null) {
            for (String key : new String[] {"scenarios", "threads", "durationSeconds", "warmupSeconds", "rate", "slo",
                "repeat", "remote"}) {
                if (m.settings.containsKey(key)) {
                    settings.put(key, m.settings.get(key));
                }
            }
            ArrayNode order = run.putArray("scenarios");
            for (RunManifest.ScenarioRecord r : m.scenarios) {
                ObjectNode s = order.addObject();
                s.put("name", r.name);
                s.put("status", r.status.text());
            }
        }
        run.put("report", live.reportReady() ? "report.html" : null);
        run.put("reportPath", live.folder().resolve("report.html").toString());
    }

    /** Scenario {@code s} with its last {@code seconds} seconds shown. */
    private static void scenario(ObjectNode node, ScenarioLive s, RunManifest.ScenarioRecord record, int seconds) {
        node.put("name", s.name());
        node.put("status", record == null ? (s.finished() ? "ended" : "following") : record.status.text());
        node.put("message", record == null ? "" : record.message);
        node.put("firstStartMs", s.firstStartMs());
        long steady = s.steadyStartMs();
        if (steady == Long.MIN_VALUE) {
            node.putNull("steadyFromMs");
        } else {
            node.put("steadyFromMs", steady);
        }
        node.put("endMs", record == null || record.endEpochMs == 0 ? -1 : record.endEpochMs);
        node.put("target", s.schedule().isOpen() ? s.schedule().asProperty() : null);
        number(node, "targetNowPerSec", s.targetNow(System.currentTimeMillis()));
        ObjectNode last = node.putObject("last10");
        int n = s.lastSecondsCount();
        last.put("seconds", n);
        calls(last, s.lastSeconds(), n, s.lastSeconds().service(), s.lastSeconds().fromDue());
        ObjectNode steadyNode = node.putObject("steady");
        Calls st = s.steady();
        double steadySeconds = st.calls() == 0 || steady == Long.MIN_VALUE ? 0
                : Math.max(0.001, (Math.min(s.steadyLastEndMs(), s.shownUntilMs()) - steady) / 1000.0);
        steadyNode.put("seconds", Math.round(steadySeconds * 10) / 10.0);
        calls(steadyNode, st, steadySeconds, s.steadyService(), s.steadyFromDue());
        ObjectNode total = node.putObject("total");
        total.put("calls", s.total().calls());
        total.put("errors", s.total().errors());
        codes(total.putObject("codes"), s.total().codes());
        node.put("warmupCalls", s.warmupRows());
        node.put("late", s.late());
        node.put("malformedRows", s.malformedRows());
        node.put("unreadable", s.unreadable());
        node.put("finished", s.finished());
        ArrayNode shown = node.putArray("seconds");
        for (ScenarioLive.Second sec : s.recentSeconds(seconds)) {
            ArrayNode a = shown.addArray();
            a.add(sec.epochSecond());
            a.add(sec.calls());
            a.add(sec.errors());
            codes(a.addObject(), sec.codes());
            micros(a, sec.service().p50());
            micros(a, sec.service().p99());
            micros(a, sec.service().max());
            micros(a, sec.fromDue().p50());
            micros(a, sec.fromDue().p99());
            micros(a, sec.fromDue().max());
            if (Double.isNaN(sec.target())) {
                a.addNull();
            } else {
                a.add(Math.round(sec.target() * 100) / 100.0);
            }
        }
    }

    /** Calls, errors, codes, calls/s over {@code seconds} (0: none), and both latencies. */
    private static void calls(ObjectNode node, Calls c, double seconds, Latency service, Latency fromDue) {
        node.put("calls", c.calls());
        node.put("errors", c.errors());
        number(node, "callsPerSec", seconds > 0 ? Math.round(c.calls() / seconds * 10) / 10.0 : Double.NaN);
        codes(node.putObject("codes"), c.codes());
        latency(node.putObject("service"), service);
        latency(node.putObject("fromDue"), fromDue);
    }

    private static void latency(ObjectNode node, Latency l) {
        node.put("calls", l.count());
        putMicros(node, "p50", l.p50());
        putMicros(node, "p99", l.p99());
        putMicros(node, "max", l.max());
    }

    private static void codes(ObjectNode node, Map<String, Long> codes) {
        codes.forEach(node::put);
    }

    private static void micros(ArrayNode a, long us) {
        if (us < 0) {
            a.addNull();
        } else {
            a.add(us);
        }
    }

    private static void putMicros(ObjectNode node, String field, long us) {
        if (us < 0) {
            node.putNull(field);
        } else {
            node.put(field, us);
        }
    }

    private static double parse(String text) {
        try {
            return text == null ? 0 : Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static void number(ObjectNode node, String field, double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            node.putNull(field);
        } else {
            node.put(field, value);
        }
    }

    /** Each hop scenario beside its direct one, steady state against steady state so far. */
    private static void pairs(ArrayNode pairs, LiveRun live) {
        Map<String, ScenarioLive> all = live.scenarios();
        for (ScenarioLive hop : all.values()) {
            ScenarioName name = ScenarioName.of(hop.name());
            if (!name.isHop()) {
                continue;
            }
            ScenarioLive direct = all.get(name.directName());
            if (direct == null || hop.steady().calls() == 0 || direct.steady().calls() == 0) {
                continue;
            }
            ObjectNode pair = pairs.addObject();
            pair.put("hop", hop.name());
            pair.put("direct", direct.name());
            Latency h = hop.steadyService();
            Latency d = direct.steadyService();
            figure(pair.putObject("p50"), h.p50(), d.p50());
            figure(pair.putObject("p99"), h.p99(), d.p99());
            figure(pair.putObject("max"), h.max(), d.max());
            pair.put("hopCalls", hop.steady().calls());
            pair.put("directCalls", direct.steady().calls());
            pair.put("hopFinished", hop.finished());
            pair.put("directFinished", direct.finished());
        }
    }

    private static void figure(ObjectNode node, long hop, long direct) {
        node.put("hop", hop);
        node.put("direct", direct);
        node.put("added", hop - direct);
    }

    private static void readings(ObjectNode node, LiveRun live, long after) {
        node.put("agent", live.agentText());
        ObjectNode series = node.putObject("series");
        live.readings().after(after).forEach((label, points) -> {
            ArrayNode a = series.putArray(label);
            for (Readings.Point p : points) {
                a.addArray().add(p.epochSecond()).add(Math.round(p.value() * 10) / 10.0);
            }
        });
    }

    private static void gc(ObjectNode node, LiveRun live) {
        live.gcLogs().forEach((name, log) -> {
            ObjectNode g = node.putObject(name);
            g.put("pauses", log.pauses);
            g.put("totalMs", Math.round(log.totalMs * 1000) / 1000.0);
            g.put("maxMs", log.maxMs);
            ArrayNode recent = g.putArray("recent");
            List<GcPauseTail.Pause> last = new ArrayList<>(log.recent);
            for (GcPauseTail.Pause p : last.subList(Math.max(0, last.size() - RECENT_PAUSES), last.size())) {
                recent.addArray().add(p.epochMs()).add(p.pauseMs()).add(p.type());
            }
        });
    }

    private static void capacity(ArrayNode node, List<CapacityStep> steps) {
        for (CapacityStep s : steps) {
            ObjectNode n = node.addObject();
            n.put("scenario", s.scenario());
            n.put("run", s.run());
            n.put("step", s.step());
            n.put("rate", s.rate());
            n.put("fromMs", s.fromMs());
            n.put("toMs", s.toMs());
            n.put("verdict", s.verdict());
            n.put("limitedBy", s.limitedBy());
            number(n, "achievedPerSec", s.achievedPerSec());
            putMicros(n, "fromDueP99Us", s.fromDueP99Us());
        }
    }
}
