package io.dubbostress.cli.live;

import io.dubbostress.cli.metrics.AgentStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The agent's readings the live page charts (CPU of the host and of each JVM, threads), kept in memory as they
 * arrive, one value per series and second, the last {@link #MAX_POINTS} of each: an {@link AgentStream.Sink}.
 *
 * <pre>{@code
 * Readings readings = new Readings();
 * AgentStream.start(agent, metrics, readings, err, who);
 * readings.after(lastSecondSeen);     // series -> [[epochSecond, value], ...]
 * }</pre>
 */
public final class Readings implements AgentStream.Sink {

    /** Seconds kept per series (15 minutes). */
    static final int MAX_POINTS = 900;

    /** One reading: the epoch second it arrived in, its value. */
    public record Point(long epochSecond, double value) {
    }

    private final Map<String, Deque<Point>> series = new LinkedHashMap<>();
    private long version;

    @Override
    public synchronized void write(long timeMs, String label, double value) {
        Deque<Point> points = series.computeIfAbsent(label, l -> new ArrayDeque<>());
        long second = Math.floorDiv(timeMs, 1000);
        if (!points.isEmpty() && points.peekLast().epochSecond() >= second) {
            points.removeLast(); // two lines in one second: the later one
        }
        points.addLast(new Point(second, value));
        version++;
        while (points.size() > MAX_POINTS) {
            points.removeFirst();
        }
    }

    /** Readings written so far: a change of it means something new to show. */
    public synchronized long version() {
        return version;
    }

    /** Each series' points after epoch second {@code after}, oldest first; series without any are left out. */
    public synchronized Map<String, List<Point>> after(long after) {
        Map<String, List<Point>> out = new LinkedHashMap<>();
        series.forEach((label, points) -> {
            List<Point> recent = new ArrayList<>();
            var it = points.descendingIterator();
            while (it.hasNext()) {
                Point p = it.next();
                if (p.epochSecond() <= after) {
                    break;
                }
                recent.add(0, p);
            }
            if (!recent.isEmpty()) {
                out.put(label, recent);
            }
        });
        return out;
    }

    /** Each series' latest point. */
    public synchronized Map<String, Point> latest() {
        Map<String, Point> out = new LinkedHashMap<>();
        series.forEach((label, points) -> {
            if (!points.isEmpty()) {
                out.put(label, points.peekLast());
            }
        });
        return out;
    }
}
