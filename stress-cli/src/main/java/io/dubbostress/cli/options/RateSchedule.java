package io.dubbostress.cli.options;

import io.dubbostress.cli.UserError;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The target request rate of a run (all threads together, calls per second), as the plans' Target Rate Schedule
 * takes it (docs/SAMPLER.md): {@code 0} for none (closed model: each thread calls as fast as it gets answers, as the
 * reference harness did), {@code 500} for a constant rate, {@code 100,200,400} for steps that split the duration
 * evenly, {@code 100:30s,200:1m} for steps with lengths, {@code 0..1000:60s,1000} for a linear ramp. Checked here so
 * that a typo is a one-line error before anything starts; the schedule itself is computed by the element, whose
 * grammar this follows (numbers: digits, a fraction, an exponent: {@code 500}, {@code 2.5}, {@code 1e3}). What the
 * element would refuse at the first call, {@link #check} refuses up front: a rate the threads cannot reach, a
 * schedule longer than the run.
 */
public final class RateSchedule {

    public static final RateSchedule NONE = new RateSchedule(Collections.emptyList());

    /** The Target Rate Schedule's own ceiling: one call per 10 us per thread (its MAX_CALLS_PER_SECOND_PER_THREAD). */
    static final int MAX_CALLS_PER_SECOND_PER_THREAD = 100_000;

    private static final String NUMBER = "(?:[0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?";
    private static final Pattern SEGMENT = Pattern.compile("(?<from>" + NUMBER + ")(?:\\.\\.(?<to>" + NUMBER
            + "))?(?::(?<length>" + NUMBER + ")(?<unit>ms|s|m|h)?)?");

    private final List<String> segments;
    /** Each segment's length in seconds, -1 for none. */
    private final double[] lengths;
    private final double peak;
    /** Seconds of the segments with a length. */
    private final double sizedSeconds;
    /** Segments without a length. */
    private final int unsized;
    private final boolean lastUnsized;

    private RateSchedule(List<String> segments) {
        this(segments, new double[0], 0, 0, 0, false);
    }

    private RateSchedule(List<String> segments, double[] lengths, double peak, double sizedSeconds, int unsized,
            boolean lastUnsized) {
        this.segments = segments;
        this.lengths = lengths;
        this.peak = peak;
        this.sizedSeconds = sizedSeconds;
        this.unsized = unsized;
        this.lastUnsized = lastUnsized;
    }

    public static RateSchedule parse(String text) {
        String t = text == null ? "" : text.trim();
        if (t.isEmpty() || t.equals("0")) {
            return NONE;
        }
        List<String> segments = new ArrayList<>();
        List<Double> lengths = new ArrayList<>();
        double peak = 0;
        double sized = 0;
        int unsized = 0;
        boolean lastUnsized = false;
        for (String part : t.split(",", -1)) {
            String segment = part.trim().replace(" ", "");
            if (segment.startsWith("-") || segment.contains("..-")) {
                throw new TypeConversionException("'" + text + "': every rate must be a positive number of calls/s");
            }
            Matcher m = SEGMENT.matcher(segment);
            if (!m.matches()) {
                throw new TypeConversionException("'" + text + "' is not a rate: use calls/s like 500, steps like "
                        + "100,200,400 or 100:30s,200:1m, or a ramp like 0..1000:60s");
            }
            if (m.group("to") != null && m.group("length") == null) {
                throw new TypeConversionException("'" + text + "': the ramp '" + segment + "' needs a length, e.g. "
                        + segment + ":60s");
            }
            double from = finite(text, m.group("from"));
            double to = m.group("to") == null ? from : finite(text, m.group("to"));
            if (m.group("length") != null) {
                double length = Double.parseDouble(m.group("length"));
                if (!(length > 0) || Double.isInfinite(length)) {
                    throw new TypeConversionException("'" + text + "': the length of '" + segment
                            + "' must be positive");
                }
                sized += length * unitSeconds(m.group("unit"));
                lengths.add(length * unitSeconds(m.group("unit")));
                lastUnsized = false;
            } else {
                unsized++;
                lengths.add(-1.0);
                lastUnsized = true;
            }
            peak = Math.max(peak, Math.max(from, to));
            segments.add(segment);
        }
        if (!(peak > 0)) {
            throw new TypeConversionException("'" + text + "': at least one rate must be a positive number of calls/s");
        }
        return new RateSchedule(Collections.unmodifiableList(segments),
                lengths.stream().mapToDouble(Double::doubleValue).toArray(), peak, sized, unsized, lastUnsized);
    }

    private static double finite(String text, String number) {
        double v = Double.parseDouble(number);
        if (Double.isInfinite(v)) {
            throw new TypeConversionException("'" + text + "': the rate '" + number + "' is beyond any number of "
                    + "calls/s");
        }
        return v;
    }

    private static double unitSeconds(String unit) {
        if (unit == null || unit.equals("s")) {
            return 1;
        }
        return switch (unit) {
            case "ms" -> 0.001;
            case "m" -> 60;
            default -> 3600;
        };
    }

    /** A constant rate. */
    public static RateSchedule constant(double callsPerSecond) {
        return parse(format(callsPerSecond));
    }

    /**
     * What the run's Target Rate Schedule would refuse or cut, refused here before anything starts ({@code --rate}
     * named): a peak rate beyond one call per 10 us for each of the {@code threads}; steps with lengths that outlast
     * {@code duration} (the run's thread groups end there: the rest would never run); steps without a length that
     * {@code duration} leaves no time for. A closed-model rate passes.
     */
    public void check(int threads, Duration duration) {
        if (!isOpen()) {
            return;
        }
        double reachable = (double) MAX_CALLS_PER_SECOND_PER_THREAD * threads;
        if (peak > reachable) {
            throw new UserError(String.format(Locale.ROOT, "Invalid value for option '--rate': %s calls/s cannot be "
                    + "reached by %,d threads (--threads): a thread makes at most one call per 10 us (%,d calls/s), so "
                    + "%,.0f calls/s at most", asProperty(), threads, MAX_CALLS_PER_SECOND_PER_THREAD, reachable));
        }
        double seconds = duration.toMillis() / 1000.0;
        if (sizedSeconds > seconds + 1e-9) {
            throw new UserError("Invalid value for option '--rate': the schedule " + asProperty() + " lasts "
                    + DurationConverter.format(Duration.ofMillis(Math.round(sizedSeconds * 1000))) + ", longer than "
                    + "--duration " + DurationConverter.format(duration) + ": what comes after "
                    + DurationConverter.format(duration) + " would never run; give a --duration that holds it, or a "
                    + "shorter schedule");
        }
        if (unsized > 0 && !(seconds > sizedSeconds) && !(unsized == 1 && lastUnsized)) {
            throw new UserError("Invalid value for option '--rate': " + unsized + " steps of " + asProperty()
                    + " have no length and --duration " + DurationConverter.format(duration) + " leaves no time for "
                    + "them: give each a length (e.g. 100:30s) or a longer --duration");
        }
    }

    /**
     * The same schedule with every segment given its length, as the plans' Target Rate Schedule splits
     * {@code duration} among the segments without one ({@code 100,200} over 20 s: {@code 100:10000ms,200:10000ms});
     * a last segment without room is left out. The run then holds exactly {@code duration} of schedule, however long
     * its opening calls took (the run ends with the schedule, {@link #ending}). Checked ({@link #check}) first.
     */
    public RateSchedule sized(Duration duration) {
        if (!isOpen() || unsized == 0) {
            return this;
        }
        double each = (duration.toMillis() / 1000.0 - sizedSeconds) / unsized;
        List<String> out = new ArrayList<>();
        for (int i = 0; i < segments.size(); i++) {
            String segment = segments.get(i);
            if (lengths[i] >= 0) {
                out.add(segment);
            } else if (each > 0) {
                out.add(segment + ":" + Math.round(each * 1000) + "ms");
            }
        }
        return parse(String.join(",", out));
    }

    /** The schedule, then rate 0: the Target Rate Schedule stops its threads when it is done. */
    public RateSchedule ending() {
        return isOpen() ? parse(asProperty() + ",0") : this;
    }

    /**
     * The calls the schedule has due over its segments with a length (a ramp's are its mean rate's): {@code 100:10s,
     * 0..200:10s} has 2,000; a segment without a length adds none. 0 for the closed model.
     */
    public double arrivals() {
        double total = 0;
        for (int i = 0; i < segments.size(); i++) {
            if (lengths[i] < 0) {
                continue;
            }
            Matcher m = SEGMENT.matcher(segments.get(i));
            if (m.matches()) {
                double from = Double.parseDouble(m.group("from"));
                double to = m.group("to") == null ? from : Double.parseDouble(m.group("to"));
                total += (from + to) / 2 * lengths[i];
            }
        }
        return total;
    }

    public boolean isOpen() {
        return !segments.isEmpty();
    }

    /** The highest rate asked for, calls/s (0 for the closed model). */
    public double peakRate() {
        return peak;
    }

    /** The segments as given ({@code 100}, {@code 0..1000:60s}). */
    public List<String> segments() {
        return segments;
    }

    /** As the plans take it: {@code 0}, {@code 500}, {@code 100,200,400} or {@code 0..1000:60s,1000}. */
    public String asProperty() {
        return segments.isEmpty() ? "0" : String.join(",", segments);
    }

    @Override
    public String toString() {
        return segments.isEmpty() ? "none (closed model)" : asProperty() + " calls/s";
    }

    /**
     * This schedule shared by {@code n} load generators: every rate divided by {@code n}, the lengths kept
     * ({@code 0..1000:60s,1000} over 2: {@code 0..500:60s,500}). What each server's Target Rate Schedule paces.
     */
    public RateSchedule dividedBy(int n) {
        if (n <= 1 || !isOpen()) {
            return this;
        }
        List<String> divided = new ArrayList<>();
        for (String segment : segments) {
            Matcher m = SEGMENT.matcher(segment);
            if (!m.matches()) {
                throw new IllegalStateException("a segment parse() accepted does not parse: " + segment);
            }
            String rates = format(Double.parseDouble(m.group("from")) / n)
                    + (m.group("to") == null ? "" : ".." + format(Double.parseDouble(m.group("to")) / n));
            String length = m.group("length") == null ? "" : segment.substring(segment.indexOf(':'));
            divided.add(rates + length);
        }
        return parse(String.join(",", divided));
    }

    /**
     * The rate asked for {@code seconds} after the schedule's start, calls/s: a step's rate, a ramp's at that point
     * (linear, as the Target Rate Schedule paces it); a segment without a length lasts to the end; NaN for the closed
     * model, 0 after the last segment. Call it on a {@link #sized} schedule.
     */
    public double rateAt(double seconds) {
        if (!isOpen()) {
            return Double.NaN;
        }
        double from = 0;
        for (int i = 0; i < segments.size(); i++) {
            Matcher m = SEGMENT.matcher(segments.get(i));
            if (!m.matches()) {
                throw new IllegalStateException("a segment parse() accepted does not parse: " + segments.get(i));
            }
            double start = Double.parseDouble(m.group("from"));
            double end = m.group("to") == null ? start : Double.parseDouble(m.group("to"));
            double length = lengths[i];
            if (length < 0 || seconds < from + length) {
                return length <= 0 ? start : start + (end - start) * Math.max(0, seconds - from) / length;
            }
            from += length;
        }
        return 0;
    }

    /** A rate for people: {@code 400}, {@code 12.5}. */
    public static String rateText(double r) {
        return r == Math.rint(r) ? String.valueOf((long) r) : String.format(java.util.Locale.ROOT, "%.1f", r);
    }

    public static String format(double rate) {
        return rate == Math.rint(rate) && Math.abs(rate) < 1e15 ? String.valueOf((long) rate) : String.valueOf(rate);
    }

    /** picocli converter. */
    public static final class Converter implements ITypeConverter<RateSchedule> {
        @Override
        public RateSchedule convert(String value) {
            return parse(value);
        }
    }
}
