package io.dubbostress.sampler.pacing;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * When each call of an open-model test is due: arrival {@code k} (0, 1, 2, ...) is due at the moment the schedule's
 * cumulative arrivals reach {@code k}, so arrival 0 is due at the origin, and a constant 500 calls/s puts arrival
 * {@code k} at {@code k / 500} s. Computed from {@code k} alone (no accumulated sleeps, no drift).
 *
 * <p>Grammar, rates in calls per second over every thread sharing the schedule:
 * <pre>
 *   500                     500 calls/s, for ever
 *   100,200,400             steps splitting the duration evenly (then 400 for ever)
 *   100:30s,200:1m          steps with their own lengths (units ms, s, m, h; none = s)
 *   0..1000:60s,1000        a linear ramp from 0 to 1000 calls/s over 60 s, then 1000 for ever
 * </pre>
 * A segment without a length takes an equal share of what the other segments leave of the duration; the last
 * segment's final rate holds after the schedule's end. Each rate is divided by {@code share} (load generators that
 * each run the same schedule, distributed mode).
 *
 * <pre>{@code
 * ArrivalSchedule s = ArrivalSchedule.parse("0..1000:60s,1000", 0, 1);
 * long dueNanos = origin + s.offsetNanos(k);
 * }</pre>
 */
public final class ArrivalSchedule {

    private static final double NANOS = 1e9;

    /**
     * A number of the grammar: digits with an optional fraction and an optional exponent ({@code 500}, {@code 2.5},
     * {@code .5}, {@code 1e9}); the same rule as {@code stress run --rate}. Java's own parser also takes {@code 5d},
     * {@code 0x1p3} and {@code Infinity}, which are not rates.
     */
    public static final Pattern NUMBER = Pattern.compile("(?:[0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?");

    /** One segment: from its start (seconds), its length, its rates at both ends and its cumulative arrivals. */
    private static final class Segment {
        final double startSeconds;
        final double seconds; // Double.POSITIVE_INFINITY for the hold after the last segment
        final double fromRate;
        final double toRate;
        final double arrivalsBefore;

        Segment(double startSeconds, double seconds, double fromRate, double toRate, double arrivalsBefore) {
            this.startSeconds = startSeconds;
            this.seconds = seconds;
            this.fromRate = fromRate;
            this.toRate = toRate;
            this.arrivalsBefore = arrivalsBefore;
        }

        double arrivals() {
            return Double.isInfinite(seconds) ? Double.POSITIVE_INFINITY : (fromRate + toRate) / 2 * seconds;
        }

        /** Seconds into this segment at which {@code m} of its arrivals have come. */
        double secondsFor(double m) {
            if (m <= 0) {
                return 0;
            }
            if (fromRate == toRate || Double.isInfinite(seconds)) {
                return m / fromRate;
            }
            double c = (toRate - fromRate) / (2 * seconds);
            // root of c x^2 + from x - m = 0, written so that from = 0 and c < 0 stay exact
            return 2 * m / (fromRate + Math.sqrt(Math.max(0, fromRate * fromRate + 4 * c * m)));
        }
    }

    private final List<Segment> segments;
    private final String text;
    private final double share;
    private final double peakRate;

    private ArrivalSchedule(List<Segment> segments, String text, double share) {
        this.segments = segments;
        this.text = text;
        this.share = share;
        double peak = 0;
        for (Segment s : segments) {
            peak = Math.max(peak, Math.max(s.fromRate, s.toRate));
        }
        this.peakRate = peak;
    }

