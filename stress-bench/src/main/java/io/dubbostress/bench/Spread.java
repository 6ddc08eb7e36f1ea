package io.dubbostress.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.ToDoubleFunction;

/** Minimum, median and maximum of a figure over rounds (NaNs left out). */
final class Spread {

    final double min;
    final double median;
    final double max;
    final int count;

    private Spread(double min, double median, double max, int count) {
        this.min = min;
        this.median = median;
        this.max = max;
        this.count = count;
    }

    static <T> Spread of(List<T> items, ToDoubleFunction<T> figure) {
        List<Double> values = new ArrayList<>();
        for (T item : items) {
            double v = figure.applyAsDouble(item);
            if (!Double.isNaN(v) && !Double.isInfinite(v)) {
                values.add(v);
            }
        }
        if (values.isEmpty()) {
            return new Spread(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        Collections.sort(values);
        int n = values.size();
        double median = n % 2 == 1 ? values.get(n / 2) : (values.get(n / 2 - 1) + values.get(n / 2)) / 2;
        return new Spread(values.get(0), median, values.get(n - 1), n);
    }
}
