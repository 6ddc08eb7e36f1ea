package io.dubbostress.cli.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dubbostress.cli.UserError;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ScenarioTest {

    @Test
    void parsesKindsAndPayloadSizes() {
        Scenario direct = Scenario.parse("direct-1k");
        assertThat(direct.kind()).isEqualTo(Scenario.Kind.DIRECT);
        assertThat(direct.payloadBytes()).isEqualTo(1024);
        assertThat(direct.kind().planFile()).isEqualTo("dubbo-direct.jmx");

        Scenario hop = Scenario.parse("HOP-100k");
        assertThat(hop.kind()).isEqualTo(Scenario.Kind.HOP);
        assertThat(hop.payloadBytes()).isEqualTo(102400);
        assertThat(hop.name()).isEqualTo("hop-100k");
        assertThat(hop.kind().needsConsumer()).isTrue();

        Scenario stock = Scenario.parse("hop-http-512");
        assertThat(stock.kind()).isEqualTo(Scenario.Kind.HOP_HTTP);
        assertThat(stock.payloadBytes()).isEqualTo(512);
        assertThat(stock.name()).isEqualTo("hop-http-512");
        assertThat(Scenario.parse("direct-1m").payloadBytes()).isEqualTo(1024 * 1024);
        assertThat(Scenario.parse("direct-2048").name()).isEqualTo("direct-2k");
        // the report's grammar, the one rule (ScenarioName): what the run names, the report pairs
        assertThat(Scenario.parse("direct-1kib").name()).isEqualTo("direct-1k");
        assertThat(Scenario.parse("hop-100KB").name()).isEqualTo("hop-100k");
        for (String name : new String[] {"direct-1k", "hop-100k", "hop-http-512", "direct-1m"}) {
            Scenario scenario = Scenario.parse(name);
            io.dubbostress.report.run.ScenarioName read = io.dubbostress.report.run.ScenarioName.of(scenario.name());
            assertThat(read.kind()).isEqualTo(scenario.kind().prefix());
            assertThat(read.payloadBytes()).isEqualTo(scenario.payloadBytes());
        }
    }

    @Test
    void theDefaultMatrixIsDirectAndHopAtOneAndHundredKib() {
        List<String> names = Scenario.parseList(Scenario.DEFAULT_MATRIX).stream().map(Scenario::name)
                .collect(Collectors.toList());
        assertThat(names).containsExactly("direct-1k", "hop-1k", "direct-100k", "hop-100k");
    }

    @Test
    void listsDropDuplicatesAndKeepOrder() {
        assertThat(Scenario.parseList("hop-1k, direct-1k,hop-1k,").stream().map(Scenario::name))
                .containsExactly("hop-1k", "direct-1k");
    }

    @Test
    void badNamesSayWhatIsAllowed() {
        assertThatThrownBy(() -> Scenario.parse("direct"))
                .isInstanceOf(UserError.class)
                .hasMessageStartingWith("Invalid scenario 'direct': use <kind>-<payload> with kind direct, hop or "
                        + "hop-http");
        assertThatThrownBy(() -> Scenario.parse("grpc-1k")).hasMessageContaining("Invalid scenario 'grpc-1k'");
        assertThatThrownBy(() -> Scenario.parse("direct-9m"))
                .hasMessage("Invalid scenario 'direct-9m': payload 9437184 bytes is over Dubbo's default 8 MiB limit");
        assertThatThrownBy(() -> Scenario.parseList(" , "))
                .hasMessageStartingWith("Invalid value for option '--scenarios': no scenario given");
    }
}
