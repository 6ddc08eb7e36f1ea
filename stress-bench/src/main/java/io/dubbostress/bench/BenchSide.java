package io.dubbostress.bench;

import io.dubbostress.cli.UserError;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Who generates the load in one run of the bench. */
enum BenchSide {
    /** The raw Dubbo client, generic invocation: the sampler's counterpart. */
    RAW("raw", true),
    /** The raw Dubbo client, typed invocation (the interface's own proxy), as production code calls. */
    RAW_TYPED("raw-typed", true),
    /** JMeter with the Dubbo Sampler calling the provider (the shipped direct plan). */
    SAMPLER("sampler", false),
    /** JMeter with the Dubbo Sampler's HTTP target calling the consumer, which calls the provider. */
    HOP("hop", false),
    /** The direct plan in a second JMeter home ({@code --jmeter-home-b}): another build of the sampler, A/B. */
    SAMPLER_B("sampler-b", false),
    /** The direct plan at a fixed rate ({@code --pace-rate}) paced by the Target Rate Schedule (the shipped plan). */
    PACED("paced", false),
    /**
     * The same at the same rate, paced as the plans did before: a Constant Throughput Timer whose rate is a
     * {@code __groovy} expression evaluated before every sample.
     */
    PACED_GROOVY("paced-groovy", false),
    /** The hop plan at the same fixed rate, paced by the Target Rate Schedule: paced's HTTP -> Dubbo counterpart. */
    PACED_HOP("paced-hop", false),
    /**
     * The raw client (generic) on the Dubbo of the second home's sampler jar: with jmeter-dubbo3-sampler there, a raw
     * Dubbo 3.3 client, sampler-b's counterpart.
     */
    RAW_B("raw-b", true),
    /** The raw client (generic) on the Dubbo 3.3 sampler jar's Dubbo 3.3.5, {@code dubbo://}: sampler-3's counterpart. */
    RAW_3("raw-3", true),
    /**
     * The direct plan with the Dubbo 3.3 sampler (jmeter-dubbo3-sampler), {@code dubbo://}, in a JMeter home the bench
     * makes from the embedded one (as {@code stress run --provider-url tri://} does).
     */
    SAMPLER_3("sampler-3", false),
    /** The raw Dubbo 3.3 client (generic) over {@code tri://}, against the triple reference provider. */
    RAW_TRI("raw-tri", true),
    /** The direct plan with the Dubbo 3.3 sampler over {@code tri://}, against the triple reference provider. */
    SAMPLER_TRI("sampler-tri", false),
    /**
     * A raw grpc-java client (generated blocking stub, one channel) calling the IDL service's {@code Echo} on a
     * grpc-java server: the IDL mode's counterpart.
     */
    GRPC_RAW("grpc-raw", true),
    /**
     * JMeter with jmeter-dubbo3-sampler's IDL mode ({@code test-plans/dubbo3-idl.jmx}: the same Echo from the
     * .proto and JSON, the echo checked) against the same grpc-java server.
     */
    GRPC_SAMPLER("grpc-sampler", false);

    /** The default order within a round: each raw run is followed by the sampler run it is compared with. */
    static final String DEFAULT = "raw,sampler,hop,raw-typed";

    /**
     * {@code --two-jars}: the Dubbo 2.7 jar and the Dubbo 3.3 jar, each after its raw client, over {@code dubbo://}
     * against the reference provider, then the 3.3 jar and its raw client over {@code tri://} against the triple one.
     */
    static final String TWO_JARS = "raw,sampler,raw-3,sampler-3,raw-tri,sampler-tri";

    private final String label;
    private final boolean raw;

    BenchSide(String label, boolean raw) {
        this.label = label;
        this.raw = raw;
    }

    String label() {
        return label;
    }

    boolean isRaw() {
        return raw;
    }

    /** Whether this side calls through the consumer (the hop plan). */
    boolean isHop() {
        return this == HOP || this == PACED_HOP;
    }

    /** Whether this side calls the triple reference provider over {@code tri://}. */
    boolean isTriple() {
        return this == RAW_TRI || this == SAMPLER_TRI;
    }

    /** Whether this side runs on the Dubbo 3.3 sampler jar the build made (its raw client or JMeter with it). */
    boolean usesDubbo3Jar() {
        return this == RAW_3 || this == SAMPLER_3 || isTriple();
    }

    /** Whether this side calls the IDL service on the grpc-java server. */
    boolean isGrpc() {
        return this == GRPC_RAW || this == GRPC_SAMPLER;
    }

    /** Whether this side runs at the fixed rate of {@code --pace-rate}. */
    boolean isPaced() {
        return this == PACED || this == PACED_GROOVY || this == PACED_HOP;
    }

    static List<BenchSide> parseList(String option, String text) {
        List<BenchSide> sides = new ArrayList<>();
        for (String part : text.split(",")) {
            String name = part.trim().toLowerCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue;
            }
            BenchSide found = null;
            for (BenchSide side : values()) {
                if (side.label.equals(name)) {
                    found = side;
                }
            }
            if (found == null) {
                throw new UserError("Invalid value for option '" + option + "': '" + part.trim() + "' is not one of "
                        + "raw, raw-typed, sampler, hop, sampler-b, raw-b, paced, paced-groovy, paced-hop, raw-3, sampler-3, "
                        + "raw-tri, sampler-tri, grpc-raw, grpc-sampler");
            }
            if (!sides.contains(found)) {
                sides.add(found);
            }
        }
        if (sides.isEmpty()) {
            throw new UserError("Invalid value for option '" + option + "': empty (e.g. " + DEFAULT + ")");
        }
        return sides;
    }
}
