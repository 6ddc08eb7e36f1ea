package io.dubbostress.cli.testkit;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A JTL's calls counted by the second they ended in (timeStamp + elapsed), with the test's own CSV reader
 * ({@link Jtl}): the count a live page's figures are checked against.
 *
 * <pre>{@code
 * Map<Long, JtlSeconds.Second> seconds = JtlSeconds.count(jtl);
 * JtlSeconds.nearestRank(seconds.get(s).latenciesUs(), 99);
 * }</pre>
 */
public final class JtlSeconds {

    /** One second: its calls, failed calls, failures by response code, and every call's latency in microseconds. */
    public record Second(long calls, long errors, Map<String, Long> codes, List<Long> latenciesUs) {
        public static final Second NONE = new Second(0, 0, Map.of(), List.of());
    }

    private JtlSeconds() {
    }

    public static Map<Long, Second> count(Path jtl) throws IOException {
        Map<Long, Second> seconds = new TreeMap<>();
        for (Jtl.Row row : Jtl.read(jtl)) {
            long second = Math.floorDiv(row.end(), 1000);
            Second s = seconds.computeIfAbsent(second, k -> new Second(0, 0, new LinkedHashMap<>(), new ArrayList<>()));
            if (!row.success) {
                s.codes().merge(row.responseCode.isEmpty() ? "(no code)" : row.responseCode, 1L, Long::sum);
            }
            s.latenciesUs().add(row.elapsedUs >= 0 ? row.elapsedUs : row.elapsed * 1000);
            seconds.put(second, new Second(s.calls() + 1, s.errors() + (row.success ? 0 : 1), s.codes(),
                    s.latenciesUs()));
        }
        return seconds;
    }

    /** The value at rank ceil(p/100 x n) of the sorted values (nearest rank, as HdrHistogram ranks). */
    public static long nearestRank(List<Long> values, double percentile) {
        List<Long> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int rank = (int) Math.max(1, Math.ceil(percentile / 100 * sorted.size() - 1e-9));
        return sorted.get(rank - 1);
    }
}
