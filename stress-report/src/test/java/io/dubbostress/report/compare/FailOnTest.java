package io.dubbostress.report.compare;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The --fail-on grammar and its rule: a limit is crossed only when the whole interval lies beyond it. */
class FailOnTest {

    private static FigureChange change(String key, double change, double low, double high) {
        return new FigureChange(key, Figure.of(key).title(), "us", 100.0, 100.0 + change, List.of(100.0),
                List.of(100.0 + change), change, key.equals("errors") ? "pp" : "%", low, high, 2.0, change,
                low, high, "x", true, "m", null, null);
    }

    private static List<String> check(String limits, FigureChange... changes) {
        return FailOn.parse(limits).check(List.of(new ScenarioComparison("direct-1k", "compared", null, "us",
                List.of(), List.of(), List.of(changes))));
    }

    @Test
    void aLimitIsCrossedWhenTheWholeIntervalIsBeyondIt() {
        assertThat(check("p99=+10%", change("p99", 15, 11, 19))).singleElement().asString()
                .isEqualTo("direct-1k p99 +10%: crossed: +15.0 % [+11.0, +19.0]");
        assertThat(check("p99=+10%", change("p99", 15, 9, 21))).isEmpty();
        assertThat(check("p99=10%", change("p99", 15, 11, 19))).hasSize(1);
        assertThat(check("tps=-5%", change("tps", -8, -12, -6))).hasSize(1);
        assertThat(check("errors=0.5pp", change("errors", 1, 0.6, 1.4))).hasSize(1);
        assertThat(check("tps=5%", change("tps", -8, -12, -4))).isEmpty();
        assertThat(check("tps=5%", change("tps", -8, -12, -5.5))).hasSize(1);
        assertThat(check("errors=+0.5%", change("errors", 1, 0.6, 1.4))).hasSize(1);
        // absolute: microseconds against the difference's interval
        assertThat(check("p50=+2ms", change("p50", 3000, 2500, 3500))).hasSize(1);
        assertThat(check("p50=+2ms", change("p50", 3000, 1500, 4500))).isEmpty();
        assertThat(check("mean=+500us", change("mean", 600, 550, 650))).hasSize(1);
    }

    @Test
    void whatCannotBeJudgedCrossesTheGate() {
        FigureChange unmeasured = new FigureChange("p999", "p99.9", "us", 1.0, 2.0, List.of(), List.of(), null, "%",
                null, null, null, null, null, null, FigureChange.NOT_MEASURED, false, null, null,
                "BASE: 800 samples: p99.9 needs 10,000 (ten above it)");
        assertThat(check("p99.9=+10%", unmeasured)).singleElement().asString()
                .isEqualTo("direct-1k p99.9 +10%: cannot be judged: BASE: 800 samples: p99.9 needs 10,000 (ten above"
                        + " it)");
        assertThat(check("due-p99=+10%", change("p99", 1, 0, 2))).singleElement().asString()
                .contains("cannot be judged: the scenario has no from due p99");
    }

    @Test
    void aLimitInTheBetterDirectionIsRefusedWithHowToWriteIt() {
        // tps=+5% used to gate on TPS rising: a run 40 % slower held, one 10 % faster crossed
        assertThatThrownBy(() -> FailOn.parse("tps=+5%")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'tps=+5%': a limit is how far TPS may move for the worse, and TPS gets worse "
                        + "going down: write tps=-5% (or tps=5%)");
        assertThatThrownBy(() -> FailOn.parse("p50=+100%,mean=-10%")).hasMessage("'p50=+100%,mean=-10%': "
                + "'mean=-10%': a limit is how far mean may move for the worse, and mean gets worse going up: write "
                + "mean=+10% (or mean=10%)");
        assertThatThrownBy(() -> FailOn.parse("p99=-2ms")).hasMessageContaining("write p99=+2ms (or p99=2ms)");
        assertThatThrownBy(() -> FailOn.parse("errors=-0.5%")).hasMessageContaining("write errors=+0.5% (or "
                + "errors=0.5%)");
        // the worse direction, with or without its sign, and zero either way
        assertThat(FailOn.parse("tps=-5%,mean=+10%,p99=2ms,errors=0.5pp,p50=-0%").limits())
                .extracting(FailOn.Limit::value).containsExactly(-5.0, 10.0, 2000.0, 0.5, 0.0);
    }

    @Test
    void aFigureGivenTwiceIsRefusedAsSloDoes() {
        assertThatThrownBy(() -> FailOn.parse("p99=+10%,p99=+2ms")).hasMessage("'p99=+10%,p99=+2ms': p99 is given "
                + "twice ('p99=+10%' and 'p99=+2ms'): give each figure once");
        // p999 and p99.9 are one figure
        assertThatThrownBy(() -> FailOn.parse("p99.9=+10%,p999=+20%")).hasMessageContaining("p99.9 is given twice");
    }

    @Test
    void badLimitsAreRefusedNamingThePart() {
        assertThatThrownBy(() -> FailOn.parse("p99")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'p99': 'p99' is not FIGURE=LIMIT (e.g. p99=+10%)");
        assertThatThrownBy(() -> FailOn.parse("p99=+10")).hasMessageContaining("'+10' is not a limit");
        assertThatThrownBy(() -> FailOn.parse("errors=+1ms")).hasMessageContaining("errors % takes a limit in %");
        assertThatThrownBy(() -> FailOn.parse("p99=+1pp")).hasMessageContaining("p99 takes a limit in %, not "
                + "percentage points");
        assertThatThrownBy(() -> FailOn.parse(" , ")).hasMessageContaining("no limit given");
        assertThat(FailOn.parse("p99.9=+10%, due-p99=+5%,errors=1pp").limits()).extracting(FailOn.Limit::figure)
                .containsExactly(Figure.P999, Figure.DUE_P99, Figure.ERRORS);
    }
}
