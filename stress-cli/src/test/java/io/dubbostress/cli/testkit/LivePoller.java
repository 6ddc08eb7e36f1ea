package io.dubbostress.cli.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dubbostress.testsupport.ChildJvm;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a running {@code stress run}'s live page data ({@code /live.json}) every half second on a thread of its own,
 * from the address the run prints, until the run ends: what a page polling it would have been told, for the test to
 * check against the JTL afterwards. No browser: {@code LivePageIT} has the browser.
 *
 * <pre>{@code
 * try (LivePoller live = LivePoller.start(cli)) {
 *     cli.waitFor(Duration.ofMinutes(5));
 * }
 * live.seconds("direct-1k");     // epoch second -> [calls, errors, ...] as the page was told, the last time
 * }</pre>
 */
public final class LivePoller implements AutoCloseable {

    private static final Pattern ADDRESS = Pattern.compile("live page: (http://127\\.0\\.0\\.1:\\d+/)");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ChildJvm cli;
    private final List<JsonNode> answers = new CopyOnWriteArrayList<>();
    private final Thread thread;
    private volatile boolean stop;
    private boolean reportFetched;

    private LivePoller(ChildJvm cli) {
        this.cli = cli;
        this.thread = new Thread(this::poll, "live-poller");
        this.thread.setDaemon(true);
    }

    public static LivePoller start(ChildJvm cli) {
        LivePoller poller = new LivePoller(cli);
        poller.thread.start();
        return poller;
    }

    private void poll() {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        String address = null;
        while (!stop && cli.isAlive()) {
            try {
                if (address == null) {
                    Matcher m = ADDRESS.matcher(cli.logText());
                    address = m.find() ? m.group(1) : null;
                }
                if (address != null) {
                    String body = http.send(HttpRequest.newBuilder(URI.create(address + "live.json"))
                            .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString()).body();
                    JsonNode answer = JSON.readTree(body);
                    answers.add(answer);
                    if (!reportFetched && answer.at("/run/report").isTextual()) {
                        // as the page does: the run waits for a watching page to fetch it (up to 5 s), not longer
                        http.send(HttpRequest.newBuilder(URI.create(address + "report.html")).build(),
                                HttpResponse.BodyHandlers.discarding());
                        reportFetched = true;
                    }
                }
                Thread.sleep(500);
            } catch (InterruptedException e) {
                return;
            } catch (Exception e) {
                // the run is ending, or not serving yet: ask again
            }
        }
    }

    /** Every answer, in order. */
    public List<JsonNode> answers() {
        return new ArrayList<>(answers);
    }

    /**
     * The seconds of {@code scenario} the page was told about while it ran (not yet finished), each second as it was
     * told the last time: epoch second -> [second, calls, errors, codes, ...] ({@code LiveJson}'s columns).
     */
    public Map<Long, JsonNode> secondsWhileRunning(String scenario) {
        Map<Long, JsonNode> seconds = new TreeMap<>();
        for (JsonNode answer : answers) {
            for (JsonNode s : answer.path("scenarios")) {
                if (s.path("name").asText().equals(scenario) && !s.path("finished").asBoolean()) {
                    for (JsonNode second : s.path("seconds")) {
                        seconds.put(second.get(0).asLong(), second);
                    }
                }
            }
        }
        return seconds;
    }

    /** The capacity steps of each answer, as told: run/step -> verdicts in the order they came (null: not judged). */
    public Map<String, List<String>> capacityVerdicts() {
        Map<String, List<String>> verdicts = new LinkedHashMap<>();
        for (JsonNode answer : answers) {
            for (JsonNode step : answer.path("capacity")) {
                List<String> said = verdicts.computeIfAbsent(step.path("run").asText() + "/" + step.path("step").asInt(),
                        k -> new ArrayList<>());
                String verdict = step.path("verdict").isNull() ? null : step.path("verdict").asText();
                if (said.isEmpty() || !java.util.Objects.equals(said.get(said.size() - 1), verdict)) {
                    said.add(verdict);
                }
            }
        }
        return verdicts;
    }

    @Override
    public void close() throws InterruptedException {
        stop = true;
        thread.interrupt();
        thread.join(10_000);
    }
}
