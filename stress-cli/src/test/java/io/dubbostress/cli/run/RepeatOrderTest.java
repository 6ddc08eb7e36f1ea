package io.dubbostress.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.cli.options.Scenario;
import io.dubbostress.report.run.RunManifest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code stress run --repeat N}: the trials alternate across scenarios, named and filed by RunLayout. */
class RepeatOrderTest {

    @Test
    void trialsAlternateAcrossScenarios() {
        List<Scenario> order = new ArrayList<>();
        List<RunManifest.ScenarioRecord> records = RunSession.records(Scenario.parseList("direct-1k,hop-1k"), 3, 1.5,
                order);
        assertThat(records).extracting(r -> r.name).containsExactly("direct-1k-trial-1", "hop-1k-trial-1",
                "direct-1k-trial-2", "hop-1k-trial-2", "direct-1k-trial-3", "hop-1k-trial-3");
        assertThat(order).extracting(Scenario::name).containsExactly("direct-1k", "hop-1k", "direct-1k", "hop-1k",
                "direct-1k", "hop-1k");
        assertThat(records.get(3).scenario).isEqualTo("hop-1k");
        assertThat(records.get(3).trial).isEqualTo(2);
        assertThat(records.get(3).jtl).isEqualTo("scenarios/hop-1k-trial-2/results.jtl");
        assertThat(records.get(3).plan).isEqualTo("dubbo-hop.jmx");
    }

    @Test
    void withoutRepeatEveryScenarioRunsOnceUnderItsOwnName() {
        List<Scenario> order = new ArrayList<>();
        List<RunManifest.ScenarioRecord> records = RunSession.records(Scenario.parseList("direct-1k,hop-1k"), 1, 1.5,
                order);
        assertThat(records).extracting(r -> r.name).containsExactly("direct-1k", "hop-1k");
        assertThat(records).allSatisfy(r -> assertThat(r.trial).isNull());
    }
}
