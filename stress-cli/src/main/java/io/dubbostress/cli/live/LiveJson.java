package io.dubbostress.cli.live;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.dubbostress.report.run.ScenarioName;
import io.dubbostress.report.run.RunManifest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The live page's data ({@code /live.json}), schema {@value #SCHEMA}: the run, each scenario (its last seconds, its last
 * ten seconds and its steady state so far, its errors by failure code), the hop against direct pairs so far, the
 * agent's readings, the GC pauses, a capacity search's steps. Latencies are whole microseconds, a figure that has no
 * call under it is {@code null}. A poll carries the last {@value #RECENT_SECONDS} seconds of each series (the page
 * merges them by second), {@code full} every second kept: the page's first poll, or one after a gap. Written straight
 * to bytes with Jackson's streaming generator (no tree of nodes per poll: the page asks once a second, a code path
 * that the JIT compiles late and that should allocate little).
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

    private static final JsonFactory JSON = new JsonFactory();

    private LiveJson() {
    }

    static byte[] render(LiveRun live, boolean full) {
        long nowMs = System.currentTimeMillis();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(full ? 64 * 1024 : 8 * 1024);
        try (JsonGenerator g = JSON.createGenerator(bytes, JsonEncoding.UTF8)) {
            g.writeStartObject();
            g.writeStringField("schema", SCHEMA);
            g.writeNumberField("nowMs", nowMs);
            g.writeNumberField("updatedMs", live.lastTickMs());
            g.writeBooleanField("full", full);
            g.writeNumberField("recent", RECENT_SECONDS);
            g.writeObjectFieldStart("run");
            run(g, live);
            g.writeEndObject();
            g.writeArrayFieldStart("scenarios");
            RunManifest m = live.manifest();
            for (Map.Entry<String, ScenarioLive> e : live.scenarios().entrySet()) {
                ScenarioLive s = e.getValue();
                boolean recent = !s.finished() || nowMs - s.finishedAtMs() < ENDED_RECENTLY_MS;
                g.writeStartObject();
                scenario(g, s, record(m, e.getKey()), full ? Integer.MAX_VALUE : recent ? RECENT_SECONDS : 0);
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("pairs");
            pairs(g, live);
            g.writeEndArray();
            g.writeObjectFieldStart("readings");
            readings(g, live, full ? Long.MIN_VALUE : Math.floorDiv(nowMs, 1000) - RECENT_SECONDS);
            g.writeEndObject();
            g.writeObjectFieldStart("gc");
            gc(g, live);
            g.writeEndObject();
            g.writeArrayFieldStart("capacity");
            capacity(g, live.capacitySteps());
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("the live page's data cannot be written as JSON", e);
        }
        return bytes.toByteArray();
    }

    private static RunManifest.ScenarioRecord record(RunManifest m, String name) {
        if (m == null) {
            return null;
        }
        for (RunManifest.ScenarioRecord r : m.scenarios) {
            if (r.name.equals(name)) {
                return r;
            }
        }
        return null;
    }

    private static void run(JsonGenerator g, LiveRun live) throws IOException {
        RunManifest m = live.manifest();
        g.writeStringField("folder", live.folder().toString());
        g.writeBooleanField("runJson", m != null);
        g.writeStringField("status", m == null ? "following" : m.status.text());
        g.writeStringField("startedAt", m == null ? "" : m.startedAt);
        g.writeStringField("endedAt", m == null ? "" : m.endedAt);
        g.writeStringField("problem", live.manifestProblem());
        int cpus = m == null ? 0 : (int) parse(m.host.get("cpus"));
        g.writeNumberField("cpus", cpus > 0 ? cpus : Runtime.getRuntime().availableProcessors());
        g.writeObjectFieldStart("settings");
        if (m != null) {
            for (String key : new String[] {"scenarios", "threads", "durationSeconds", "warmupSeconds", "rate", "slo",
                "repeat", "remote"}) {
                if (m.settings.containsKey(key)) {
                    g.writeStringField(key, m.settings.get(key));
                }
            }
        }
        g.writeEndObject();
        if (m != null) {
            g.writeArrayFieldStart("scenarios");
            for (RunManifest.ScenarioRecord r : m.scenarios) {
                g.writeStartObject();
                g.writeStringField("name", r.name);
                g.writeStringField("status", r.status.text());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeStringField("report", live.reportReady() ? "report.html" : null);
        g.writeStringField("reportPath", live.folder().resolve("report.html").toString());
    }

    /** Scenario {@code s} with its last {@code seconds} seconds shown. */
    private static void scenario(JsonGenerator g, ScenarioLive s, RunManifest.ScenarioRecord record, int seconds)
            throws IOException {
        g.writeStringField("name", s.name());
        g.writeStringField("status", record == null ? (s.finished() ? "ended" : "following") : record.status.text());
        g.writeStringField("message", record == null ? "" : record.message);
        g.writeNumberField("firstStartMs", s.firstStartMs());
        long steady = s.steadyStartMs();
        if (steady == Long.MIN_VALUE) {
            g.writeNullField("steadyFromMs");
        } else {
            g.writeNumberField("steadyFromMs", steady);
        }
        g.writeNumberField("endMs", record == null || record.endEpochMs == 0 ? -1 : record.endEpochMs);
        g.writeStringField("target", s.schedule().isOpen() ? s.schedule().asProperty() : null);
        number(g, "targetNowPerSec", s.targetNow(System.currentTimeMillis()));
        g.writeObjectFieldStart("last10");
        int n = s.lastSecondsCount();
        g.writeNumberField("seconds", n);
        calls(g, s.lastSeconds(), n, s.lastSeconds().service(), s.lastSeconds().fromDue());
        g.writeEndObject();
        g.writeObjectFieldStart("steady");
        Calls st = s.steady();
        double steadySeconds = st.calls() == 0 || steady == Long.MIN_VALUE ? 0
                : Math.max(0.001, (Math.min(s.steadyLastEndMs(), s.shownUntilMs()) - steady) / 1000.0);
        g.writeNumberField("seconds", Math.round(steadySeconds * 10) / 10.0);
        calls(g, st, steadySeconds, s.steadyService(), s.steadyFromDue());
        g.writeEndObject();
        g.writeObjectFieldStart("total");
        g.writeNumberField("calls", s.total().calls());
        g.writeNumberField("errors", s.total().errors());
        codes(g, "codes", s.total().codes());
        g.writeEndObject();
        g.writeNumberField("warmupCalls", s.warmupRows());
        g.writeNumberField("late", s.late());
        g.writeNumberField("malformedRows", s.malformedRows());
        g.writeStringField("unreadable", s.unreadable());
        g.writeBooleanField("finished", s.finished());
        g.writeArrayFieldStart("seconds");
        for (ScenarioLive.Second sec : s.recentSeconds(seconds)) {
            g.writeStartArray();
            g.writeNumber(sec.epochSecond());
            g.writeNumber(sec.calls());
            g.writeNumber(sec.errors());
            g.writeStartObject();
            for (Map.Entry<String, Long> c : sec.codes().entrySet()) {
                g.writeNumberField(c.getKey(), c.getValue());
            }
            g.writeEndObject();
            micros(g, sec.service().p50());
            micros(g, sec.service().p99());
            micros(g, sec.service().max());
            micros(g, sec.fromDue().p50());
            micros(g, sec.fromDue().p99());
            micros(g, sec.fromDue().max());
            if (Double.isNaN(sec.target())) {
                g.writeNull();
            } else {
                g.writeNumber(Math.round(sec.target() * 100) / 100.0);
            }
            g.writeEndArray();
        }
        g.writeEndArray();
    }

    /** Calls, errors, codes, calls/s over {@code seconds} (0: none), and both latencies. */
    private static void calls(JsonGenerator g, Calls c, double seconds, Latency service, Latency fromDue)
            throws IOException {
        g.writeNumberField("calls", c.calls());
        g.writeNumberField("errors", c.errors());
        number(g, "callsPerSec", seconds > 0 ? Math.round(c.calls() / seconds * 10) / 10.0 : Double.NaN);
        codes(g, "codes", c.codes());
        latency(g, "service", service);
        latency(g, "fromDue", fromDue);
    }

    private static void latency(JsonGenerator g, String field, Latency l) throws IOException {
        g.writeObjectFieldStart(field);
        g.writeNumberField("calls", l.count());
        putMicros(g, "p50", l.p50());
        putMicros(g, "p99", l.p99());
        putMicros(g, "max", l.max());
        g.writeEndObject();
    }

    private static void codes(JsonGenerator g, String field, Map<String, Long> codes) throws IOException {
        g.writeObjectFieldStart(field);
        for (Map.Entry<String, Long> c : codes.entrySet()) {
            g.writeNumberField(c.getKey(), c.getValue());
        }
        g.writeEndObject();
    }

    private static void micros(JsonGenerator g, long us) throws IOException {
        if (us < 0) {
            g.writeNull();
        } else {
            g.writeNumber(us);
        }
    }

    private static void putMicros(JsonGenerator g, String field, long us) throws IOException {
        if (us < 0) {
            g.writeNullField(field);
        } else {
            g.writeNumberField(field, us);
        }
    }

    private static double parse(String text) {
        try {
            return text == null ? 0 : Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static void number(JsonGenerator g, String field, double value) throws IOException {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            g.writeNullField(field);
        } else {
            g.writeNumberField(field, value);
        }
    }

    /** Each hop scenario beside its direct one, steady state against steady state so far. */
    private static void pairs(JsonGenerator g, LiveRun live) throws IOException {
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
            g.writeStartObject();
            g.writeStringField("hop", hop.name());
            g.writeStringField("direct", direct.name());
            Latency h = hop.steadyService();
            Latency d = direct.steadyService();
            figure(g, "p50", h.p50(), d.p50());
            figure(g, "p99", h.p99(), d.p99());
            figure(g, "max", h.max(), d.max());
            g.writeNumberField("hopCalls", hop.steady().calls());
            g.writeNumberField("directCalls", direct.steady().calls());
            g.writeBooleanField("hopFinished", hop.finished());
            g.writeBooleanField("directFinished", direct.finished());
            g.writeEndObject();
        }
    }

    private static void figure(JsonGenerator g, String field, long hop, long direct) throws IOException {
        g.writeObjectFieldStart(field);
        g.writeNumberField("hop", hop);
        g.writeNumberField("direct", direct);
        g.writeNumberField("added", hop - direct);
        g.writeEndObject();
    }

    private static void readings(JsonGenerator g, LiveRun live, long after) throws IOException {
        g.writeStringField("agent", live.agentText());
        g.writeObjectFieldStart("series");
        for (Map.Entry<String, List<Readings.Point>> e : live.readings().after(after).entrySet()) {
            g.writeArrayFieldStart(e.getKey());
            for (Readings.Point p : e.getValue()) {
                g.writeStartArray();
                g.writeNumber(p.epochSecond());
                g.writeNumber(Math.round(p.value() * 10) / 10.0);
                g.writeEndArray();
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    private static void gc(JsonGenerator g, LiveRun live) throws IOException {
        for (Map.Entry<String, LiveRun.GcLog> e : live.gcLogs().entrySet()) {
            LiveRun.GcLog log = e.getValue();
            g.writeObjectFieldStart(e.getKey());
            g.writeNumberField("pauses", log.pauses);
            g.writeNumberField("totalMs", Math.round(log.totalMs * 1000) / 1000.0);
            g.writeNumberField("maxMs", log.maxMs);
            g.writeArrayFieldStart("recent");
            List<GcPauseTail.Pause> last = new ArrayList<>(log.recent);
            for (GcPauseTail.Pause p : last.subList(Math.max(0, last.size() - RECENT_PAUSES), last.size())) {
                g.writeStartArray();
                g.writeNumber(p.epochMs());
                g.writeNumber(p.pauseMs());
                g.writeString(p.type());
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    private static void capacity(JsonGenerator g, List<CapacityStep> steps) throws IOException {
        for (CapacityStep s : steps) {
            g.writeStartObject();
            g.writeStringField("scenario", s.scenario());
            g.writeStringField("run", s.run());
            g.writeNumberField("step", s.step());
            g.writeNumberField("rate", s.rate());
            g.writeNumberField("fromMs", s.fromMs());
            g.writeNumberField("toMs", s.toMs());
            g.writeStringField("verdict", s.verdict());
            g.writeStringField("limitedBy", s.limitedBy());
            number(g, "achievedPerSec", s.achievedPerSec());
            putMicros(g, "fromDueP99Us", s.fromDueP99Us());
            g.writeEndObject();
        }
    }
}
