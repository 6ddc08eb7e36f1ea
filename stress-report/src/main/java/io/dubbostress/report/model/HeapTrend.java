package io.dubbostress.report.model;

import io.dubbostress.gc.GcEvent;
import io.dubbostress.report.SeriesTrend;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Over a long run, does a JVM's heap keep growing? The classic leak signal a stability run looks for, read the way it
 * can be trusted: the heap left after the collections that clean the whole heap (a full GC, or G1's mixed
 * collections), its <em>floor</em>. The heap after a young collection is no such signal: under G1 it creeps up with no
 * leak at all, until a mixed or full collection takes the old generation's garbage (measured in the 45-minute soak of
 * docs/RELIABILITY.md). So the verdict needs {@value #MIN_FLOORS} floors or more over {@value #MIN_MINUTES} minutes
 * or more (the rule a JVM's threads and open files are judged by: four floors in the first second of a JVM, its heap
 * settling after start, are no soak signal); with fewer, or over less time, it is "no verdict", and says why.
 *
 * <p>Rising ({@link SeriesTrend}, the rule threads and open files are judged by too): the heap never comes back down
 * to where it was: the lowest floor of the last third of them is above the highest of the first third, and at least
 * {@value #MIN_RISE_PERCENT} % above the first floor. Else flat: a floor
 * that steps up and down (the consumer of the soak: 14, 17, 15, 14, 21, 17 MiB, a region of G1 at a time) is no
 * leak. The least-squares slope of the floors is given beside it, MiB per hour.
 *
 * <pre>
 * HeapTrend t = HeapTrend.of(analysis.events());
 * t.verdict();             // RISING, FLAT, NO_VERDICT
 * t.sentence();            // "heap after full/mixed GC 38.0 -> 61.5 MiB over 14 collections (+47.0 MiB/h) ..."
 * </pre>
 */
public final class HeapTrend {

    /** What the floors say. */
    public enum Verdict { RISING, FLAT, NO_VERDICT }

    static final int MIN_FLOORS = 4;
    /** Minutes the floors must cover for a verdict. */
    static final int MIN_MINUTES = 5;

    /** What a verdict needs: floors, and the time they cover. */
    public record Rule(int minFloors, long minSpanMs) {

        /** The report's: {@value #MIN_FLOORS} floors over {@value #MIN_MINUTES} minutes or more. */
        public static final Rule REPORT = new Rule(MIN_FLOORS, MIN_MINUTES * 60_000L);
    }
    static final double MIN_RISE_PERCENT = SeriesTrend.LEAK_RISE_PERCENT;
    private static final double MIB = 1024.0 * 1024.0;

    private final Verdict verdict;
    private final int floors;
    private final long firstFloorBytes;
    private final long lastFloorBytes;
    private final double slopeBytesPerHour;
    private final String sentence;

    private HeapTrend(Verdict verdict, int floors, long firstFloorBytes, long lastFloorBytes, double slopeBytesPerHour,
                      String sentence) {
        this.verdict = verdict;
        this.floors = floors;
        this.firstFloorBytes = firstFloorBytes;
        this.lastFloorBytes = lastFloorBytes;
        this.slopeBytesPerHour = slopeBytesPerHour;
        this.sentence = sentence;
    }

    /** The trend of a log's pauses (those with a wall-clock time and a heap figure after them), by the report's rule. */
    public static HeapTrend of(List<GcEvent> events) {
        return of(events, Rule.REPORT);
    }

    /** As {@link #of(List)}, by {@code rule} (a test's shorter span). */
    public static HeapTrend of(List<GcEvent> events, Rule rule) {
        List<double[]> points = new ArrayList<>();
        for (GcEvent e : events) {
            if (cleansTheWholeHeap(e) && e.epochMs() != GcEvent.UNKNOWN && e.heapAfterBytes() >= 0) {
                points.add(new double[] {e.epochMs(), e.heapAfterBytes()});
            }
        }
        SeriesTrend trend = SeriesTrend.of(points, rule.minFloors(), MIN_RISE_PERCENT);
        if (trend.verdict() == SeriesTrend.Verdict.TOO_FEW) {
            return new HeapTrend(Verdict.NO_VERDICT, points.size(), -1, -1, Double.NaN, String.format(Locale.ROOT,
                    "no verdict: %d collection(s) of the whole heap (full, or G1 mixed) in the log, %d needed; the heap"
                    + " after a young collection creeps up without any leak until one comes (run longer, or see the"
                    + " live set with scripts/soak.sh)", points.size(), rule.minFloors()));
        }
        if (trend.spanMs() < rule.minSpanMs()) {
            return new HeapTrend(Verdict.NO_VERDICT, points.size(), -1, -1, Double.NaN, String.format(Locale.ROOT,
                    "no verdict: %d collection(s) of the whole heap over %s, a verdict needs %s or more (a heap "
                    + "settling after the JVM's start is no leak; run longer)", points.size(), span(trend.spanMs()),
                    span(rule.minSpanMs())));
        }
        long first = Math.round(trend.first());
        long last = Math.round(trend.last());
        boolean rising = trend.verdict() == SeriesTrend.Verdict.RISING;
        double perHour = trend.slopePerHour();
        String figures = String.format(Locale.ROOT, "heap after full/mixed GC %.1f -> %.1f MiB over %d collections in"
                + " %.1f min (%+.1f MiB/h)", first / MIB, last / MIB, points.size(), trend.spanMs() / 60_000.0,
                perHour / MIB);
        return new HeapTrend(rising ? Verdict.RISING : Verdict.FLAT, points.size(), first, last, perHour, rising
                ? figures + ": it keeps rising, the classic leak signal (a heap dump after a full GC shows what holds it)"
                : figures + ": flat");
    }

    private static String span(long ms) {
        return ms >= 60_000 ? String.format(Locale.ROOT, "%.1f min", ms / 60_000.0)
                : String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    }

    /** A full collection, or G1's mixed one (its old regions too). */
    static boolean cleansTheWholeHeap(GcEvent e) {
        return e.full() || e.type().contains("(Mixed)");
    }

    public Verdict verdict() {
        return verdict;
    }

    /** Collections of the whole heap with a heap figure after them. */
    public int floors() {
        return floors;
    }

    /** The heap after the first and the last of them, bytes; -1 without a verdict. */
    public long firstFloorBytes() {
        return firstFloorBytes;
    }

    public long lastFloorBytes() {
        return lastFloorBytes;
    }

    /** The floors' least-squares slope, bytes per hour; NaN without a verdict. */
    public double slopeBytesPerHour() {
        return slopeBytesPerHour;
    }

    /** The figures and the verdict in words. */
    public String sentence() {
        return sentence;
    }
}
