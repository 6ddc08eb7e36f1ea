package io.dubbostress.report.compare;


import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A CI gate on a comparison ({@code stress compare --fail-on p99=+10%,tps=-5%}): limits on how much a figure may move
 * for the worse. A limit is crossed when the change is <b>detected beyond it</b> at the comparison's confidence: the
 * whole interval lies past it (for {@code +10%}: its lower end above +10 %; for {@code -5%}: its upper end below
 * -5 %), so a crossing is wrong at most {@code (1 - c) / 2} of the time (2.5 % at 95 %). Limits:
 * <ul>
 * <li>{@code +10%}, {@code -5%}: the relative change of a latency or TPS; for {@code errors} percentage points
 *     ({@code errors=+0.5%}: the error share rose by more than half a point);</li>
 * <li>{@code +2ms}, {@code +500us}: the difference of a latency;</li>
 * <li>without a sign, the worse direction: up for latencies and errors, down for TPS.</li>
 * </ul>
 * A limit is a tolerance <b>in the worse direction</b>: a sign in the better direction ({@code tps=+5%}, which would
 * fail a run that got faster and pass one that got slower; {@code mean=-10%}) is refused with the sentence that says
 * how to write it, and so is a figure given twice ({@code p99=+10%,p99=+2ms}), as {@code --slo} refuses a percentile
 * given twice. Every limit applies to every scenario compared. A figure a limit names that a scenario could not
 * measure (a failed scenario, too few samples for the percentile, no due time) or whose change this comparison could
 * not detect ({@code not detectable}: too few trials or samples) cannot pass the gate: it is crossed, with the reason.
 *
 * <pre>{@code
 * FailOn gate = FailOn.parse("p99=+10%,tps=-5%");
 * List<String> crossed = gate.check(comparison.scenarios());   // empty: the gate holds (exit 0)
 * }</pre>
 */
public final class FailOn {

    private static final Pattern LIMIT = Pattern.compile(
            "([+-]?)(\\d+(?:\\.\\d+)?)\\s*(%|pp|us|\u00b5s|ms|s)", Pattern.CASE_INSENSITIVE);

    /** One limit. {@code relative}: percent (points for errors); else microseconds. */
    public record Limit(Figure figure, double value, boolean relative, String text) {

        /** Why {@code change} crosses the limit, or null when it does not. */
        String crossed(String scenario, FigureChange change) {
            String name = scenario + " " + figure.title() + " " + text;
            if (!change.judged()) {
                return name + ": cannot be judged: " + (change.measured() ? change.verdict() + ": " : "")
                        + change.reason();
            }
            Double low = relative ? change.low() : change.differenceLow();
            Double high = relative ? change.high() : change.differenceHigh();
            if (low == null || high == null) {
                return name + ": cannot be judged: " + (change.reason() == null ? "no interval" : change.reason());
            }
            boolean crossed = value >= 0 ? low > value : high < value;
            if (!crossed) {
                return null;
            }
            return String.format(Locale.ROOT, "%s: crossed: %s [%s, %s]", name, relative
                    ? signed(change.change()) + " " + change.changeUnit() : signed(change.difference()) + " us",
                    signed(low), signed(high));
        }
    }

    private final List<Limit> limits;
    private final String text;

    private FailOn(List<Limit> limits, String text) {
        this.limits = limits;
        this.text = text;
    }

    /**
     * {@code p99=+10%,tps=-5%}; an {@link IllegalArgumentException} whose message quotes the text and names the part
     * that is wrong: {@code 'p98=+1%': 'p98' is not a figure (...)}.
     */
    public static FailOn parse(String text) {
        List<Limit> limits = new ArrayList<>();
        Map<Figure, String> given = new EnumMap<>(Figure.class);
        for (String part : text.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            int eq = p.indexOf('=');
            if (eq <= 0) {
                throw bad(text, "'" + p + "' is not FIGURE=LIMIT (e.g. p99=+10%)");
            }
            Figure figure = Figure.of(p.substring(0, eq));
            if (figure == null) {
                throw bad(text, "'" + p.substring(0, eq).trim() + "' is not a figure (mean, p50, p90, p99, p99.9, "
                        + "due-p50 ... due-p99.9, tps, errors)");
            }
            Matcher m = LIMIT.matcher(p.substring(eq + 1).trim());
            if (!m.matches()) {
                throw bad(text, "'" + p.substring(eq + 1).trim() + "' is not a limit (e.g. +10%, -5%, +2ms)");
            }
            String unit = m.group(3).toLowerCase(Locale.ROOT);
            boolean relative = unit.equals("%") || unit.equals("pp");
            if (!relative && figure.kind() != Figure.Kind.LATENCY) {
                throw bad(text, figure.title() + " takes a limit in %, not '" + m.group(3) + "'");
            }
            if (unit.equals("pp") && figure.kind() != Figure.Kind.ERROR_RATE) {
                throw bad(text, figure.title() + " takes a limit in %, not percentage points");
            }
            String previous = given.put(figure, p);
            if (previous != null) {
                throw bad(text, figure.title() + " is given twice ('" + previous + "' and '" + p + "'): give each "
                        + "figure once");
            }
            double number = Double.parseDouble(m.group(2));
            double micros = relative ? number : number * (unit.equals("ms") ? 1_000 : unit.equals("s") ? 1_000_000 : 1);
            boolean worseUp = figure.worse(1);
            boolean up = m.group(1).isEmpty() ? worseUp : m.group(1).equals("+");
            if (up != worseUp && number != 0) {
                // a limit is how far the figure may move for the worse: a sign the other way would gate backwards
                String worse = (worseUp ? "+" : "-") + m.group(2) + m.group(3);
                throw bad(text, (p.equals(text.trim()) ? "" : "'" + p + "': ") + "a limit is how far " + figure.title() + " may move for the worse, and "
                        + figure.title() + " gets worse going " + (worseUp ? "up" : "down") + ": write "
                        + p.substring(0, eq).trim() + "=" + worse + " (or " + p.substring(0, eq).trim() + "="
                        + m.group(2) + m.group(3) + ")");
            }
            up = worseUp;
            limits.add(new Limit(figure, up ? micros : -micros, relative,
                    (up ? "+" : "-") + m.group(2) + m.group(3)));
        }
        if (limits.isEmpty()) {
            throw bad(text, "no limit given (e.g. p99=+10%,tps=-5%)");
        }
        return new FailOn(limits, text);
    }

    private static IllegalArgumentException bad(String text, String why) {
        return new IllegalArgumentException("'" + text + "': " + why);
    }

    public List<Limit> limits() {
        return Collections.unmodifiableList(limits);
    }

    @Override
    public String toString() {
        return text;
    }

    /** The limits crossed by any compared scenario, each said in one line; empty when the gate holds. */
    public List<String> check(List<ScenarioComparison> scenarios) {
        List<String> crossed = new ArrayList<>();
        for (ScenarioComparison scenario : scenarios) {
            for (Limit limit : limits) {
                FigureChange change = scenario.figure(limit.figure());
                String why = change == null
                        ? scenario.name() + " " + limit.figure().title() + " " + limit.text() + ": cannot be judged: "
                                + (scenario.reason() != null ? scenario.reason() : "the scenario has no "
                                        + limit.figure().title())
                        : limit.crossed(scenario.name(), change);
                if (why != null) {
                    crossed.add(why);
                }
            }
        }
        return crossed;
    }

    private static String signed(Double value) {
        return value == null ? "-" : String.format(Locale.ROOT, "%+.1f", value);
    }
}
