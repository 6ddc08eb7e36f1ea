package io.dubbostress.report.model;

import io.dubbostress.report.profile.Component;
import io.dubbostress.report.text.Message;
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

    /** The sentence, said in the page's language ({@link Message#english()}: report.json's). */
    static Message of(String hop, String direct, Map<String, ProfileDiff> diffs, List<Message> notCompared) {
        List<Contributor> contributors = new ArrayList<>();
        List<Message> compiling = new ArrayList<>();
        for (Map.Entry<String, ProfileDiff> e : diffs.entrySet()) {
            if (e.getKey().equals(LOAD_GENERATOR)) {
                continue;
            }
            for (ProfileDiff.Delta component : e.getValue().components()) {
                if (component.name().equals(Component.JIT)) {
                    if (Math.abs(component.delta()) >= 0.05) {
                        compiling.add(Message.of("hopSentence.jitItem", service(e.getKey()), us(component.delta())));
                    }
                } else if (component.delta() > 0) {
                    contributors.add(new Contributor(e.getKey(), component,
                            e.getValue().topPlace(component.name())));
                }
            }
        }
        contributors.sort(Comparator.comparingDouble((Contributor c) -> c.component().delta()).reversed());
        List<Contributor> top = contributors.subList(0, Math.min(3, contributors.size()));
        Message body;
        if (top.isEmpty()) {
            body = Message.of(diffs.isEmpty() ? "hopSentence.noDiffs" : "hopSentence.noComponent");
        } else {
            List<Message> items = new ArrayList<>();
            for (Contributor c : top) {
                items.add(Message.of("hopSentence.contributor", service(c.service()), c.component().name(),
                        us(c.component().delta()), c.place() == null ? ""
                                : Message.of("hopSentence.mostAt", shortName(c.place().name()))));
            }
            body = Message.of(top.size() == 1 ? "hopSentence.biggestOne" : "hopSentence.biggest",
                    Message.list("hopSentence.comma", "hopSentence.and", items));
        }
        List<Message> tail = new ArrayList<>();
        List<Message> totals = new ArrayList<>();
        Message generator = null;
        for (Map.Entry<String, ProfileDiff> e : diffs.entrySet()) {
            String figure = us(e.getValue().deltaUsPerCall());
            if (e.getKey().equals(LOAD_GENERATOR)) {
                generator = Message.of("hopSentence.generator", figure);
            } else {
                totals.add(Message.of("hopSentence.total", service(e.getKey()), figure));
            }
        }
        if (!totals.isEmpty()) {
            tail.add(Message.of("hopSentence.inAll", Message.list("hopSentence.comma", "hopSentence.comma", totals)));
        }
        if (generator != null) {
            tail.add(generator);
        }
        if (!compiling.isEmpty()) {
            tail.add(Message.of("hopSentence.jit", Message.list("hopSentence.comma", "hopSentence.comma", compiling)));
        }
        if (!notCompared.isEmpty()) {
            tail.add(Message.of("hopSentence.notCompared", Message.list("list.semicolon", "list.semicolon",
                    notCompared)));
        }
        return Message.of("hopSentence.sentence", hop, direct, body,
                Message.joined("", tail));
    }

    /** A service of the run by its word in the page's language ({@code the consumer's}), any other by its name. */
    static Message service(String name) {
        return SERVICES.contains(name) ? Message.of("hopSentence.service." + name) : Message.verbatim(name);
    }

    private static final List<String> SERVICES = List.of("provider", "consumer");

    private static String us(double delta) {
        return String.format(Locale.ROOT, "%+.1f", delta);
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
