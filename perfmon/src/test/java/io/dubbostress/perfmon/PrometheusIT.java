package io.dubbostress.perfmon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dubbostress.testsupport.BoxLoad;
import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.PrometheusServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent's {@code GET /metrics} scraped by a real Prometheus (Debian's {@code prometheus}, a scrape every second on
 * loopback), held against the agent's own PerfMon answers read over its protocol at the same time (a stream at
 * {@code interval:1}, each line stamped when it arrived) and against the watched JVM's own count of its collections:
 * gauges equal to the readings around them, counters' increases between two scrapes between the sums of the PerfMon
 * changes inside and around the same seconds (the clocks differ by the scrape's and the line's few milliseconds).
 */
class PrometheusIT {

    static final ObjectMapper JSON = new ObjectMapper();
    /** How far a scrape's or a line's time may stand from the reading it carries (scheduling on a busy box). */
    static final double SLACK_S = 0.15 * BoxLoad.factor();

    @TempDir
    static Path dir;
    static ChildJvm watched;
    static PerfMonAgent agent;
    static PrometheusServer prometheus;
    /** PerfMon lines: arrival (epoch s), threads, fds, cpu ms, cswitch, host cswitch, bytes received, memory total. */
    static final List<double[]> lines = new ArrayList<>();
    static final String SPECS = "process:pid=%1$d:threads\tprocess:pid=%1$d:fds\tcpu:pid=%1$d:total\t"
            + "process:pid=%1$d:cswitch\tcpu:cswitch\tnetwork:bytesrecv\tmemory:total";

    @BeforeAll
    static void scrapeAndStream() throws Exception {
        watched = ChildJvm.mainClass(WatchedJvmMain.class.getName(), System.getProperty("java.class.path"))
                .jvmArgs("-Xmx64m", "-XX:+UseSerialGC").args("120").log(dir.resolve("watched.log")).start()
                .awaitLog(l -> l.equals("watched"), "watched", Duration.ofSeconds(BoxLoad.scaled(30, 120)));
        agent = PerfMonAgent.start(AgentSettings.builder().tcpPort(0).prometheusPort(0)
                .watchJvm("app=" + watched.pid()).build());
        prometheus = PrometheusServer.start(dir.resolve("prometheus"), "127.0.0.1:" + agent.prometheusAddress()
                .getPort(), 1);
        try (AgentClient client = AgentClient.connect(agent.tcpAddress())) {
            client.send("interval:1").send("metrics:" + String.format(SPECS, watched.pid()));
            long until = System.nanoTime() + Duration.ofSeconds(14).toNanos();
            while (System.nanoTime() < until) {
                String line = client.readLine(Duration.ofSeconds(10));
                double at = System.currentTimeMillis() / 1000.0;
                List<String> f = AgentClient.fields(line);
                double[] row = new double[f.size() + 1];
                row[0] = at;
                for (int i = 0; i < f.size(); i++) {
                    row[i + 1] = AgentClient.number(f.get(i));
                }
                lines.add(row);
            }
        }
    }

    @AfterAll
    static void stop() {
        if (prometheus != null) {
            prometheus.close();
        }
        if (agent != null) {
            agent.close();
        }
        if (watched != null) {
            watched.close();
        }
    }

    /** The raw samples Prometheus stored for a series over the last minute: [time s, value]. */
    static List<double[]> stored(String series) throws IOException {
        JsonNode answer = JSON.readTree(prometheus.query(series + "[1m]"));
        assertThat(answer.get("status").asText()).isEqualTo("success");
        List<double[]> out = new ArrayList<>();
        JsonNode result = answer.at("/data/result");
        assertThat(result.size()).as(series + " in " + answer).isEqualTo(1);
        for (JsonNode v : result.get(0).get("values")) {
            out.add(new double[] {v.get(0).asDouble(), Double.parseDouble(v.get(1).asText())});
        }
        assertThat(out.size()).as("scrapes of " + series).isGreaterThanOrEqualTo(6);
        return out;
    }

    /** The raw samples of every series a selector matches, summed per scrape (one scrape: one time): [time s, sum]. */
    static List<double[]> storedSum(String selector) throws IOException {
        JsonNode answer = JSON.readTree(prometheus.query(selector + "[1m]"));
        java.util.TreeMap<Double, Double> sums = new java.util.TreeMap<>();
        for (JsonNode series : answer.at("/data/result")) {
            for (JsonNode v : series.get("values")) {
                sums.merge(v.get(0).asDouble(), Double.parseDouble(v.get(1).asText()), Double::sum);
            }
        }
        List<double[]> out = new ArrayList<>();
        sums.forEach((t, v) -> out.add(new double[] {t, v}));
        assertThat(out.size()).as("scrapes of " + selector).isGreaterThanOrEqualTo(6);
        return out;
    }

    /** Each stored value of a gauge lies within the PerfMon readings of column {@code col} around its time. */
    static int gaugeAgrees(String series, int col) throws IOException {
        int compared = 0;
        for (double[] s : stored(series)) {
            double lo = Double.MAX_VALUE;
            double hi = -Double.MAX_VALUE;
            for (double[] l : lines) {
                if (Math.abs(l[0] - s[0]) <= 1 + SLACK_S) {
                    lo = Math.min(lo, l[col]);
                    hi = Math.max(hi, l[col]);
                }
            }
            if (lo <= hi) {
                assertThat(s[1]).as("%s at %.3f, PerfMon read %s..%s around it", series, s[0], lo, hi)
                        .isBetween(lo, hi);
                compared++;
            }
        }
        return compared;
    }

