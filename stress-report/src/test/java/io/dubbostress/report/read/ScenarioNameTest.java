package io.dubbostress.report.read;

import io.dubbostress.report.run.ScenarioName;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScenarioNameTest {

    @Test
    void readsKindAndPayload() {
        ScenarioName stock = ScenarioName.of("hop-http-100k");
        assertThat(stock.kind()).isEqualTo("hop-http");
        assertThat(stock.payload()).isEqualTo("100k");
        assertThat(stock.payloadBytes()).isEqualTo(102400);
        assertThat(stock.directName()).isEqualTo("direct-100k");
        assertThat(ScenarioName.of("hop-1k").directName()).isEqualTo("direct-1k");
        assertThat(ScenarioName.of("direct-1k").isHop()).isFalse();
        assertThat(ScenarioName.of("direct-512").payloadBytes()).isEqualTo(512);
        assertThat(ScenarioName.of("DIRECT-1KiB").followsRule()).isTrue();
    }

    @Test
    void aKindWithoutASizeIsNotAScenarioName() {
        // the plans' sampler labels: "hop-http" must not read as kind hop, payload "http"
        assertThat(ScenarioName.followsRule("hop-http")).isFalse();
        assertThat(ScenarioName.followsRule("direct")).isFalse();
        assertThat(ScenarioName.followsRule("hop-fast")).isFalse();
    }

    @Test
    void aSingleLabelFileIsNamedByTheFirstOfLabelFileAndFolderThatFollowsTheRule() {
        assertThat(ReportBuilder.singleScenarioName(Path.of("hop-http-100k.jtl"), "hop-http")).isEqualTo("hop-http-100k");
        assertThat(ReportBuilder.singleScenarioName(Path.of("run/scenarios/direct-1k/results.jtl"), "direct"))
                .isEqualTo("direct-1k");
        assertThat(ReportBuilder.singleScenarioName(Path.of("x.jtl"), "direct-1k")).isEqualTo("direct-1k");
        assertThat(ReportBuilder.singleScenarioName(Path.of("results.jtl"), "checkout")).isEqualTo("checkout");
    }

    @Test
    void ordersByPayloadThenDirectHopHopHttp() {
        List<String> names = new ArrayList<>(List.of("hop-http-1k", "other", "hop-100k", "direct-100k", "hop-1k",
                "direct-1k"));
        names.sort(ScenarioName.ORDER);
        assertThat(names).containsExactly("direct-1k", "hop-1k", "hop-http-1k", "direct-100k", "hop-100k", "other");
    }
}
