package io.dubbostress.report.model;

import io.dubbostress.report.jtl.JtlRow;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A distributed run's rows, split by the load generator that recorded them. JMeter's servers name their threads
 * {@code <server>-<thread group> <group>-<thread>}, {@code <server>} being the entry of the client's {@code -R} list
 * ({@code 10.0.0.7:1099-closed 1-1}); the generators of a run are those of run.json's {@code settings.remote}, so a
 * row is matched against that list, not guessed from dashes. A row of no listed generator counts as
 * {@link #UNKNOWN}. Each generator gets its own {@link ScenarioStats} (same warm-up as the scenario's).
 *
 * <pre>{@code
 * GeneratorSplit split = new GeneratorSplit(List.of("10.0.0.7:1099", "10.0.0.8:1099"), () -> new ScenarioStats(...));
 * while (reader.next()) { split.accept(reader.row()); }
 * split.byGenerator();   // {10.0.0.7:1099=..., 10.0.0.8:1099=...}
 * }</pre>
 */
public final class GeneratorSplit {

    /** Rows whose thread name starts with none of the run's generators. */
    static final String UNKNOWN = "(not a listed generator)";
    private static final int DEFAULT_PORT = 1099;

    /** Makes the figures of one generator. */
    public interface StatsFactory {
        ScenarioStats create(String generator);
    }

    private final List<String> prefixes = new ArrayList<>();
    private final List<String> names = new ArrayList<>();
    private final StatsFactory factory;
    private final Map<String, ScenarioStats> byGenerator = new LinkedHashMap<>();
    private final Map<String, String> generatorOfThread = new HashMap<>();

    /** {@code generators}: run.json's remote hosts ({@code host} or {@code host:port}), in their order. */
    public GeneratorSplit(List<String> generators, StatsFactory factory) {
        this.factory = factory;
        for (String g : generators) {
            String name = g.trim();
            prefixes.add(name + "-");
            names.add(name);
            if (name.lastIndexOf(':') < 0) { // JMeter may have written the port it used
                prefixes.add(name + ":" + DEFAULT_PORT + "-");
                names.add(name);
            }
        }
        for (String name : names) {
            byGenerator.computeIfAbsent(name, factory::create);
        }
    }

    public void accept(JtlRow row) {
        String thread = row.threadName();
        String generator = generatorOfThread.get(thread);
        if (generator == null) {
            generator = UNKNOWN;
            for (int i = 0; i < prefixes.size(); i++) {
                if (thread.startsWith(prefixes.get(i))) {
                    generator = names.get(i);
                    break;
                }
            }
            generatorOfThread.put(thread, generator);
        }
        byGenerator.computeIfAbsent(generator, factory::create).accept(row);
    }

    /** The figures by generator, in run.json's order (a generator without rows has 0 samples). */
    public Map<String, ScenarioStats> byGenerator() {
        return Collections.unmodifiableMap(byGenerator);
    }
}
