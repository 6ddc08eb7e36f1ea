package io.dubbostress.report.write;

import io.dubbostress.report.Format;
import io.dubbostress.report.model.Answer;
import io.dubbostress.report.model.Reference;
import io.dubbostress.report.model.Report;
import io.dubbostress.report.model.ScenarioResult;
import io.dubbostress.report.model.ScenarioStats;
import io.dubbostress.report.perfmon.PerfMonLabel;
import io.dubbostress.report.perfmon.PerfMonSeries;
import io.dubbostress.report.perfmon.ServerMetrics;
import io.dubbostress.report.run.RunLayout;
import io.dubbostress.report.run.ScenarioName;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The run in the shape of the reference report this harness reproduces (seed 003): one row per figure (samples, TPS,
 * mean and p90/p95/p99 in ms, the server's CPU and memory, network and disk), one column per scenario, payloads side
 * by side; with {@code --reference}, the reference's figures as a labelled column beside each payload's ("not given"
 * for what it does not say), and a line saying where they come from.
 */
final class ReferenceTable {

    private ReferenceTable() {
    }

    /** The table, or null when no scenario follows the {@code <kind>-<payload>} rule and no reference is given. */
    static Table of(Report report, ReportText text) {
        Reference reference = report.reference();
        // payload -> scenario (trials pooled) -> its trials
        Map<String, Map<String, List<ScenarioResult>>> ours = new LinkedHashMap<>();
        List<ScenarioResult> ordered = new ArrayList<>(report.scenarios());
        ordered.sort((a, b) -> ScenarioName.ORDER.compare(RunLayout.scenarioOf(a.name()),
                RunLayout.scenarioOf(b.name())));
        for (ScenarioResult s : ordered) {
            ScenarioName name = ScenarioName.of(RunLayout.scenarioOf(s.name()));
            if (name.payload().isEmpty() || s.outcome().failed()) {
                continue;
            }
            ours.computeIfAbsent(name.payload(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(RunLayout.scenarioOf(s.name()), k -> new ArrayList<>()).add(s);
        }
        Set<String> payloads = new LinkedHashSet<>(ours.keySet());
        if (reference != null) {
            payloads.addAll(reference.payloads().keySet());
        }
        if (payloads.isEmpty()) {
            return null;
        }
        List<String> header = new ArrayList<>(List.of(text.get("table.reference.figure")));
        List<List<ScenarioResult>> columns = new ArrayList<>();
        List<Reference.Figures> referenceColumns = new ArrayList<>();
        for (String payload : payloads) {
            for (Map.Entry<String, List<ScenarioResult>> scenario : ours.getOrDefault(payload, Map.of()).entrySet()) {
                header.add(scenario.getKey());
                columns.add(scenario.getValue());
                referenceColumns.add(null);
            }
            if (reference != null && reference.payloads().containsKey(payload)) {
                header.add(payload + " " + reference.name());
                columns.add(null);
                referenceColumns.add(reference.payloads().get(payload));
            }
        }
        Table table = new Table(reference == null ? text.get("table.reference.title")
                : text.get("table.reference.titleWith", reference.name()), 1, header.toArray(new String[0]));
        for (String figure : Reference.FIGURES) {
            List<String> row = new ArrayList<>(List.of(text.get("reference." + figure)));
            for (int i = 0; i < columns.size(); i++) {
                if (columns.get(i) != null) {
                    row.add(ours(figure, columns.get(i)));
                } else {
                    Double given = referenceColumns.get(i).get(figure);
                    row.add(given == null ? text.get("table.reference.notGiven") : ReportText.number(given));
                }
            }
            table.row(row.toArray(new String[0]));
        }
        if (reference != null) {
            table.lead(reference.setting() == null
                    ? text.get("table.reference.originNoSetting", reference.name(), reference.origin())
                    : text.get("table.reference.origin", reference.name(), reference.origin(), reference.setting()));
        }
        table.note(text.get("table.reference.note"));
        return table;
    }

    /** Our figure over the trials (their mean), as the table shows it; "-" when not measured. */
    private static String ours(String figure, List<ScenarioResult> trials) {
        return switch (figure) {
            case "samples" -> Format.count(Math.round(mean(trials, s -> s.stats().samples())));
            case "tps" -> Format.decimal(mean(trials, s -> s.stats().tps()), 1);
            case "meanMs" -> ms(mean(trials, s -> s.stats().mean() * s.stats().unit().micros() / 1000));
            case "p90Ms" -> ms(mean(trials, s -> percentileMs(s.stats(), 90)));
            case "p95Ms" -> ms(mean(trials, s -> percentileMs(s.stats(), 95)));
            case "p99Ms" -> ms(mean(trials, s -> percentileMs(s.stats(), 99)));
            case "cpuPercent" -> Format.decimal(mean(trials, s -> server(s, PerfMonLabel.Kind.CPU_PERCENT)), 1);
            case "memoryPercent" -> Format.decimal(mean(trials, s -> server(s, PerfMonLabel.Kind.MEMORY_PERCENT)), 1);
            case "networkReceivedKBps" -> Format.kilobytes(mean(trials,
                    s -> server(s, PerfMonLabel.Kind.NETWORK_RECEIVED)));
            case "networkSentKBps" -> Format.kilobytes(mean(trials, s -> server(s, PerfMonLabel.Kind.NETWORK_SENT)));
            case "diskReadKBps" -> Format.kilobytes(mean(trials, s -> server(s, PerfMonLabel.Kind.DISK_READ)));
            case "diskWriteKBps" -> Format.kilobytes(mean(trials, s -> server(s, PerfMonLabel.Kind.DISK_WRITE)));
            default -> throw new IllegalArgumentException(figure);
        };
    }

    private static double percentileMs(ScenarioStats stats, double p) {
        return stats.percentile(p) * stats.unit().micros() / 1000.0;
    }

    private static double server(ScenarioResult s, PerfMonLabel.Kind kind) {
        ServerMetrics host = s.server().isEmpty() ? null : s.server().get(0);
        PerfMonSeries.WindowStats stats = host == null ? null : host.get(kind);
        return stats == null ? Double.NaN : stats.avg;
    }

    private static String ms(double value) {
        return Double.isNaN(value) ? Format.NONE : ReportText.number(Answer.ms(value));
    }

    /** The mean over the trials; NaN when one has none. */
    private static double mean(List<ScenarioResult> trials, ToDoubleFunction<ScenarioResult> figure) {
        double sum = 0;
        for (ScenarioResult t : trials) {
            sum += figure.applyAsDouble(t);
        }
        return sum / trials.size();
    }
}
