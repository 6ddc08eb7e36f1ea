package io.dubbostress.cli.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dubbostress.report.ReportFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * What {@code stress run --find-max-rate} found, per scenario: the highest rate that held the SLO, and the curve
 * (target rate vs the p50 and p99 of the response time from the due time) with the scenarios side by side, one row
 * per rate tried. Written as capacity.md and capacity.json in the run folder, and printed.
 */
final class CapacityReport {

    static final String SCHEMA = "dubbo-stress/capacity/1";

    private final Slo slo;
    private final Map<String, CapacitySearch.Outcome> outcomes = new LinkedHashMap<>();

    CapacityReport(Slo slo) {
        this.slo = slo;
    }

    void add(String scenario, CapacitySearch.Outcome outcome) {
        outcomes.put(scenario, outcome);
    }

    /** The Markdown: a line per scenario with its capacity, then the side-by-side curve. */
    String markdown() {
        StringBuilder out = new StringBuilder();
        out.append("# Capacity search\n\nSLO: ").append(slo).append(" (percentiles of the response time from each "
                + "call's due time, coordinated omission corrected)\n\n");
        for (Map.Entry<String, CapacitySearch.Outcome> e : outcomes.entrySet()) {
            CapacitySearch.Outcome o = e.getValue();
            out.append("- **").append(e.getKey()).append("**: ");
            if (o.highestHeld() > 0) {
                out.append("held up to ").append(rate(o.highestHeld())).append(" calls/s");
            } else {
                out.append("no rate tried held the SLO");
            }
            if (!Double.isNaN(o.lowestBroken())) {
                out.append("; broke at ").append(rate(o.lowestBroken())).append(" calls/s");
            } else {
                out.append("; never broke it (the trials ran out: raise --search-trials)");
            }
            if (!o.complete()) {
                out.append(" (search stopped early)");
            }
            out.append('\n');
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
                CapacitySearch.Trial t = outcomes.get(name).trials().stream().filter(x -> x.targetRate() == r)
                        .findFirst().orElse(null);
                if (t == null) {
                    out.append(" | | | | |");
                } else {
                    out.append(String.format(Locale.ROOT, " %s | %.3f | %.3f | %s |", figure(t.achievedRate(), 1),
                            t.p50Us() / 1000.0, t.p99Us() / 1000.0, figure(t.errorPercent(), 2)))
                            .append(' ').append(t.held() ? "held" : "broke: " + String.join("; ", t.broken()))
                            .append(" |");
                }
            }
            out.append('\n');
        }
        out.append("\nEach trial: a constant target rate for --duration, its warm-up left out; its folder is "
                + "scenarios/<scenario>-at-<rate>/ and report.md has its full figures.\n");
        return out.toString();
    }

    ObjectNode json() {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("schema", SCHEMA);
        root.put("slo", slo.toString());
        ArrayNode scenarios = root.putArray("scenarios");
        for (Map.Entry<String, CapacitySearch.Outcome> e : outcomes.entrySet()) {
            CapacitySearch.Outcome o = e.getValue();
            ObjectNode node = scenarios.addObject();
            node.put("name", e.getKey());
            node.put("highestHeldPerSec", o.highestHeld());
            if (Double.isNaN(o.lowestBroken())) {
                node.putNull("lowestBrokenPerSec");
            } else {
                node.put("lowestBrokenPerSec", o.lowestBroken());
            }
            node.put("complete", o.complete());
            ArrayNode trials = node.putArray("trials");
            for (CapacitySearch.Trial t : o.trials()) {
                ObjectNode trial = trials.addObject();
                trial.put("scenario", t.name());
                trial.put("targetPerSec", t.targetRate());
                putFigure(trial, "achievedPerSec", t.achievedRate(), 100);
                trial.put("fromDueP50Us", t.p50Us());
                trial.put("fromDueP99Us", t.p99Us());
                trial.put("serviceP99Us", t.serviceP99Us());
                putFigure(trial, "errorPercent", t.errorPercent(), 1000);
                trial.put("held", t.held());
                ArrayNode broken = trial.putArray("broken");
                t.broken().forEach(broken::add);
            }
        }
        return root;
    }

    void write(Path dir) throws java.io.IOException {
        ReportFiles.writeAtomically(dir.resolve("capacity.md"), markdown());
        ReportFiles.writeAtomically(dir.resolve("capacity.json"), new ObjectMapper()
                .enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(json()));
    }

    /** A trial's figure, {@code -} when it measured nothing (NaN). */
    private static String figure(double value, int digits) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%." + digits + "f", value);
    }

    /** A figure rounded to {@code 1/scale}, {@code null} when it measured nothing (NaN). */
    private static void putFigure(ObjectNode node, String field, double value, int scale) {
        if (Double.isNaN(value)) {
            node.putNull(field);
        } else {
            node.put(field, Math.round(value * scale) / (double) scale);
        }
    }

    static String rate(double r) {
        return r == Math.rint(r) ? String.valueOf((long) r) : String.format(Locale.ROOT, "%.1f", r);
    }
}
