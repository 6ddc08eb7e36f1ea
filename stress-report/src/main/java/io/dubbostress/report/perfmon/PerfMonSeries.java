package io.dubbostress.report.perfmon;

import java.util.Arrays;

/**
 * One PerfMon metric over time, in report units: percent stays percent, byte amounts per collection interval become
 * bytes per second (the interval is the median spacing of the metric's own timestamps, 1 s when there are too few).
 * Points the agent marked as not available (a failed sample, or a negative value such as the disk queue's -1) are
 * left out and counted.
 */
public final class PerfMonSeries {

    private final PerfMonLabel label;
    private long[] times = new long[64];
    private double[] raw = new double[64];
    private int size;
    private long unavailable;
    private double[] values;
    private long intervalMs;

    public PerfMonSeries(PerfMonLabel label) {
        this.label = label;
    }

    void add(long timeMs, double value, boolean success) {
        if (!success || value < 0 || Double.isNaN(value)) {
            unavailable++;
            return;
        }
        if (size == times.length) {
            times = Arrays.copyOf(times, size * 2);
            raw = Arrays.copyOf(raw, size * 2);
        }
        times[size] = timeMs;
        raw[size] = value;
        size++;
        values = null;
    }

    public PerfMonLabel label() {
        return label;
    }

    public int size() {
        return size;
    }

    public long unavailable() {
        return unavailable;
    }

    public long time(int i) {
        return times[i];
    }

    /** The value in report units (percent, or bytes per second). */
    public double value(int i) {
        return converted()[i];
    }

    /** The metric's collection interval as seen in the file. */
    public long intervalMs() {
        converted();
        return intervalMs;
    }

    private double[] converted() {
        if (values == null) {
            sortByTime();
            intervalMs = medianSpacing();
            double factor = label.kind().perInterval() ? label.unitBytes() * 1000.0 / intervalMs : 1;
            values = new double[size];
            for (int i = 0; i < size; i++) {
                values[i] = raw[i] * factor;
            }
        }
        return values;
    }

    private void sortByTime() {
        boolean sorted = true;
        for (int i = 1; i < size && sorted; i++) {
            sorted = times[i - 1] <= times[i];
        }
        if (sorted) {
            return;
        }
        Integer[] order = new Integer[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(times[a], times[b]));
        long[] t = new long[times.length];
        double[] r = new double[raw.length];
        for (int i = 0; i < size; i++) {
            t[i] = times[order[i]];
            r[i] = raw[order[i]];
        }
        times = t;
        raw = r;
    }

    private long medianSpacing() {
        if (size < 2) {
            return 1000;
        }
        long[] gaps = new long[size - 1];
        for (int i = 1; i < size; i++) {
            gaps[i - 1] = times[i] - times[i - 1];
        }
        Arrays.sort(gaps);
        long median = gaps[gaps.length / 2];
        // timestamps jitter by a few ms around the configured interval: round to 100 ms
        long rounded = Math.round(median / 100.0) * 100;
        return rounded <= 0 ? 1000 : rounded;
    }

    /** Average and maximum over {@code [fromMs, toMs)}; null when no point falls in it. */
    public WindowStats window(long fromMs, long toMs) {
        double[] v = converted();
        double sum = 0;
        double max = Double.NEGATIVE_INFINITY;
        int n = 0;
        for (int i = 0; i < size; i++) {
            if (times[i] >= fromMs && times[i] < toMs) {
                sum += v[i];
                max = Math.max(max, v[i]);
                n++;
            }
        }
        return n == 0 ? null : new WindowStats(sum / n, max, n);
    }

    /** A metric's summary over a time window. */
    public static final class WindowStats {
        public final double avg;
        public final double max;
        public final int points;

        WindowStats(double avg, double max, int points) {
            this.avg = avg;
            this.max = max;
            this.points = points;
        }
    }
}
