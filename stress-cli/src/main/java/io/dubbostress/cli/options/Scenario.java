package io.dubbostress.cli.options;

import io.dubbostress.report.run.ScenarioName;
import io.dubbostress.cli.UserError;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One cell of the matrix: how the call is made ({@link Kind}) and the payload size, named {@code <kind>-<payload>}
 * ({@code direct-1k}, {@code hop-100k}, {@code hop-http-1k}), which is also how the report pairs hop with direct.
 */
public final class Scenario {

    /** How a scenario calls the provider, and the plan that does it. */
    public enum Kind {
        /** The Dubbo Sampler calling the provider directly. */
        DIRECT("direct", "dubbo-direct.jmx", false),
        /** The Dubbo Sampler's HTTP target calling the consumer controller, which calls the provider. */
        HOP("hop", "dubbo-hop.jmx", true),
        /** JMeter's own HTTP Request sampler calling the consumer controller. */
        HOP_HTTP("hop-http", "http-hop.jmx", true);

        private final String prefix;
        private final String planFile;
        private final boolean needsConsumer;

        Kind(String prefix, String planFile, boolean needsConsumer) {
            this.prefix = prefix;
            this.planFile = planFile;
            this.needsConsumer = needsConsumer;
        }

        public String prefix() {
            return prefix;
        }

        public String planFile() {
            return planFile;
        }

        public boolean needsConsumer() {
            return needsConsumer;
        }
    }

    /** direct/hop x 1 KiB/100 KiB, in the order the reference harness ran them. */
    public static final String DEFAULT_MATRIX = "direct-1k,hop-1k,direct-100k,hop-100k";

    private final Kind kind;
    private final int payloadBytes;
    private final String name;

    public Scenario(Kind kind, int payloadBytes) {
        this.kind = kind;
        this.payloadBytes = payloadBytes;
        this.name = kind.prefix() + "-" + sizeLabel(payloadBytes);
    }

    /**
     * {@code direct-1k} -> DIRECT, 1024 bytes. The grammar is the report's ({@link ScenarioName}: the one rule that
     * also pairs hop with direct): sizes {@code 512} bytes, {@code 1k} = {@code 1kb} = {@code 1kib} = 1024,
     * {@code 1m} = 1 MiB.
     */
    public static Scenario parse(String text) {
        ScenarioName name = ScenarioName.of(text.trim().toLowerCase(Locale.ROOT));
        if (!name.followsRule()) {
            throw new UserError("Invalid scenario '" + text + "': use <kind>-<payload> with kind direct, hop or hop-http"
                    + " and payload like 1k, 100k or 512 (bytes), e.g. " + DEFAULT_MATRIX);
        }
        Kind kind = name.kind().equals("direct") ? Kind.DIRECT : name.kind().equals("hop") ? Kind.HOP : Kind.HOP_HTTP;
        long size = name.payloadBytes();
        if (size > 8L * 1024 * 1024 || size < 0) { // < 0: a size past Long.MAX_VALUE
            throw new UserError("Invalid scenario '" + text + "': payload " + size + " bytes is over Dubbo's default "
                    + "8 MiB limit");
        }
        return new Scenario(kind, (int) size);
    }

    /** A comma-separated list, duplicates removed, order kept. */
    public static List<Scenario> parseList(String list) {
        Set<String> seen = new LinkedHashSet<>();
        List<Scenario> scenarios = new ArrayList<>();
        for (String part : list.split(",")) {
            if (part.trim().isEmpty()) {
                continue;
            }
            Scenario scenario = parse(part);
            if (seen.add(scenario.name())) {
                scenarios.add(scenario);
            }
        }
        if (scenarios.isEmpty()) {
            throw new UserError("Invalid value for option '--scenarios': no scenario given (e.g. " + DEFAULT_MATRIX + ")");
        }
        return scenarios;
    }

    /** 1024 -> "1k", 102400 -> "100k", 1048576 -> "1m", 512 -> "512". */
    public static String sizeLabel(int bytes) {
        if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0) {
            return bytes / (1024 * 1024) + "m";
        }
        if (bytes >= 1024 && bytes % 1024 == 0) {
            return bytes / 1024 + "k";
        }
        return String.valueOf(bytes);
    }

    public Kind kind() {
        return kind;
    }

    public int payloadBytes() {
        return payloadBytes;
    }

    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return name;
    }
}
