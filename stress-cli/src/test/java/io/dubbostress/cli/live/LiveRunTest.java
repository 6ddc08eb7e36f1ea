package io.dubbostress.cli.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the live page's data says of a run folder as {@code stress run} writes it (run.json, the JTL, jmeter.log's
 * schedule line, the GC logs, capacity.json), and of a folder a plain JMeter run writes its JTL into, ticked by the
 * test's clock.
 */
class LiveRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long T0 = ScenarioLiveTest.T0;

    @TempDir
    Path dir;

    private static JsonNode data(LiveRun live, boolean full) throws Exception {
        return JSON.readTree(live.json(full));
    }

    private static String runJson(String status, String scenarioStatus) {
        return "{\"status\": \"" + status + "\", \"settings\": {\"rate\": \"50\", \"durationSeconds\": \"10\", "
                + "\"warmupSeconds\": \"2.0\", \"threads\": \"2\"}, \"host\": {\"cpus\": \"2\"}, \"scenarios\": [{"
                + "\"name\": \"direct-1k\", \"status\": \"" + scenarioStatus + "\", \"startEpochMs\": " + (T0 - 5000)
                + ", \"warmupSeconds\": 2.0}, {\"name\": \"hop-1k\", \"status\": \"pending\"}]}";
    }

    @Test
    void aPollInTheSameSecondGetsTheAnswerAlreadyMadeUntilSomethingChanges() throws Exception {
        Path scenario = dir.resolve("scenarios/direct-1k");
        Files.createDirectories(scenario);
        Files.writeString(dir.resolve("run.json"), runJson("running", "running"));
        Files.writeString(scenario.resolve("results.jtl"), ScenarioLiveTest.HEADER + ScenarioLiveTest.row(T0, 900, null));
        LiveRun live = LiveRun.unstarted(dir, LiveRun.Agent.NONE);
        try {
            live.tick(T0 + 1_000);
            byte[] first;
            byte[] again;
            do { // two polls in one second of the wall clock (a second boundary between them: again)
                first = live.json(false);
                again = live.json(false);
            } while (JSON.readTree(first).get("nowMs").asLong() / 1000 != JSON.readTree(again).get("nowMs").asLong() / 1000);
            assertThat(again).as("nothing changed: the same answer").isSameAs(first);

            live.readings().write(System.currentTimeMillis(), "host cpu", 42.5);
            JsonNode read = data(live, false);
            assertThat(read.at("/readings/series/host cpu/0/1").asDouble()).as("a reading from the agent").isEqualTo(42.5);

            Files.writeString(scenario.resolve("results.jtl"), ScenarioLiveTest.row(T0 + 500, 700, "TIMEOUT"),
                    java.nio.file.StandardOpenOption.APPEND);
            live.tick(T0 + 2_000);
            JsonNode ticked = data(live, false);
            assertThat(ticked.get("updatedMs").asLong()).isEqualTo(T0 + 2_000);
            assertThat(ticked.at("/scenarios/0/total/calls").asLong()).as("the row read by the tick").isEqualTo(2);
            assertThat(ticked.at("/scenarios/0/total/codes/TIMEOUT").asLong()).isEqualTo(1);
            assertThat(live.json(true)).as("a full answer is made for its poll").isNotSameAs(live.json(true));
        } finally {
            live.close();
        }
    }

    @Test
    void aRunFoldersScenarioItsTargetItsSteadyStateItsGcPausesAndItsEnd() throws Exception {
        Path scenario = dir.resolve("scenarios/direct-1k");
        Files.createDirectories(scenario);
        Files.createDirectories(dir.resolve("gc"));
        Files.writeString(dir.resolve("run.json"), runJson("running", "running"));
        // the Target Rate Schedule's start: 1 s after the first (opening) call
        Files.writeString(scenario.resolve("jmeter.log"), "2026-11-28 10:00:01,000 INFO o.a.j.e: Target Rate Schedule "
                + "'x': the schedule started at " + (T0 + 1000) * 1000 + " us (epoch), rate 50\n");
        StringBuilder rows = new StringBuilder(ScenarioLiveTest.HEADER);
        rows.append(ScenarioLiveTest.row(T0, 300_000, null)); // the opening call
        for (int i = 0; i < 500; i++) {
            long start = T0 + 1000 + i * 20L;
            rows.append(ScenarioLiveTest.row(start, 1_500 + i, i % 100 == 7 ? "TIMEOUT" : null));
        }
        Files.writeString(scenario.resolve("results.jtl"), rows);
        Files.writeString(dir.resolve("gc/provider-gc.log"), "[2026-11-28T10:00:03.000+0000][5.0s][info][gc] GC(1) "
                + "Pause Young (Normal) (G1 Evacuation Pause) 24M->3M(256M) 4.250ms\n");
        LiveRun live = LiveRun.unstarted(dir, LiveRun.Agent.NONE);
        try {
            live.tick(T0 + 11_500);
            JsonNode json = data(live, true);
            assertThat(json.at("/run/status").asText()).isEqualTo("running");
            assertThat(json.at("/run/cpus").asInt()).isEqualTo(2);
            assertThat(json.at("/run/scenarios/1/status").asText()).isEqualTo("pending");
            JsonNode s = json.at("/scenarios/0");
            assertThat(json.get("scenarios")).as("only the scenarios that started").hasSize(1);
            assertThat(s.get("name").asText()).isEqualTo("direct-1k");
            assertThat(s.get("target").asText()).isEqualTo("50:10000ms");
            // the warm-up counts from the schedule's start, as the report counts it once the run ended
            assertThat(s.get("steadyFromMs").asLong()).isEqualTo(T0 + 1000 + 2000);
            assertThat(s.get("firstStartMs").asLong()).isEqualTo(T0);
            assertThat(s.at("/total/calls").asLong()).isEqualTo(501);
            assertThat(s.at("/total/codes/TIMEOUT").asLong()).isEqualTo(5);
            // the steady state up to the last second shown (seconds 0-7: a call that ended at 10.98 s was read)
            assertThat(s.at("/steady/calls").asLong()).isEqualTo(250);
            assertThat(s.get("finished").asBoolean()).isFalse();
            JsonNode seconds = s.get("seconds");
            assertThat(seconds.get(1).get(10).asDouble()).as("a second of the schedule: its target").isEqualTo(50.0);
            assertThat(json.at("/gc/provider/pauses").asInt()).isEqualTo(1);
            assertThat(json.at("/gc/provider/recent/0/1").asDouble()).isEqualTo(4.25);
            assertThat(json.at("/readings/agent").asText()).startsWith("no agent to read");

            // a poll that does not ask for all: the last 30 seconds of a scenario that has not ended
            assertThat(data(live, false).at("/scenarios/0/seconds").size()).isLessThanOrEqualTo(LiveJson.RECENT_SECONDS);

            Files.writeString(dir.resolve("run.json"), runJson("running", "completed"));
            live.tick(T0 + 12_000);
            s = data(live, true).at("/scenarios/0");
            assertThat(s.get("finished").asBoolean()).isTrue();
            long shown = 0;
            for (JsonNode second : s.get("seconds")) {
                shown += second.get(1).asLong();
            }
            assertThat(shown).as("every call in its second once the scenario ended").isEqualTo(501);
            assertThat(s.at("/steady/calls").asLong()).isEqualTo(400);
            assertThat(s.get("late").asLong()).isZero();
        } finally {
            live.close();
        }
    }

    @Test
    void aHopScenarioBesideItsDirectOneSteadyStateAgainstSteadyState() throws Exception {
        Files.writeString(dir.resolve("run.json"), "{\"status\": \"running\", \"settings\": {\"rate\": \"0\", "
                + "\"durationSeconds\": \"10\", \"warmupSeconds\": \"2.0\"}, \"scenarios\": ["
                + "{\"name\": \"direct-1k\", \"status\": \"completed\", \"startEpochMs\": " + T0
                + ", \"warmupSeconds\": 2.0}, {\"name\": \"hop-1k\", \"status\": \"completed\", \"startEpochMs\": "
                + (T0 + 20_000) + ", \"warmupSeconds\": 2.0}]}");
        List<Long> directSteady = scenario("direct-1k", T0, 400, 600);
        List<Long> hopSteady = scenario("hop-1k", T0 + 20_000, 2_000, 3_000);
        LiveRun live = LiveRun.unstarted(dir, LiveRun.Agent.NONE);
        try {
            live.tick(T0 + 40_000);
            JsonNode json = data(live, true);
            assertThat(json.get("pairs")).hasSize(1);
            JsonNode pair = json.at("/pairs/0");
            assertThat(pair.get("hop").asText()).isEqualTo("hop-1k");
            assertThat(pair.get("direct").asText()).isEqualTo("direct-1k");
            assertThat(pair.get("hopCalls").asLong()).isEqualTo(hopSteady.size());
            assertThat(pair.get("directCalls").asLong()).isEqualTo(directSteady.size());
            for (int p : new int[] {50, 99}) {
                JsonNode figure = pair.get("p" + p);
                ScenarioLiveTest.assertWithinPrecision(figure.get("hop").asLong(),
                        ScenarioLiveTest.nearestRank(hopSteady, p));
                ScenarioLiveTest.assertWithinPrecision(figure.get("direct").asLong(),
                        ScenarioLiveTest.nearestRank(directSteady, p));
                assertThat(figure.get("added").asLong()).as("p" + p + " added by the hop")
                        .isEqualTo(figure.get("hop").asLong() - figure.get("direct").asLong());
            }
            assertThat(pair.at("/max/hop").asLong()).isEqualTo(Collections.max(hopSteady));
            assertThat(pair.at("/max/direct").asLong()).isEqualTo(Collections.max(directSteady));
            assertThat(pair.get("hopFinished").asBoolean()).isTrue();
        } finally {
            live.close();
        }
    }

    /** 10 s of a scenario at 100 calls/s from {@code startMs}; returns the service times (µs) of its steady state. */
    private List<Long> scenario(String name, long startMs, long baseUs, int spreadUs) throws Exception {
        Path folder = dir.resolve("scenarios").resolve(name);
        Files.createDirectories(folder);
        StringBuilder rows = new StringBuilder(ScenarioLiveTest.HEADER);
        List<Long> steady = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            long start = startMs + i * 10L;
            long us = baseUs + (i * 37L) % spreadUs;
            rows.append(ScenarioLiveTest.row(start, us, null));
            if (start >= startMs + 2_000) {
                steady.add(us);
            }
        }
        Files.writeString(folder.resolve("results.jtl"), rows);
        return steady;
    }

    @Test
    void readsTheJtlOnlyWhileThePageIsWatchedAndAPageThatComesLateGetsEveryRow() throws Exception {
        Path jtl = dir.resolve("direct.jtl");
        StringBuilder rows = new StringBuilder(ScenarioLiveTest.HEADER);
        for (int i = 0; i < 3000; i++) {
            rows.append(ScenarioLiveTest.row(T0 + i * 10L, 700, null));
        }
        Files.writeString(jtl, rows);
        LiveRun live = LiveRun.unstarted(dir, LiveRun.Agent.NONE).followOnlyWhileWatched();
        try {
            live.tick(T0 + 31_000);
            assertThat(live.scenarios()).as("nobody watching: the JTL is not read").isEmpty();
            assertThat(data(live, true).get("scenarios")).as("the first poll finds nothing read yet").isEmpty();
            live.tick(T0 + 45_000); // 15 s after the last call: every second is over
            JsonNode s = data(live, true).at("/scenarios/0");
            assertThat(s.at("/total/calls").asLong()).as("every row since the start").isEqualTo(3000);
            long shown = 0;
            for (JsonNode second : s.get("seconds")) {
                shown += second.get(1).asLong();
            }
            assertThat(shown).as("in their seconds, none late").isEqualTo(3000);
            assertThat(s.get("late").asLong()).isZero();
        } finally {
            live.close();
        }
    }

    @Test
    void aCapacitySearchsStepsFromCapacityJson() throws Exception {
        Files.writeString(dir.resolve("capacity.json"), "{\"schema\": \"x\", \"scenarios\": [{\"name\": \"direct-1k\","
                + " \"trials\": [{\"scenario\": \"direct-1k-search-1\", \"step\": 1, \"targetPerSec\": 200.0, "
                + "\"achievedPerSec\": 199.5, \"fromDueP99Us\": 1800, \"verdict\": \"held\", \"limitedBy\": \"nothing\","
                + " \"window\": {\"fromEpochMs\": 1000, \"toEpochMs\": 9000}}]}]}");
        LiveRun live = LiveRun.unstarted(dir, LiveRun.Agent.NONE);
        try {
            live.tick(T0);
            JsonNode step = data(live, false).at("/capacity/0");
            assertThat(step.get("run").asText()).isEqualTo("direct-1k-search-1");
            assertThat(step.get("rate").asDouble()).isEqualTo(200.0);
            assertThat(step.get("verdict").asText()).isEqualTo("held");
            assertThat(step.get("fromDueP99Us").asLong()).isEqualTo(1800);
        } finally {
            live.close();
        }
    }

    @Test
    void aFolderOfJtlsAPlainJMeterRunWritesEachAScenarioEndedWhenQuiet() throws Exception {
        Path jtl = dir.resolve("direct.jtl");
        StringBuilder rows = new StringBuilder(ScenarioLiveTest.HEADER);
        for (int i = 0; i < 100; i++) {
            rows.append(ScenarioLiveTest.row(T0 + i * 50L, 900, null));
        }
        Files.writeString(jtl, rows);
        Files.setLastModifiedTime(jtl, FileTime.fromMillis(T0 + 5_000));
        LiveRun live = LiveRun.unstarted(dir, LiveRun.Agent.FROM_RUN_JSON);
        try {
            live.tick(T0 + 6_000);
            JsonNode json = data(live, true);
            assertThat(json.at("/run/status").asText()).isEqualTo("following");
            assertThat(json.at("/scenarios/0/name").asText()).isEqualTo("direct");
            assertThat(json.at("/scenarios/0/finished").asBoolean()).isFalse();
            assertThat(json.at("/scenarios/0/steadyFromMs").isNull()).as("no warm-up known: no steady state").isTrue();
            live.tick(T0 + 5_000 + LiveRun.QUIET_JTL_MS + 1);
            json = data(live, true);
            assertThat(json.at("/scenarios/0/finished").asBoolean()).isTrue();
            assertThat(json.at("/scenarios/0/status").asText()).isEqualTo("ended");
            assertThat(json.at("/scenarios/0/total/calls").asLong()).isEqualTo(100);
            assertThat(json.at("/scenarios/0/seconds")).hasSize(5);
        } finally {
            live.close();
        }
    }
}
