package io.dubbostress.report.model;

import io.dubbostress.report.profile.Component;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The sentence at the top of the report's hop-overhead section: for one hop/direct pair, the three components of the
 * services (the consumer, the provider: not the load generator) that add the most CPU per call in the hop scenario,
 * each with the place most of it is spent, then each JVM's total difference. The JIT compiler is named apart: its
 * time is code still being compiled, which a longer warm-up leaves out, not a cost of each call.
 *
 * <pre>
 * hop-1k vs direct-1k (CPU per call, from the profiles): the biggest contributors are the consumer's Tomcat (HTTP
 * server) (+61.2 µs, most at Http11InputBuffer.parseHeader), the consumer's Dubbo (+38.0 µs, most at
 * DefaultFuture.newFuture) and the consumer's Spring MVC (+24.1 µs, most at DispatcherServlet.doDispatch); in all the
 * consumer +182.3 µs, the provider +2.1 µs; JMeter (the load generator) -14.0 µs.
 * </pre>
 */
final class HopSentence {

    static final String LOAD_GENERATOR = "jmeter";

    private HopSentence() {
    }

    private record Contributor(String service, ProfileDiff.Delta component, ProfileDiff.Delta place) {
    }

    static String of(HopOverhead pair, Map<String, ProfileDiff> diffs, List<String> notCompared) {
        StringBuilder out = new StringBuilder();
        out.append(pair.hop().name()).append(" vs ").append(pair.direct().name())
                .append(" (CPU per call, from the profiles): ");
        List<Contributor> contributors = new ArrayList<>();
        List<String> compiling = new ArrayList<>();
        for (Map.Entry<String, ProfileDiff> e : diffs.entrySet()) {
            if (e.getKey().equals(LOAD_GENERATOR)) {
                continue;
            }
            for (ProfileDiff.Delta component : e.getValue().components()) {
                if (component.name().equals(Component.JIT)) {
                    if (Math.abs(component.delta()) >= 0.05) {
                        compiling.add(String.format(Locale.ROOT, "the %s's %+.1f \u00b5s", e.getKey(),
                                component.delta()));
                    }
                } else if (component.delta() > 0) {
                    contributors.add(new Contributor(e.getKey(), component,
                            e.getValue().topPlace(component.name())));
                }
            }
        }
        contributors.sort(Comparator.comparingDouble((Contributor c) -> c.component().delta()).reversed());
        List<Contributor> top = contributors.subList(0, Math.min(3, contributors.size()));
        if (top.isEmpty()) {
            out.append(diffs.isEmpty() ? "no JVM's profiles compare" : "no component of the services takes more CPU"
                    + " per call in the hop scenario");
        } else {
            out.append(top.size() == 1 ? "the biggest contributor is " : "the biggest contributors are ");
            for (int i = 0; i < top.size(); i++) {
                if (i > 0) {
                    out.append(i == top.size() - 1 ? " and " : ", ");
                }
                Contributor c = top.get(i);
                out.append("the ").append(c.service()).append("'s ").append(c.component().name())
                        .append(String.format(Locale.ROOT, " (%+.1f \u00b5s", c.component().delta()));
                if (c.place() != null) {
                    out.append(", most at ").append(shortName(c.place().name()));
                }
                out.append(')');
            }
        }
        List<String> totals = new ArrayList<>();
        String generator = null;
        for (Map.Entry<String, ProfileDiff> e : diffs.entrySet()) {
            String figure = String.format(Locale.ROOT, "%+.1f \u00b5s", e.getValue().deltaUsPerCall());
            if (e.getKey().equals(LOAD_GENERATOR)) {
                generator = "JMeter (the load generator) " + figure;
            } else {
                totals.add("the " + e.getKey() + " " + figure);
            }
        }
        if (!totals.isEmpty()) {
            out.append("; in all ").append(String.join(", ", totals));
        }
        if (generator != null) {
            out.append("; ").append(generator);
        }
        if (!compiling.isEmpty()) {
            out.append("; set apart, the JIT compiler: ").append(String.join(", ", compiling))
                    .append(" (code still being compiled: a longer --warmup leaves it out)");
        }
        if (!notCompared.isEmpty()) {
            out.append("; not compared: ").append(String.join("; ", notCompared));
        }
        return out.append('.').toString();
    }

    /** {@code Http11InputBuffer.parseHeader} for {@code org.apache.coyote.http11.Http11InputBuffer.parseHeader}. */
    static String shortName(String frame) {
        if (Component.isNativeName(frame)) {
            return frame;
        }
        int method = frame.lastIndexOf('.');
        int type = method <= 0 ? -1 : frame.lastIndexOf('.', method - 1);
        return type < 0 ? frame : frame.substring(type + 1);
    }
}
