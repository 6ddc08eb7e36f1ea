package io.dubbostress.perfmon.metrics;

import java.util.Arrays;
import java.util.List;

import io.dubbostress.perfmon.protocol.ErrorReply;
import io.dubbostress.perfmon.protocol.MetricSpec;
import io.dubbostress.perfmon.protocol.ProtocolException;

/** What a metric measures ({@code usedperc}, {@code bytesrecv}...): its last plain parameter, checked. */
final class Kinds {

    private Kinds() {
    }

    /** The spec's kind, or {@code fallback} when it names none; a kind not in {@code known} is refused. */
    static String of(MetricSpec spec, String fallback, String... known) {
        String kind = spec.kind();
        if (kind.isEmpty()) {
            return fallback;
        }
        List<String> names = Arrays.asList(known);
        if (!names.contains(kind)) {
            throw new ProtocolException(spec.type() + ": unknown kind '" + ErrorReply.excerpt(kind) + "' in '"
                    + ErrorReply.excerpt(spec.text()) + "' (known: " + String.join(", ", names) + ")");
        }
        return kind;
    }
}