    /**
     * A counter's increase from its first to its last stored sample within the stream (times {@code scale}) lies between
     * the PerfMon changes (column {@code col}) of the lines wholly inside those seconds and of those touching them,
     * give or take {@code resolution}.
     */
    static void counterAgrees(String series, int col, double scale, double resolution) throws IOException {
        List<double[]> s = storedSum(series);
        double from = lines.get(1)[0];
        double to = lines.get(lines.size() - 1)[0];
        double[] first = s.stream().filter(x -> x[0] >= from).findFirst().orElseThrow();
        double[] last = s.stream().filter(x -> x[0] <= to - 1).reduce((a, b) -> b).orElseThrow();
        assertThat(last[0] - first[0]).as(series + " window").isGreaterThanOrEqualTo(5);
        double increase = (last[1] - first[1]) * scale;
        double inner = 0;
        double outer = 0;
        for (int i = 1; i < lines.size(); i++) {
            double start = lines.get(i - 1)[0];
            double end = lines.get(i)[0];
            double change = lines.get(i)[col];
            if (start >= first[0] + SLACK_S && end <= last[0] - SLACK_S) {
                inner += change;
            }
            if (end > first[0] - SLACK_S && start < last[0] + SLACK_S) {
                outer += change;
            }
        }
        assertThat(increase).as("%s: increase %.1f from %.3f to %.3f; PerfMon inside %.1f, around %.1f", series,
                increase, first[0], last[0], inner, outer).isBetween(inner - resolution, outer + resolution);
    }

    @Test
    void gaugesAreThePerfMonReadingsOfTheSameSeconds() throws IOException {
        String jvm = "{jvm=\"app\",pid=\"" + watched.pid() + "\"}";
        assertThat(gaugeAgrees("dubbostress_jvm_threads" + jvm, 1)).isGreaterThanOrEqualTo(6);
        assertThat(gaugeAgrees("dubbostress_jvm_open_files" + jvm, 2)).isGreaterThanOrEqualTo(6);
        assertThat(gaugeAgrees("dubbostress_host_memory_bytes{kind=\"total\"}", 7)).isGreaterThanOrEqualTo(6);
        assertThat(stored("dubbostress_jvm_up" + jvm).get(0)[1]).isEqualTo(1.0);
    }

    @Test
    void countersIncreaseAsThePerfMonChangesOfTheSameSeconds() throws IOException {
        String jvm = "{jvm=\"app\",pid=\"" + watched.pid() + "\"}";
        // CPU: user + system, clock ticks of 10 ms (two readings: up to 2 ticks either side)
        counterAgrees("dubbostress_jvm_cpu_seconds_total" + jvm, 3, 1000, 20);
        counterAgrees("dubbostress_jvm_context_switches_total" + jvm, 4, 1, 0);
        counterAgrees("dubbostress_host_context_switches_total", 5, 1, 0);
        counterAgrees("dubbostress_host_network_received_bytes_total", 6, 1, 0);
    }

    @Test
    void gcIsWhatTheJvmCountsItself() throws IOException {
        String jvm = "{jvm=\"app\",pid=\"" + watched.pid() + "\"}";
        List<long[]> own = new ArrayList<>(); // epoch ms, count, time ms
        for (String l : Files.readAllLines(watched.log())) {
            if (l.startsWith("gc ")) {
                String[] p = l.split(" ");
                own.add(new long[] {Long.parseLong(p[1]), Long.parseLong(p[2]), Long.parseLong(p[3])});
            }
        }
        List<double[]> count = stored("dubbostress_jvm_gc_collections_total" + jvm);
        List<double[]> seconds = stored("dubbostress_jvm_gc_seconds_total" + jvm);
        assertThat(count.get(count.size() - 1)[1]).as("collections grew").isGreaterThan(count.get(0)[1]);
        int compared = 0;
        for (int i = 0; i < count.size(); i++) {
            long at = Math.round(count.get(i)[0] * 1000);
            long slack = Math.round(SLACK_S * 1000) + 100;
            long[] before = own.stream().filter(o -> o[0] <= at - slack).reduce((a, b) -> b).orElse(null);
            long[] after = own.stream().filter(o -> o[0] >= at + slack).findFirst().orElse(null);
            if (before == null || after == null) {
                continue;
            }
            assertThat(count.get(i)[1]).as("collections at %d; the JVM counted %d before, %d after", at,
                    before[1], after[1]).isBetween((double) before[1], (double) after[1]);
            // its beans' milliseconds and the counters' ticks are two timers: 1 ms a collection apart at most
            assertThat(seconds.get(i)[1] * 1000).as("GC ms at %d", at)
                    .isBetween(before[2] - before[1] - 1.0, after[2] + after[1] + 1.0);
            compared++;
        }
        assertThat(compared).isGreaterThanOrEqualTo(5);
    }

    @Test
    void onlyMetricsIsServedAndItIsPrometheussFormat() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        String base = "http://127.0.0.1:" + agent.prometheusAddress().getPort();
        HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(base + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type").orElse("")).startsWith("text/plain; version=0.0.4");
        assertThat(page.body()).contains("# TYPE dubbostress_host_cpu_seconds_total counter",
                "dubbostress_host_cpu_seconds_total{mode=\"user\"} ");
        assertThat(http.send(HttpRequest.newBuilder(URI.create(base + "/")).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(404);
        assertThat(agent.prometheusAddress().getAddress().isLoopbackAddress()).as("loopback by default").isTrue();
        // and Prometheus found the page well-formed: its target is up
        JsonNode up = JSON.readTree(prometheus.query("up"));
        assertThat(up.at("/data/result/0/value/1").asText()).isEqualTo("1");
    }
}
