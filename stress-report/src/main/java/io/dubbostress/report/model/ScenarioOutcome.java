package io.dubbostress.report.model;

import io.dubbostress.report.text.Message;
import io.dubbostress.report.Format;
import java.util.List;
import java.util.Locale;

/**
 * Whether a scenario was measured, or failed and why: the one verdict every table, chart and exit code of the report
 * (and {@code stress run}'s run.json status and exit code, and the capacity search's SLO check) follows.
 *
 * <ul>
 * <li><b>failed: no sample</b>: its JTL is missing or holds no row (a scenario that never ran);</li>
 * <li><b>failed: no steady-state sample</b>: every sample started in the warm-up (a rate so low that the only call
 *     falls in it, a scenario cut short); its figures are not measured ({@code null} in report.json, {@code -} in the
 *     tables), and its warm-up failures, if any, are counted in the reason;</li>
 * <li><b>failed: every steady-state sample failed</b>: the provider was not there, or refused every call; its
 *     latencies are those of the failures (shown, and marked by this verdict), never a service time to compare.</li>
 * </ul>
 * A measured scenario may still have failures (counted in its errors), including failures in its warm-up, which
 * {@link #warmupNote} says.
 *
 * <pre>{@code
 * ScenarioOutcome outcome = ScenarioOutcome.of(stats, warmup);
 * if (outcome.failed()) {
 *     warnings.add("scenario " + name + " failed: " + outcome.reason());
 * }
 * }</pre>
 */
public final class ScenarioOutcome {

    private static final ScenarioOutcome MEASURED = new ScenarioOutcome(null);

    private final Message reason;

    private ScenarioOutcome(Message reason) {
        this.reason = reason;
    }

    /** A scenario with no row at all: {@code why} says what is missing ("scenarios/x/results.jtl is missing"). */
    public static ScenarioOutcome unrecorded(Message why) {
        return new ScenarioOutcome(Message.of("outcome.noSample", why));
    }

    /** The verdict on a scenario's figures. */
    public static ScenarioOutcome of(ScenarioStats stats, Warmup warmup) {
        if (stats.samples() == 0 && stats.warmupSamples() == 0) {
            return new ScenarioOutcome(Message.of("outcome.noSample", Message.of("outcome.noRow")));
        }
        if (!stats.measured()) {
            Message failed = stats.warmupErrors() == 0 ? Message.verbatim("")
                    : Message.of("outcome.warmupFailed", count(stats.warmupErrors()),
                            Message.verbatim(top(stats.topWarmupErrors(1))));
            return new ScenarioOutcome(Message.of("outcome.allInWarmup", count(stats.warmupSamples()),
                    Format.decimal(warmup.seconds(), 1), warmup.ruleMessage(), failed));
        }
        if (stats.errors() >= stats.samples()) {
            return new ScenarioOutcome(Message.of("outcome.everyFailed", count(stats.errors()),
                    count(stats.samples()), Message.verbatim(top(stats.topErrors(1)))));
        }
        return MEASURED;
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /**
     * A measured scenario's warm-up failures, said (they are in no figure): {@code "3 of the 40 warm-up samples
     * failed (NETWORK ...); the warm-up is left out of the figures"}; null when there were none, or the scenario
     * failed (its reason says it).
     */
    public static Message warmupNote(ScenarioStats stats, Warmup warmup) {
        if (stats.warmupErrors() == 0 || !stats.measured()) {
            return null;
        }
        return Message.of("outcome.warmupNote", count(stats.warmupErrors()), count(stats.warmupSamples()),
                Message.verbatim(top(stats.topWarmupErrors(1))), Format.decimal(warmup.seconds(), 1),
                warmup.ruleMessage());
    }

    /** The most frequent message, at most 120 characters, its start and its end (the errors table has more). */
    private static String top(List<ErrorMessages.Count> counts) {
        if (counts.isEmpty()) {
            return "no message";
        }
        return ErrorMessages.shorten(counts.get(0).message, 120);
    }

    public boolean failed() {
        return reason != null;
    }

    /** Why it failed (English: report.json's); null when measured. */
    public String reason() {
        return reason == null ? null : reason.english();
    }

    /** Why it failed, to be said in a page's language; null when measured. */
    public Message reasonMessage() {
        return reason;
    }

    /** {@code ok} or {@code failed}: the status column and report.json's {@code status}. */
    public String status() {
        return reason == null ? "ok" : "failed";
    }
}
