package io.dubbostress.report.write;

import io.dubbostress.report.text.ReportText;
import io.dubbostress.report.model.Answer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The answer in words ({@link Answer}), through {@link ReportText}: per payload one paragraph (what the hop adds at
 * p50 and p99 with the intervals, what it costs in throughput, how the intervals were made, and where {@code
 * --profile} was on, where its time goes), then one per scenario (what limited it, each JVM's CPU, the GC pauses'
 * share). Every number comes from a field of the answer, formatted by {@link ReportText#number}: report.json's
 * {@code answer} block holds each of them.
 *
 * <pre>{@code
 * for (String paragraph : AnswerText.paragraphs(report.answer(), ReportText.english())) {
 *     System.out.println(paragraph);
 * }
 * }</pre>
 */
public final class AnswerText {

    private AnswerText() {
    }

    public static List<String> paragraphs(Answer answer, ReportText text) {
        List<String> out = new ArrayList<>();
        for (Answer.Payload p : answer.payloads()) {
            out.add(spaced(payload(p, answer.confidencePercent(), text)));
        }
        for (Answer.Limit limit : answer.limits()) {
            out.add(spaced(limit(limit, text)));
        }
        return out;
    }

    /** Chinese puts no space after its full-width stops and colons ("。 吞吐量" -> "。吞吐量"); English has none of them. */
    private static String spaced(String paragraph) {
        return FULL_WIDTH_SPACE.matcher(paragraph).replaceAll("");
    }

    private static final Pattern FULL_WIDTH_SPACE = Pattern.compile("(?<=[\u3000-\u303F\uFF00-\uFFEF]) +");

    static String payload(Answer.Payload p, int confidence, ReportText text) {
        StringBuilder out = new StringBuilder();
        String trials = p.hopTrials() == 1 && p.directTrials() == 1 ? ""
                : p.hopTrials() == p.directTrials() ? text.get("answer.pair.trials", p.hopTrials())
                : text.get("answer.pair.unevenTrials", p.directTrials(), p.hopTrials());
        out.append(text.get("answer.pair", p.payload().isEmpty() ? p.hop() : p.payload(), p.hop(), p.direct(), trials))
                .append(' ');
        out.append(latency("p50", p.p50(), confidence, p.hopTrials() == 1 && p.directTrials() == 1, text));
        out.append(text.get("answer.latency.join"));
        out.append(latency("p99", p.p99(), confidence, p.hopTrials() == 1 && p.directTrials() == 1, text));
        out.append(text.get("answer.sentence.end")).append(' ');
        out.append(throughput(p.tps(), confidence, text)).append(' ');
        out.append(Answer.BETWEEN_TRIALS.equals(p.method())
                ? text.get("answer.method.betweenTrials", Math.max(p.hopTrials(), p.directTrials()))
                : text.get("answer.method.withinRun"));
        if (p.profile() != null) {
            out.append(' ').append(text.get("answer.profile", p.profile().in(text)));
        }
        return out.toString();
    }

    private static String latency(String percentile, Answer.Latency l, int confidence, boolean oneTrial,
                                  ReportText text) {
        if (l.addedMs() == null) {
            return text.get("answer.latency.notMeasured", percentile);
        }
        String interval;
        if (l.addedLowMs() != null && l.timesLow() != null) {
            interval = text.get("answer.latency.interval", confidence, ReportText.signed(l.addedLowMs()),
                    ReportText.signed(l.addedHighMs()), ReportText.number(l.timesLow()),
                    ReportText.number(l.timesHigh()));
        } else if (l.addedLowMs() != null) {
            interval = text.get("answer.latency.intervalNoRatio", confidence, ReportText.signed(l.addedLowMs()),
                    ReportText.signed(l.addedHighMs()));
        } else {
            interval = null;
        }
        if (interval != null) {
            if (l.addedLowMs() <= 0 && l.addedHighMs() >= 0
                    && (l.timesLow() == null || l.timesLow() <= 1 && l.timesHigh() >= 1)) {
                // "the hop is 3.85 ms faster" from an interval of -17.5 to +9.77 ms is no finding: say so (where the
                // ratio's interval, made apart, leaves out x1, the two do not agree, and the sentence does not claim)
                interval += text.get("answer.latency.noChange");
            }
        } else {
            interval = noInterval(l.noInterval(), l.samplesNeeded(), oneTrial, text);
        }
        return text.get(l.addedMs() < 0 ? "answer.latency.saves" : "answer.latency.adds", percentile,
                ReportText.number(Math.abs(l.addedMs())), ReportText.number(l.times()),
                ReportText.number(l.directMs()), ReportText.number(l.hopMs()), interval);
    }

    private static String noInterval(String why, Long samplesNeeded, boolean oneTrial, ReportText text) {
        if (Answer.NO_INTERVAL_FEW_SAMPLES.equals(why)) {
            return text.get(oneTrial ? "answer.noInterval.fewSamples" : "answer.noInterval.fewSamplesTrials",
                    ReportText.number(samplesNeeded == null ? null : samplesNeeded.doubleValue()));
        }
        return text.get(Answer.NO_INTERVAL_ZERO.equals(why) ? "answer.noInterval.zero" : "answer.noInterval.notRead");
    }

    private static String throughput(Answer.Throughput t, int confidence, ReportText text) {
        if (t.times() == null) {
            return text.get("answer.tps.notMeasured");
        }
        String interval;
        if (t.timesLow() != null) {
            interval = text.get(t.timesLow() <= 1 && t.timesHigh() >= 1 ? "answer.tps.intervalNoChange"
                    : "answer.tps.interval", confidence, ReportText.number(t.timesLow()),
                    ReportText.number(t.timesHigh()));
        } else if (Answer.NO_INTERVAL_FEW_SAMPLES.equals(t.noInterval())) {
            interval = text.get("answer.tps.noInterval.fewSamples");
        } else if (Answer.NO_INTERVAL_ZERO.equals(t.noInterval())) {
            interval = text.get("answer.tps.noInterval.zero");
        } else {
            interval = text.get("answer.tps.noInterval.notRead");
        }
        return text.get("answer.tps", ReportText.number(t.hop()), ReportText.number(t.direct()),
                ReportText.number(t.times()), interval);
    }

    static String limit(Answer.Limit l, ReportText text) {
        String cpu = ReportText.number(l.hostCpuPercent());
        String inFlight = ReportText.number(l.inFlight());
        StringBuilder out = new StringBuilder();
        switch (l.limitedBy()) {
            case Answer.LIMIT_MACHINE -> out.append(text.get("answer.limit.machine", l.scenario(), cpu));
            case Answer.LIMIT_RATE -> out.append(text.get("answer.limit.rate", l.scenario(), cpu));
            case Answer.LIMIT_LOAD_GENERATOR -> out.append(text.get("answer.limit.loadGenerator", l.scenario(), cpu,
                    inFlight, l.threads()));
            case Answer.LIMIT_THREADS -> out.append(l.threads() == null
                    ? text.get("answer.limit.threadsUnknown", l.scenario(), cpu, inFlight)
                    : text.get("answer.limit.threads", l.scenario(), cpu, l.threads(), inFlight));
            default -> out.append(text.get("answer.limit.notMeasured", l.scenario(), inFlight));
        }
        out.append(' ');
        if (l.jvmCpuPercent().isEmpty()) {
            out.append(text.get("answer.jvmCpu.none"));
        } else {
            List<String> items = new ArrayList<>();
            for (String service : List.of("provider", "consumer", "jmeter")) {
                Double cpuOf = l.jvmCpuPercent().get(service);
                if (cpuOf != null) {
                    items.add(text.get("answer.jvmCpu.item", service(service, text), ReportText.number(cpuOf)));
                }
            }
            out.append(text.get("answer.jvmCpu", String.join(text.get("answer.list.separator"), items)));
        }
        out.append(' ');
        if (l.gcPausePercent() == null) {
            out.append(text.get("answer.gc.none"));
        } else {
            out.append(text.get(l.gcPausePercent() >= Answer.GC_LIMIT_PERCENT ? "answer.gc.limit" : "answer.gc",
                    ReportText.number(l.gcPausePercent()), service(l.gcService(), text)));
        }
        return out.toString();
    }

    /** A JVM's name in the sentences: the run's own services by their message, any other as named. */
    static String service(String name, ReportText text) {
        String base = name.startsWith("jmeter") ? "jmeter" : name;
        return Map.of("provider", "answer.service.provider", "consumer", "answer.service.consumer", "jmeter",
                "answer.service.jmeter").containsKey(base) ? text.get("answer.service." + base) : name;
    }
}
