package io.dubbostress.report.answer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dubbostress.report.SyntheticJtl;
import io.dubbostress.report.model.Report;
import io.dubbostress.report.read.ReportBuilder;
import io.dubbostress.report.run.RunLayout;
import io.dubbostress.report.run.RunManifest;
import io.dubbostress.report.run.ScenarioStatus;
import io.dubbostress.report.text.ReportText;
import io.dubbostress.report.write.AnswerText;
import io.dubbostress.report.write.ReportJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An estimate whose interval spans no change is no finding, and the answer says so: a real run on a saturated machine
 * gave "at p50 the hop is 3.85 ms faster (95 % interval -17.5 to +9.77 ms)", which read as a result. Constructed runs
 * where the answer is known: the same latencies and rate on both sides (every interval spans zero and x1), and a hop
 * with half again the latency at half the rate (no interval spans them).
 */
class AnswerNoChangeTest {

    private static final long T0 = 1_795_400_000_000L;
    private static final String NO_CHANGE = "the interval spans zero: no difference this run can tell";
    private static final String NO_TPS_CHANGE = "which spans x1: no difference this run can tell";

    @TempDir
    Path dir;

    @Test
    void theSameCallsOnBothSidesAreSaidToShowNoDifference() throws IOException {
        JsonNode answer = answer(run("same", 400, 20_000, 400, 20_000));
        JsonNode p = answer.at("/payloads/0");
        for (String percentile : List.of("p50", "p99")) {
            JsonNode l = p.get(percentile);
            assertThat(l.get("addedLowMs").asDouble()).as(percentile).isNotPositive();
            assertThat(l.get("addedHighMs").asDouble()).as(percentile).isNotNegative();
        }
        assertThat(p.at("/tps/timesLow").asDouble()).isLessThanOrEqualTo(1);
        assertThat(p.at("/tps/timesHigh").asDouble()).isGreaterThanOrEqualTo(1);
        String sentence = answer.at("/sentences/0").asText();
        assertThat(p50Part(sentence)).contains(NO_CHANGE);
        assertThat(p99Part(sentence)).contains(NO_CHANGE);
        assertThat(tpsPart(sentence)).contains(NO_TPS_CHANGE);
        AnswerNumbers.assertEveryNumberIsAField(answer);
    }

    @Test
    void aHopThatCostsIsNotSaidToShowNoDifference() throws IOException {
        JsonNode answer = answer(run("costs", 400, 20_000, 600, 10_000));
        JsonNode p = answer.at("/payloads/0");
        assertThat(p.at("/p50/addedLowMs").asDouble()).isPositive();
        assertThat(p.at("/tps/timesHigh").asDouble()).isLessThan(1);
        String sentence = answer.at("/sentences/0").asText();
        assertThat(p50Part(sentence)).contains("the hop adds").doesNotContain("no difference");
        assertThat(tpsPart(sentence)).doesNotContain("no difference");
        AnswerNumbers.assertEveryNumberIsAField(answer);
    }

    private static String p50Part(String sentence) {
        return sentence.substring(sentence.indexOf("at p50"), sentence.indexOf("at p99"));
    }

    private static String p99Part(String sentence) {
        return sentence.substring(sentence.indexOf("at p99"), sentence.indexOf("Throughput:"));
    }

    private static String tpsPart(String sentence) {
        return sentence.substring(sentence.indexOf("Throughput:"), sentence.indexOf("The intervals come"));
    }

    /** report.json's answer block, once the Chinese sentences are checked to say the same numbers. */
    private static JsonNode answer(Report report) {
        JsonNode answer = ReportJson.of(report).get("answer");
        List<String> chinese = AnswerText.paragraphs(report.answer(),
                ReportText.forLanguage(ReportText.SIMPLIFIED_CHINESE));
        AnswerNumbers.assertSaidInChinese(answer, chinese);
        boolean anyNoChange = answer.at("/sentences/0").asText().contains("no difference this run can tell");
        assertThat(chinese.get(0).contains("本次运行分辨不出差异")).as(chinese.get(0)).isEqualTo(anyNoChange);
        return answer;
    }

    /** direct-1k and hop-1k, one trial each, 20 s of samples of the given median (µs) and count. */
    private Report run(String name, double directMedianUs, int directCount, double hopMedianUs, int hopCount)
            throws IOException {
        Path run = dir.resolve(name);
        RunLayout layout = new RunLayout(run);
        RunManifest manifest = new RunManifest();
        manifest.settings.put("threads", "4");
        for (String scenario : List.of("direct-1k", "hop-1k")) {
            boolean hop = scenario.startsWith("hop");
            long start = hop ? T0 + 30_000 : T0;
            RunManifest.ScenarioRecord record = new RunManifest.ScenarioRecord(scenario, "plan.jmx", 1024, 2);
            record.status = ScenarioStatus.COMPLETED;
            record.startEpochMs = start;
            record.endEpochMs = start + 20_000;
            manifest.scenarios.add(record);
            SyntheticJtl.write(layout.jtl(scenario), scenario, true, start, 20_000, hop ? hopCount : directCount,
                    hop ? hopMedianUs : directMedianUs, 0, hop ? 7 : 11);
        }
        manifest.write(layout.runJson());
        return new ReportBuilder().build(List.of(run));
    }
}
