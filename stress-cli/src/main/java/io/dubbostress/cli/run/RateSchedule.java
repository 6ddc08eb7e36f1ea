package io.dubbostress.cli.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The target request rate of a run (all threads together, calls per second): {@code 0} for none (closed model: each
 * thread calls as fast as it gets answers, as the reference harness did), {@code 500} for a constant rate, or
 * {@code 100,200,400} for steps that split the duration evenly.
 */
public final class RateSchedule {

    public static final RateSchedule NONE = new RateSchedule(Collections.emptyList());

    private final List<Double> steps;

    private RateSchedule(List<Double> steps) {
        this.steps = steps;
    }

    public static RateSchedule parse(String text) {
        String t = text == null ? "" : text.trim();
        if (t.isEmpty() || t.equals("0")) {
            return NONE;
        }
        List<Double> steps = new ArrayList<>();
        for (String part : t.split(",")) {
            double rate;
            try {
                rate = Double.parseDouble(part.trim());
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + text + "' is not a rate: use calls/s like 500, or steps like "
                        + "100,200,400");
            }
            if (!(rate > 0) || Double.isInfinite(rate)) {
                throw new TypeConversionException("'" + text + "': every rate must be a positive number of calls/s");
            }
            steps.add(rate);
        }
        return new RateSchedule(Collections.unmodifiableList(steps));
    }

    public boolean isOpen() {
        return !steps.isEmpty();
    }

    public List<Double> steps() {
        return steps;
    }

    /** As the plans take it: {@code 0}, {@code 500}, or {@code 100,200,400}. */
    public String asProperty() {
        if (steps.isEmpty()) {
            return "0";
        }
        StringBuilder out = new StringBuilder();
        for (double step : steps) {
            if (out.length() > 0) {
                out.append(',');
            }
            out.append(step == Math.rint(step) ? String.valueOf((long) step) : String.valueOf(step));
        }
        return out.toString();
    }

    @Override
    public String toString() {
        return steps.isEmpty() ? "none (closed model)" : asProperty() + " calls/s";
    }

    /** picocli converter. */
    public static final class Converter implements ITypeConverter<RateSchedule> {
        @Override
        public RateSchedule convert(String value) {
            return parse(value);
        }
    }
}
