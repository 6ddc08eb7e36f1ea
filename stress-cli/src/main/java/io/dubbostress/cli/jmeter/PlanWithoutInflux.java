package io.dubbostress.cli.jmeter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The plan a run without {@code --influxdb} gives JMeter: the shipped plan with its InfluxDB Backend Listener
 * (class {@code io.dubbostress.sampler.backend.InfluxdbWhenUrlSet}) disabled, so that JMeter drops it when it loads the
 * plan and no sample ever reaches it. Asleep it keeps no sample, but JMeter's {@code BackendListener} still builds a
 * context of its parameters for every sample before asking it (docs/BENCHMARKS.md measures what that costs); a run
 * that has no InfluxDB need not pay for it.
 *
 * <pre>{@code
 * Path plan = PlanWithoutInflux.write(home.plan("dubbo-direct.jmx"), scenarioDir);  // scenarioDir/dubbo-direct.jmx
 * }</pre>
 *
 * A plan without that listener (a user's own) is returned as it is.
 */
public final class PlanWithoutInflux {

    /** The class of the shipped plans' Backend Listener client. */
    static final String CLIENT = "<stringProp name=\"classname\">io.dubbostress.sampler.backend.InfluxdbWhenUrlSet"
            + "</stringProp>";
    private static final String OPEN = "<BackendListener ";
    private static final String CLOSE = "</BackendListener>";

    private PlanWithoutInflux() {
    }

    /**
     * {@code plan}'s text with every Backend Listener whose client is ours disabled; the text itself when it has none.
     */
    static String disableListener(String plan) {
        StringBuilder out = new StringBuilder(plan.length());
        int from = 0;
        for (int open = plan.indexOf(OPEN); open >= 0; open = plan.indexOf(OPEN, from)) {
            int tagEnd = plan.indexOf('>', open);
            int close = plan.indexOf(CLOSE, tagEnd);
            if (tagEnd < 0 || close < 0) {
                break;
            }
            out.append(plan, from, open);
            String tag = plan.substring(open, tagEnd + 1);
            if (plan.substring(tagEnd, close).contains(CLIENT)) {
                tag = tag.replace("enabled=\"true\"", "enabled=\"false\"");
            }
            out.append(tag);
            from = tagEnd + 1;
        }
        return out.append(plan, from, plan.length()).toString();
    }

    /**
     * The plan to run: {@code plan} itself when it holds no listener of ours, else a copy under {@code dir} with the
     * same file name (JMeter's base folder for relative paths becomes {@code dir}: the shipped plans have none).
     */
    public static Path write(Path plan, Path dir) {
        try {
            String text = Files.readString(plan, StandardCharsets.UTF_8);
            String without = disableListener(text);
            if (without.equals(text)) {
                return plan;
            }
            Files.createDirectories(dir);
            Path copy = dir.resolve(plan.getFileName());
            Files.writeString(copy, without, StandardCharsets.UTF_8);
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the plan " + plan.getFileName() + " into " + dir, e);
        }
    }
}
