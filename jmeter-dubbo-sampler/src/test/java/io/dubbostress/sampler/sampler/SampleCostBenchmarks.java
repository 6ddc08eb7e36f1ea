package io.dubbostress.sampler.sampler;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.openjdk.jmh.Main;

/**
 * Runs {@link SampleCostBenchmark} with JMH, allocation profiler on: {@code src/test/scripts/jmh.sh [JMH options]}.
 * Without options: every benchmark, both payloads, {@code -prof gc}. Options are JMH's own ({@code -h} lists them),
 * e.g. {@code -p payload=1024 -f 1 -wi 2 -i 3} for a quick look.
 */
public final class SampleCostBenchmarks {

    private SampleCostBenchmarks() {
    }

    public static void main(String[] args) throws Exception {
        List<String> jmh = new ArrayList<>(Arrays.asList(args));
        if (!jmh.contains("-prof")) {
            jmh.add("-prof");
            jmh.add("gc");
        }
        if (jmh.stream().noneMatch(a -> a.contains("Benchmark"))) {
            jmh.add(0, SampleCostBenchmark.class.getName());
        }
        Main.main(jmh.toArray(new String[0]));
    }
}
