package io.dubbostress.cli.options;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The target request rate of a run (all threads together, calls per second), as the plans' Target Rate Schedule
 * takes it (docs/SAMPLER.md): {@code 0} for none (closed model: each thread calls as fast as it gets answers, as the
 * reference harness did), {@code 500} for a constant rate, {@code 100,200,400} for steps that split the duration
 * evenly, {@code 100:30s,200:1m} for steps with lengths, {@code 0..1000:60s,1000} for a linear ramp. Checked here so
 * that a typo is a one-line error before anything starts; the schedule itself is computed by the element.
 */
public final class RateSchedule {

    public static final RateSchedule NONE = new RateSchedule(Collections.emptyList());

    private static final Pattern SEGMENT = Pattern.compile(
            "(?<from>[0-9]*\\.?[0-9]+)(?:\\.\\.(?<to>[0-9]*\\.?[0-9]+))?(?::(?<length>[0-9]*\\.?[0-9]+)(?:ms|s|m|h)?)?");

    private final List<String> segments;

    private RateSchedule(List<String> segments) {
        this.segments = segments;
    }

    public static RateSchedule parse(String text) {
        String t = text == null ? "" : text.trim();
        if (t.isEmpty() || t.equals("0")) {
            return NONE;
        }
        List<String> segments = new ArrayList<>();
        boolean anyPositive = false;
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
            if (m.group("length") != null && !(Double.parseDouble(m.group("length")) > 0)) {
                throw new TypeConversionException("'" + text + "': the length of '" + segment + "' must be positive");
            }
            anyPositive |= Double.parseDouble(m.group("from")) > 0
                    || (m.group("to") != null && Double.parseDouble(m.group("to")) > 0);
            segments.add(segment);
        }
        if (!anyPositive) {
            throw new TypeConversionException("'" + text + "': at least one rate must be a positive number of calls/s");
        }
        return new RateSchedule(Collections.unmodifiableList(segments));
    }

    /** A constant rate. */
    public static RateSchedule constant(double callsPerSecond) {
        return parse(format(callsPerSecond));
    }

    public boolean isOpen() {
        return !segments.isEmpty();
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

    /** A rate for people: {@code 400}, {@code 12.5}. */
    public static String rateText(double r) {
        return r == Math.rint(r) ? String.valueOf((long) r) : String.format(java.util.Locale.ROOT, "%.1f", r);
    }

    public static String format(double rate) {
        return rate == Math.rint(rate) ? String.valueOf((long) rate) : String.valueOf(rate);
    }

    /** picocli converter. */
    public static final class Converter implements ITypeConverter<RateSchedule> {
        @Override
        public RateSchedule convert(String value) {
            return parse(value);
        }
    }
}
