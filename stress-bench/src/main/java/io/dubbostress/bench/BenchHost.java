package io.dubbostress.bench;

import io.dubbostress.cli.process.HostFacts;
import java.util.Map;

/** The machine the numbers were taken on ({@link HostFacts}, as run.json has it) and its load when the bench began. */
final class BenchHost {

    private BenchHost() {
    }

    static Map<String, String> collect() {
        Map<String, String> facts = HostFacts.collect();
        facts.put("loadAverageAtStart", String.valueOf(ProcStat.loadAverage()));
        return facts;
    }
}
