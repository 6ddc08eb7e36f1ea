package io.dubbostress.report.run;

import java.util.Comparator;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scenario's name read as {@code <kind>-<payload>}: kind {@code direct}, {@code hop} or {@code hop-http}, payload
 * a size such as {@code 1k}, {@code 100k}, {@code 512} or {@code 1KiB}. The hop overhead pairs {@code hop-X} and {@code hop-http-X} with
 * {@code direct-X}. Names that do not follow the rule are scenarios all the same, just never paired (unless
 * {@code --pair} says so).
 */
public final class ScenarioName {

    /** The payload must look like a size, so that a label such as {@code hop-http} is not read as kind hop, payload
     *  "http" (and chosen over a file name such as {@code hop-http-100k.jtl}). */
    private static final Pattern RULE = Pattern.compile("(direct|hop-http|hop)-(\\d+\\s*[kmg]?i?b?)",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([kmg]?)i?b?", Pattern.CASE_INSENSITIVE);

    /** Orders scenarios by payload size, then direct, hop, hop-http, then other names alphabetically. */
    public static final Comparator<String> ORDER = Comparator
            .comparing((String n) -> !of(n).followsRule())
            .thenComparingLong(n -> of(n).payloadBytes())
            .thenComparing(n -> of(n).payload())
            .thenComparingInt(n -> of(n).kindRank())
            .thenComparing(Comparator.naturalOrder());

    private final String name;
    private final String kind;
    private final String payload;
    /** A --repeat run's trial suffix ({@code -trial-2}), "" otherwise: a trial pairs with the same trial. */
    private final String trial;

    private ScenarioName(String name, String kind, String payload, String trial) {
        this.name = name;
        this.kind = kind;
        this.payload = payload;
        this.trial = trial;
    }

    public static ScenarioName of(String name) {
        String trimmed = name.trim();
        String scenario = RunLayout.scenarioOf(trimmed);
        Matcher m = RULE.matcher(scenario);
        if (m.matches()) {
            return new ScenarioName(name, m.group(1).toLowerCase(Locale.ROOT), m.group(2),
                    trimmed.substring(scenario.length()));
        }
        return new ScenarioName(name, "", "", "");
    }

    /** Whether {@code name} can be a scenario's folder under scenarios/: not empty, no path separator, no leading dot. */
    public static boolean isFolderName(String name) {
        return name != null && !name.isEmpty() && !name.contains("/") && !name.contains("\\") && !name.startsWith(".");
    }

    public static boolean followsRule(String name) {
        return of(name).followsRule();
    }

    public boolean followsRule() {
        return !kind.isEmpty();
    }

    public String name() {
        return name;
    }

    /** {@code direct}, {@code hop}, {@code hop-http}, or "" for a name outside the rule. */
    public String kind() {
        return kind;
    }

    public String payload() {
        return payload;
    }

    public boolean isHop() {
        return kind.equals("hop") || kind.equals("hop-http");
    }

    /** The name of the direct scenario a hop scenario is compared with; null for other names. */
    public String directName() {
        return isHop() ? "direct-" + payload + trial : null;
    }

    /** The payload in bytes when it reads as a size ({@code 1k}, {@code 100k}, {@code 1m}), else Long.MAX_VALUE. */
    public long payloadBytes() {
        Matcher m = SIZE.matcher(payload);
        if (!m.matches()) {
            return Long.MAX_VALUE;
        }
        long n = Long.parseLong(m.group(1));
        switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "k":
                return n * 1024;
            case "m":
                return n * 1024 * 1024;
            case "g":
                return n * 1024 * 1024 * 1024;
            default:
                return n;
        }
    }

    private int kindRank() {
        return kind.equals("direct") ? 0 : kind.equals("hop") ? 1 : kind.equals("hop-http") ? 2 : 3;
    }

    @Override
    public String toString() {
        return name;
    }
}
