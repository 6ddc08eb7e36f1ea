package io.dubbostress.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A capacity search's figures counted again from what JMeter wrote, by the test's own simple means: the run's JTL read
 * as plain CSV, the schedule's start taken from jmeter.log, each step's window (capacity.json) applied to the rows'
 * due times, the 99th percentile by sorting. What the search says it measured must be what the JTL holds.
 *
 * <pre>{@code
 * SearchStepsRecount.assertFiguresMatchTheJtl(runFolder, capacityJson);
 * }</pre>
 */
final class SearchStepsRecount {

    private static final Pattern STARTED = Pattern.compile("the schedule started at (\\d+) us");

    private SearchStepsRecount() {
    }

    /** Every trial of every scenario of capacity.json against its run's JTL. */
    static void assertFiguresMatchTheJtl(Path run) throws IOException {
        JsonNode capacity = new ObjectMapper().readTree(run.resolve("capacity.json").toFile());
        JsonNode manifest = new ObjectMapper().readTree(run.resolve("run.json").toFile());
        for (JsonNode scenario : capacity.get("scenarios")) {
            for (JsonNode trial : scenario.get("trials")) {
                assertTrialMatchesTheJtl(run, manifest, trial);
            }
        }
    }

    private static void assertTrialMatchesTheJtl(Path run, JsonNode manifest, JsonNode trial) throws IOException {
        String name = trial.get("scenario").asText();
        Path dir = run.resolve("scenarios").resolve(name);
        Matcher started = STARTED.matcher(Files.readString(dir.resolve("jmeter.log")));
        assertThat(started.find()).as("%s: jmeter.log says when the schedule started", name).isTrue();
        long origin = Long.parseLong(started.group(1));
        long endUs = 0;
        for (JsonNode record : manifest.get("scenarios")) {
            if (record.get("name").asText().equals(name)) {
                endUs = record.get("endEpochMs").asLong() * 1000;
            }
        }
        JsonNode window = trial.get("window");
        long fromUs = window.get("fromDueUs").asLong();
        long toUs = window.get("toDueUs").asLong();
        List<String> lines = Files.readAllLines(dir.resolve("results.jtl"), StandardCharsets.UTF_8);
        List<String> header = Arrays.asList(lines.get(0).replace("\"", "").split(","));
        int due = header.indexOf("due_us");
        int lag = header.indexOf("lag_us");
        int response = header.indexOf("response_us");
        int success = header.indexOf("success");
        List<Long> fromDue = new ArrayList<>();
        long arrivals = 0;
        long startedInWindow = 0;
        long lastStartUs = Long.MIN_VALUE;
        long failed = 0;
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            long d = Long.parseLong(cells[due]);
            assertThat(d).as("%s: every row is paced", name).isPositive();
            if (d == origin) {
                arrivals++; // arrival 0: the schedule's start is a due time of the JTL
            }
            if (d < fromUs || d >= toUs) {
                continue;
            }
            fromDue.add(Long.parseLong(cells[response]));
            if (d + Long.parseLong(cells[lag]) < toUs) {
                startedInWindow++;
            }
            lastStartUs = Math.max(lastStartUs, d + Long.parseLong(cells[lag]));
            if (!Boolean.parseBoolean(cells[success])) {
                failed++;
            }
        }
        assertThat(arrivals).as("%s: arrival 0 is due at the logged start", name).isEqualTo(1);
        long calls = window.get("calls").asLong();
        long neverEnded = window.get("neverEnded").asLong();
        assertThat((long) fromDue.size()).as("%s step %s: calls due in its window", name, trial.get("step"))
                .isEqualTo(calls);
        // the window is the step's: from its start plus the settle time to its end, on the logged start's clock
        double rate = trial.get("targetPerSec").asDouble();
        assertThat(toUs - origin).as("%s step %s: the window ends at a step's end", name, trial.get("step"))
                .isPositive();
        for (long i = 0; i < neverEnded; i++) {
            fromDue.add(Math.max(0, endUs - toUs)); // never ended: at their least time, as the search counts them
        }
        fromDue.sort(null);
        // the nearest rank, ceil(0.99 n); HdrHistogram counts round(0.99 n), one rank lower for some n
        long p99 = fromDue.isEmpty() ? 0 : fromDue.get((int) Math.ceil(0.99 * fromDue.size()) - 1);
        long p99Low = fromDue.isEmpty() ? 0 : fromDue.get((int) Math.max(1, Math.round(0.99 * fromDue.size())) - 1);
        long reported = trial.get("fromDueP99Us").asLong();
        // nearest rank, as HdrHistogram gives it with three significant digits (at most 0.1 % above)
        assertThat(reported).as("%s step %s: p99 from due vs a sort of the JTL's rows", name, trial.get("step"))
                .isBetween(p99Low, p99 + Math.max(2, p99 / 500));
        // the calls of the window that ended, over the time from its start to the last one's start (at least the
        // window: late calls count, over the longer time they took)
        double seconds = (Math.max(toUs, lastStartUs) - fromUs) / 1e6;
        assertThat(trial.get("achievedPerSec").asDouble()).as("%s step %s: achieved", name, trial.get("step"))
                .isCloseTo(calls == 0 ? 0 : calls / seconds, org.assertj.core.data.Offset.offset(0.01));
        assertThat(startedInWindow).as("%s step %s: started in the window", name, trial.get("step"))
                .isLessThanOrEqualTo(calls);
        assertThat(trial.get("errorPercent").asDouble()).as("%s step %s: errors", name, trial.get("step"))
                .isCloseTo(calls == 0 ? 0 : 100.0 * failed / calls, org.assertj.core.data.Offset.offset(0.001));
        assertThat(rate).isPositive();
    }
}
