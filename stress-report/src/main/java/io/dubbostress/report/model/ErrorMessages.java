package io.dubbostress.report.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts failed samples by what went wrong ("502 TIMEOUT: waited 5000 ms"), with bounded memory: after
 * {@value #MAX_DISTINCT} distinct messages, new ones are counted under {@value #OTHERS}. Messages are shortened to
 * one line of at most {@value #MAX_LENGTH} characters that keeps their start and their end ({@link #shorten}), where
 * Dubbo and the JDK put the cause ({@code ... error message is:Connection refused: /127.0.0.1:20880}).
 */
public final class ErrorMessages {

    static final int MAX_DISTINCT = 500;
    static final int MAX_LENGTH = 200;
    static final String OTHERS = "(other messages)";
    /** The most characters of one message read. */
    private static final int MOST_READ = 8192;

    private final Map<String, long[]> counts = new HashMap<>();

    public void add(String responseCode, String text, long count) {
        String key = key(responseCode, text);
        long[] counter = counts.get(key);
        if (counter == null) {
            if (counts.size() >= MAX_DISTINCT) {
                key = OTHERS;
                counter = counts.get(key);
            }
            if (counter == null) {
                counter = new long[1];
                counts.put(key, counter);
            }
        }
        counter[0] += count;
    }

    static String key(String responseCode, String text) {
        String code = responseCode == null ? "" : responseCode.trim();
        String message = text == null ? "" : oneLine(causeFirst(text));
        String key = code.isEmpty() ? message : message.isEmpty() ? code : code + " " + message;
        if (key.isEmpty()) {
            key = "(no message)";
        }
        return shorten(key, MAX_LENGTH);
    }

    /**
     * {@code text} in at most {@code max} characters: as it is when it fits, else its start, {@code " ... "} and its
     * end (the larger half), so that a cause at the end of a long message is not cut off.
     */
    public static String shorten(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int tail = max / 2 + 2;
        return text.substring(0, max - tail - 5) + " ... " + text.substring(text.length() - tail);
    }

    /**
     * Dubbo's failure texts begin with boilerplate ("Failed to invoke the method echo in the service ... Tried 1
     * times of the providers [...] from the registry ... using the dubbo version 2.7.23. Last error is: ...") and
     * end with the cause, which a cut to {@value #MAX_LENGTH} characters would lose: the cause comes first, then the
     * boilerplate's first sentence in brackets.
     */
    static String causeFirst(String text) {
        int last = text.indexOf("Last error is: ");
        if (last < 0) {
            return text;
        }
        String cause = text.substring(last + "Last error is: ".length()).trim();
        String head = text.substring(0, last).trim();
        int sentence = head.indexOf(". ");
        String context = sentence > 0 ? head.substring(0, sentence + 1) : head;
        int colon = context.indexOf(": ");
        String prefix = "";
        if (colon > 0 && colon < 40 && context.substring(0, colon).matches("[A-Z_]+")) {
            // our sampler's code ("NETWORK: Failed to invoke ...") stays in front
            prefix = context.substring(0, colon + 2);
            context = context.substring(colon + 2);
        }
        return prefix + cause + " [" + context + "]";
    }

    /**
     * Runs of white space (line breaks included) become one space; no regex: failures can be millions. The first
     * {@value #MOST_READ} characters are read (a sampler's message is one line of a few hundred).
     */
    private static String oneLine(String text) {
        StringBuilder out = new StringBuilder(Math.min(text.length(), MOST_READ));
        boolean space = false;
        for (int i = 0; i < text.length() && i < MOST_READ; i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                space = out.length() > 0;
            } else {
                if (space) {
                    out.append(' ');
                    space = false;
                }
                out.append(c);
            }
        }
        return out.toString();
    }

    /** The {@code n} most frequent messages, most frequent first (ties by message). */
    public List<Count> top(int n) {
        List<Count> all = new ArrayList<>();
        counts.forEach((message, counter) -> all.add(new Count(message, counter[0])));
        all.sort(Comparator.comparingLong((Count c) -> -c.count).thenComparing(c -> c.message));
        return all.subList(0, Math.min(n, all.size()));
    }

    /** A message and how many failed samples said it. */
    public static final class Count {
        public final String message;
        public final long count;

        Count(String message, long count) {
            this.message = message;
            this.count = count;
        }
    }
}
