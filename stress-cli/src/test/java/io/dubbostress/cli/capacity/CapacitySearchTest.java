package io.dubbostress.cli.capacity;

import io.dubbostress.cli.options.Slo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

/** The capacity search's rule (double while the SLO holds, then bisect) and the SLO grammar. */
class CapacitySearchTest {

    /** A service whose SLO holds up to {@code capacity} calls/s: the trials it would see, in order. */
    private static CapacitySearch.Outcome against(double capacity, double start, int maxTrials, List<Double> asked) {
        return new CapacitySearch(start, maxTrials).search(rate -> {
            asked.add(rate);
            return new CapacitySearch.Trial("t", rate, rate, 100, 200, 150, 0,
                    rate <= capacity ? List.of() : List.of("p99 over"));
        });
    }

    @Test
    void doublesWhileTheSloHoldsThenBisectsToTenPercent() {
        List<Double> asked = new ArrayList<>();
        CapacitySearch.Outcome o = against(1000, 100, 20, asked);
        // 100, 200, 400, 800 held; 1600 broke; then 1200 broke, 1000 held, 1100 broke: within 10 % of 1000
        assertThat(asked).containsExactly(100.0, 200.0, 400.0, 800.0, 1600.0, 1200.0, 1000.0, 1100.0);
        assertThat(o.highestHeld()).isEqualTo(1000);
        assertThat(o.lowestBroken()).isEqualTo(1100);
        assertThat(o.complete()).isTrue();
    }

    @Test
    void aBreakAtTheFirstTrialBisectsDownwardsAndTheTrialsAreBounded() {
        List<Double> asked = new ArrayList<>();
        CapacitySearch.Outcome o = against(30, 100, 4, asked);
        assertThat(asked).containsExactly(100.0, 50.0, 25.0, 38.0);
        assertThat(o.highestHeld()).isEqualTo(25);
        assertThat(o.lowestBroken()).isEqualTo(38);
        List<Double> none = new ArrayList<>();
        CapacitySearch.Outcome never = against(1e9, 100, 3, none);
        assertThat(none).containsExactly(100.0, 200.0, 400.0);
        assertThat(never.lowestBroken()).isNaN();
        assertThat(never.highestHeld()).isEqualTo(400);
    }

    @Test
    void aTrialThatCannotRunEndsTheSearchIncomplete() {
        CapacitySearch.Outcome o = new CapacitySearch(100, 8).search(rate -> null);
        assertThat(o.trials()).isEmpty();
        assertThat(o.complete()).isFalse();
    }

    @Test
    void theSloGrammar() {
        Slo slo = Slo.parse("p50=2ms, p99=20ms,p999=0.1s,errors=0.5%");
        assertThat(slo.limits()).extracting(Slo.Limit::percentile).containsExactly(50.0, 99.0, 99.9);
        assertThat(slo.limits()).extracting(Slo.Limit::micros).containsExactly(2_000L, 20_000L, 100_000L);
        assertThat(slo.errorBudgetPercent()).isEqualTo(0.5);
        assertThat(Slo.parse("p99.9=500us").limits().get(0).micros()).isEqualTo(500);
        assertThat(Slo.parse("p99=20ms").errorBudgetPercent()).isEqualTo(Slo.DEFAULT_ERROR_BUDGET_PERCENT);
        assertThat(Slo.parse("p99=20ms").toString()).isEqualTo("p99=20ms,errors=1%");
        assertThatThrownBy(() -> Slo.parse("p99<20ms")).isInstanceOf(TypeConversionException.class)
                .hasMessageStartingWith("'p99<20ms' is not an SLO");
        assertThatThrownBy(() -> Slo.parse("p99=20")).hasMessageStartingWith("'p99=20' is not an SLO");
        assertThatThrownBy(() -> Slo.parse("errors=1%")).hasMessageContaining("at least one percentile limit");
        assertThatThrownBy(() -> Slo.parse("p100=1ms")).hasMessageContaining("between 0 and 100");
    }
}
