package io.dubbostress.cli.capacity;

import io.dubbostress.cli.options.Slo;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dubbostress.cli.options.RateSchedule;
import io.dubbostress.report.Json;
import io.dubbostress.report.write.ReportFiles;
import io.dubbostress.report.run.RunLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * What {@code stress run --find-max-rate} found, per scenario: the highest rate that held the SLO, the lowest that
 * broke it or the rate the search was not sure at, what limited it, and the curve (target rate vs the p50 and p99 of
 * the response time from the due time, each step's verdict) with the scenarios side by side, one row per rate tried.
 * Written as capacity.md and capacity.json in the run folder, and printed.
 */
public final class CapacityReport {

    static final String SCHEMA = "dubbo-stress/capacity/2";
    /** The parties whose CPU the search follows, as named in its reports. */
    public static final String PROVIDER = "provider";
    public static final String CONSUMER = "consumer";
    static final String JMETER = "JMeter";

    private final Slo slo;
    private final Map<String, CapacitySearch.Outcome> outcomes = new LinkedHashMap<>();

    public CapacityReport(Slo slo) {
        this.slo = slo;
    }

    public void add(String scenario, CapacitySearch.Outcome outcome) {
        outcomes.put(scenario, outcome);
    }

    /** One line: the capacity, and what limited the search. */
    static String answer(CapacitySearch.Outcome o) {
        StringBuilder out = new StringBuilder();
        if (o.highestHeld() > 0) {
            out.append("held up to ").append(rate(o.highestHeld())).append(" calls/s");
        } else {
            out.append("no rate tried held the SLO");
        }
        CapacitySearch.Trial limit = o.limit();
        if (limit == null) {
            out.append("; never broke it (the trials ran out: raise --search-trials, or start higher with --rate)");
        } else if (limit.verdict().kind() == StepVerdict.Kind.BROKE) {
            out.append("; broke at ").append(rate(limit.targetRate())).append(" calls/s, limited by ")
                    .append(limit.verdict().limiter().text);
        } else {
            out.append("; not sure at ").append(rate(limit.targetRate())).append(" calls/s, limited by ")
                    .append(limit.verdict().limiter().text).append(": ").append(o.highestHeld() > 0
                            ? "the capacity above " + rate(o.highestHeld()) + " calls/s is not known"
                            : "the capacity is not known");
        }
        if (limit != null) {
            out.append(" (").append(String.join("; ", limit.verdict().reasons())).append(')');
        }
        if (!o.complete()) {
            out.append(" (search stopped early)");
        }
        return out.toString();
    }

    /**
     * The console line of one step: {@code direct-1k at 400 calls/s: achieved 399.8/s, from due p50 0.412 ms, p99
     * 3.100 ms, errors 0.00 %: held}; a figure the step did not measure is {@code -}.
     */
    public static String consoleLine(String scenario, CapacitySearch.Trial t) {
        return scenario + " at " + rate(t.targetRate()) + " calls/s: achieved " + figure(t.achievedRate(), 1)
                + "/s, from due p50 " + millis(t.p50Us()) + " ms, p99 " + millis(t.p99Us()) + " ms, errors "
                + figure(t.errorPercent(), 2) + " %: " + (t.held() ? "held" : t.verdict().kind().text + " ("
                + t.verdict().limiter().text + ": " + String.join("; ", t.verdict().reasons()) + ")");
    }

    /** The Markdown: a line per scenario with its capacity, then the side-by-side curve. */
    public String markdown() {
        StringBuilder out = new StringBuilder();
        out.append("# Capacity search\n\nSLO: ").append(slo).append(" (percentiles of the response time from each "
                + "call's due time, coordinated omission corrected)\n\n");
        for (Map.Entry<String, CapacitySearch.Outcome> e : outcomes.entrySet()) {
            out.append("- **").append(e.getKey()).append("**: ").append(answer(e.getValue())).append('\n');
        }
        List<String> names = new ArrayList<>(outcomes.keySet());
        out.append("\n| target /s |");
        for (String name : names) {
            out.append(' ').append(name).append(" achieved /s | p50 ms | p99 ms | errors % | SLO |");
        }
        out.append("\n| ---: |");
        out.append(" ---: | ---: | ---: | ---: | --- |".repeat(names.size()));
        out.append('\n');
        TreeSet<Double> rates = new TreeSet<>();
        outcomes.values().forEach(o -> o.trials().forEach(t -> rates.add(t.targetRate())));
        for (double r : rates) {
            out.append("| ").append(rate(r)).append(" |");
            for (String name : names) {
                List<CapacitySearch.Trial> at = outcomes.get(name).trials().stream()
                        .filter(x -> x.targetRate() == r).toList();
                if (at.isEmpty()) {
                    out.append(" | | | | |");
                    continue;
                }
                CapacitySearch.Trial t = at.get(at.size() - 1); // a step tried twice: its second try
                String verdict = t.held() ? "held" : t.verdict().kind().text + ": "
                        + String.join("; ", t.verdict().reasons());
                out.append(String.format(Locale.ROOT, " %s | %s | %s | %s | %s%s |", figure(t.achievedRate(), 1),
                        millis(t.p50Us()), millis(t.p99Us()), figure(t.errorPercent(), 2), verdict,
                        at.size() > 1 ? " (tried " + at.size() + " times)" : ""));
            }
            out.append('\n');
        }
        out.append("\nEach step: a constant target rate for --duration, as one step of a JMeter run of several (its "
                + "folder scenarios/<scenario>-search-<n>/), judged on the calls due from its start plus its settle "
                + "time (--warmup) to its end; the schedule starts after every thread's opening call. capacity.json has each "
                + "step's window, lag, threads and CPU.\n");
        return out.toString();
    }

    ObjectNode json() {
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.put("schema", SCHEMA);
        root.put("slo", slo.toString());
        ArrayNode scenarios = root.putArray("scenarios");
        for (Map.Entry<String, CapacitySearch.Outcome> e : outcomes.entrySet()) {
            CapacitySearch.Outcome o = e.getValue();
            ObjectNode node = scenarios.addObject();
            node.put("name", e.getKey());
            node.put("highestHeldPerSec", o.highestHeld());
            putRate(node, "lowestBrokenPerSec", o.lowestBroken());
            CapacitySearch.Trial limit = o.limit();
            putRate(node, "notSurePerSec", limit != null && limit.verdict().kind() == StepVerdict.Kind.NOT_SURE
                    ? limit.targetRate() : Double.NaN);
            // sure: the capacity lies between the highest held and the lowest broken
            node.put("sure", limit != null && limit.verdict().kind() == StepVerdict.Kind.BROKE);
            node.put("limitedBy", limit == null ? "nothing (the trials ran out)" : limit.verdict().limiter().text);
            node.put("answer", answer(o));
            node.put("complete", o.complete());
            ArrayNode trials = node.putArray("trials");
            for (CapacitySearch.Trial t : o.trials()) {
                trial(trials.addObject(), t);
            }
        }
        return root;
    }

    private static void trial(ObjectNode trial, CapacitySearch.Trial t) {
        trial.put("scenario", t.run());
        trial.put("step", t.step());
        trial.put("targetPerSec", t.targetRate());
        putFigure(trial, "achievedPerSec", t.achievedRate(), 100);
        putMicros(trial, "fromDueP50Us", t.p50Us());
        putMicros(trial, "fromDueP99Us", t.p99Us());
        putMicros(trial, "serviceP99Us", t.serviceP99Us());
        putFigure(trial, "errorPercent", t.errorPercent(), 1000);
        trial.put("held", t.held());
        trial.put("verdict", t.verdict().kind().text);
        trial.put("limitedBy", t.verdict().limiter().text);
        ArrayNode broken = trial.putArray("broken");
        t.verdict().reasons().forEach(broken::add);
        CapacitySearch.Evidence ev = t.evidence();
        ObjectNode window = trial.putObject("window");
        window.put("fromEpochMs", ev.fromUs() / 1000);
        window.put("toEpochMs", ev.toUs() / 1000);
        window.put("fromDueUs", ev.fromUs());
        window.put("toDueUs", ev.toUs());
        window.put("calls", ev.calls());
        window.put("neverEnded", ev.missing());
        putMicros(trial, "lagFirstQuarterUs", ev.lagFirstQuarterUs());
        putMicros(trial, "lagLastQuarterUs", ev.lagLastQuarterUs());
        trial.put("ownDelayP99Us", ev.ownDelayP99Us());
        putRate(trial, "threadsBusyPercent", round1(ev.threadsBusyPercent()));
        putRate(trial, "serviceMeanUs", round1(ev.serviceMeanUs()));
        if (ev.cpu() == null) {
            trial.putNull("cpuPercent");
        } else {
            ObjectNode cpu = trial.putObject("cpuPercent");
            cpu.put("machine", round1(ev.cpu().machine()));
            ev.cpu().parties().forEach((name, share) -> cpu.put(name, round1(share)));
            cpu.put("others", round1(ev.cpu().others()));
        }
    }

    private static double round1(double d) {
        return Double.isNaN(d) ? d : Math.round(d * 10) / 10.0;
    }

    private static void putRate(ObjectNode node, String key, double value) {
        if (Double.isNaN(value)) {
            node.putNull(key);
        } else {
            node.put(key, value);
        }
    }

    public void write(RunLayout layout) throws java.io.IOException {
        ReportFiles.writeAtomically(layout.capacityMd(), markdown());
        ReportFiles.writeAtomically(layout.capacityJson(), Json.MAPPER.writeValueAsString(json()));
    }

    /** A trial's figure, {@code -} when it measured nothing (NaN). */
    private static String figure(double value, int digits) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%." + digits + "f", value);
    }

    /** Microseconds as milliseconds with three decimals, {@code -} when not measured (negative). */
    private static String millis(long us) {
        return us < 0 ? "-" : String.format(Locale.ROOT, "%.3f", us / 1000.0);
    }

    /** Microseconds, {@code null} when not measured (negative). */
    private static void putMicros(ObjectNode node, String field, long us) {
        if (us < 0) {
            node.putNull(field);
        } else {
            node.put(field, us);
        }
    }

    /** A figure rounded to {@code 1/scale}, {@code null} when it measured nothing (NaN). */
    private static void putFigure(ObjectNode node, String field, double value, int scale) {
        if (Double.isNaN(value)) {
            node.putNull(field);
        } else {
            node.put(field, Math.round(value * scale) / (double) scale);
        }
    }

    public static String rate(double r) {
        return RateSchedule.rateText(r);
    }
}
