package io.dubbostress.cli.jmeter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The plan a run without {@code --influxdb} gives JMeter: the shipped plan with its InfluxDB Backend Listener
 * (class {@code io.dubbostress.sampler.backend.InfluxdbWhenUrlSet}) disabled, so that JMeter drops it when it loads the
 * plan and no sample ever reaches it. Asleep it keeps no sample, and the plans' listener element
 * ({@code QuietBackendListener}) hands it none (JMeter's own {@code BackendListener} would build a context of its
 * parameters for every sample before asking it: docs/BENCHMARKS.md); left out, JMeter does not even start its worker
 * thread.
 *
 * <pre>{@code
 * Path plan = PlanWithoutInflux.write(home.plan("dubbo-direct.jmx"), scenarioDir);  // scenarioDir/dubbo-direct.jmx
 * }</pre>
 *
 * A plan made from 0.2.0's, whose element is JMeter's own {@code BackendListener} around the same client, gets it
 * disabled too. A plan without that listener (a user's own) is returned as it is.
 */
public final class PlanWithoutInflux {

    /** The class of the shipped plans' Backend Listener client. */
    static final String CLIENT = "<stringProp name=\"classname\">io.dubbostress.sampler.backend.InfluxdbWhenUrlSet"
            + "</stringProp>";
    /** The shipped plans' Backend Listener element (JMeter's, quiet while its client sleeps). */
    static final String ELEMENT = "io.dubbostress.sampler.backend.QuietBackendListener";
    /** The element 0.2.0's plans (and plans made from them) carry: JMeter's own Backend Listener. */
    static final String JMETERS_ELEMENT = "BackendListener";

    private PlanWithoutInflux() {
    }

    /**
     * {@code plan}'s text with every Backend Listener whose client is ours disabled; the text itself when it has none.
     */
    static String disableListener(String plan) {
        return disableListener(disableListener(plan, ELEMENT), JMETERS_ELEMENT);
    }

    private static String disableListener(String plan, String element) {
        String openTag = "<" + element + " ";
        String closeTag = "</" + element + ">";
        StringBuilder out = new StringBuilder(plan.length());
        int from = 0;
        for (int open = plan.indexOf(openTag); open >= 0; open = plan.indexOf(openTag, from)) {
            int tagEnd = plan.indexOf('>', open);
            int close = plan.indexOf(closeTag, tagEnd);
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