    /**
     * @param text the schedule (grammar above)
     * @param durationSeconds what segments without a length split; 0 = none given (then only the last segment may
     *     lack a length)
     * @param share how many load generators each run this schedule: every rate is divided by it
     * @throws IllegalArgumentException naming what is wrong, in one line
     */
    public static ArrivalSchedule parse(String text, double durationSeconds, double share) {
        String t = text == null ? "" : text.trim();
        if (t.isEmpty()) {
            throw new IllegalArgumentException("the schedule is empty: give a rate in calls/s like 500, steps like "
                    + "100,200,400, or a ramp like 0..1000:60s");
        }
        if (!(share >= 1) || Double.isInfinite(share)) {
            throw new IllegalArgumentException("load generators sharing the rate: '" + format(share)
                    + "' is not a whole number of at least 1");
        }
        String[] parts = t.split(",");
        double[] from = new double[parts.length];
        double[] to = new double[parts.length];
        double[] seconds = new double[parts.length];
        double given = 0;
        int unsized = 0;
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i].trim();
            String rates = part;
            seconds[i] = -1;
            int colon = part.indexOf(':');
            if (colon >= 0) {
                rates = part.substring(0, colon).trim();
                seconds[i] = seconds(part.substring(colon + 1).trim(), t);
                given += seconds[i];
            } else {
                unsized++;
            }
            int dots = rates.indexOf("..");
            from[i] = rate(dots >= 0 ? rates.substring(0, dots) : rates, t) / share;
            to[i] = dots >= 0 ? rate(rates.substring(dots + 2), t) / share : from[i];
        }
        double each = 0;
        if (unsized > 0) {
            boolean lastOnlyUnsized = unsized == 1 && seconds[parts.length - 1] < 0;
            if (durationSeconds > 0 && durationSeconds > given) {
                each = (durationSeconds - given) / unsized;
            } else if (!lastOnlyUnsized) {
                throw new IllegalArgumentException("schedule '" + t + "': " + unsized + " segments have no length and "
                        + (durationSeconds > 0 ? "the duration (" + format(durationSeconds) + " s) leaves no time for "
                        + "them" : "no duration is given to split") + ": give each one a length, e.g. 100:30s");
            }
        }
        List<Segment> segments = new ArrayList<>();
        double start = 0;
        double arrivals = 0;
        for (int i = 0; i < parts.length; i++) {
            double length = seconds[i] >= 0 ? seconds[i] : (each > 0 ? each : Double.POSITIVE_INFINITY);
            if (Double.isInfinite(length) && from[i] != to[i]) {
                throw new IllegalArgumentException("schedule '" + t + "': the ramp '" + parts[i].trim()
                        + "' needs a length, e.g. " + parts[i].trim() + ":60s");
            }
            Segment s = new Segment(start, length, from[i], to[i], arrivals);
            segments.add(s);
            if (Double.isInfinite(length)) {
                break;
            }
            start += length;
            arrivals += s.arrivals();
        }
        Segment last = segments.get(segments.size() - 1);
        if (!Double.isInfinite(last.seconds)) {
            segments.add(new Segment(start, Double.POSITIVE_INFINITY, last.toRate, last.toRate, arrivals));
        }
        return new ArrivalSchedule(Collections.unmodifiableList(segments), t, share);
    }

    /**
     * Nanoseconds from the origin at which arrival {@code k} is due, or {@link Long#MAX_VALUE} when the schedule
     * never reaches it (it ends at rate 0).
     */
    public long offsetNanos(long k) {
        double n = k;
        for (Segment s : segments) {
            if (n < s.arrivalsBefore + s.arrivals() || Double.isInfinite(s.seconds)) {
                if (Double.isInfinite(s.seconds) && s.fromRate <= 0) {
                    return Long.MAX_VALUE;
                }
                double at = s.startSeconds + s.secondsFor(n - s.arrivalsBefore);
                return at * NANOS >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) (at * NANOS);
            }
        }
        return Long.MAX_VALUE;
    }

    /** The target rate (calls/s, this load generator's share) at {@code seconds} from the origin. */
    public double rateAt(double seconds) {
        for (Segment s : segments) {
            if (seconds < s.startSeconds + s.seconds) {
                return Double.isInfinite(s.seconds) ? s.fromRate
                        : s.fromRate + (s.toRate - s.fromRate) * (seconds - s.startSeconds) / s.seconds;
            }
        }
        return segments.get(segments.size() - 1).toRate;
    }

    /** Arrivals due in the first {@code seconds} from the origin (this load generator's share). */
    public double arrivalsWithin(double seconds) {
        for (Segment s : segments) {
            if (seconds < s.startSeconds + s.seconds) {
                double x = seconds - s.startSeconds;
                double rateThen = Double.isInfinite(s.seconds) ? s.fromRate
                        : s.fromRate + (s.toRate - s.fromRate) * x / s.seconds;
                return s.arrivalsBefore + (s.fromRate + rateThen) / 2 * x;
            }
        }
        return Double.POSITIVE_INFINITY;
    }

    public double share() {
        return share;
    }

    /** The highest rate the schedule asks for (calls/s, this load generator's share). */
    public double peakRate() {
        return peakRate;
    }

    /**
     * Seconds from the origin to the end of the last segment, after which its rate holds for ever; 0 when the
     * schedule is one segment without a length (a constant rate, for ever).
     */
    public double lengthSeconds() {
        return segments.get(segments.size() - 1).startSeconds;
    }

    @Override
    public String toString() {
        return share == 1 ? text + " calls/s" : text + " calls/s / " + format(share) + " load generators";
    }

    private static double rate(String value, String schedule) {
        String v = value.trim();
        if (v.startsWith("-") && NUMBER.matcher(v.substring(1)).matches()) {
            throw new IllegalArgumentException("schedule '" + schedule + "': the rate '" + v
                    + "' must be 0 or a positive number of calls/s");
        }
        if (!NUMBER.matcher(v).matches()) {
            throw new IllegalArgumentException("schedule '" + schedule + "': '" + v + "' is not a rate in "
                    + "calls/s (use 500, 100,200,400 or 0..1000:60s)");
        }
        double r = Double.parseDouble(v);
        if (Double.isInfinite(r)) {
            throw new IllegalArgumentException("schedule '" + schedule + "': the rate '" + v
                    + "' is beyond any number of calls/s");
        }
        return r;
    }

    private static double seconds(String value, String schedule) {
        String v = value.toLowerCase(Locale.ROOT);
        double unit = 1;
        String number = v;
        if (v.endsWith("ms")) {
            unit = 0.001;
            number = v.substring(0, v.length() - 2);
        } else if (v.endsWith("s")) {
            number = v.substring(0, v.length() - 1);
        } else if (v.endsWith("m")) {
            unit = 60;
            number = v.substring(0, v.length() - 1);
        } else if (v.endsWith("h")) {
            unit = 3600;
            number = v.substring(0, v.length() - 1);
        }
        if (!NUMBER.matcher(number.trim()).matches()) {
            throw new IllegalArgumentException("schedule '" + schedule + "': '" + value + "' is not a length (use 30s, "
                    + "2m, 500ms)");
        }
        double n = Double.parseDouble(number.trim());
        if (!(n > 0) || Double.isInfinite(n)) {
            throw new IllegalArgumentException("schedule '" + schedule + "': the length '" + value
                    + "' must be positive");
        }
        return n * unit;
    }

    private static String format(double d) {
        return d == Math.rint(d) && !Double.isInfinite(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
