package io.dubbostress.gc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ground truth the GC analysis is checked against: the pauses a log's own lines state, counted as simply as
 * possible and in a way that shares nothing with the product's parsers. Two rules, one per log family:
 * <ul>
 *   <li>unified logging (JDK 9+): every line "GC(n) [y: ]Pause ... 1.234ms" is a pause (G1, Parallel, Serial,
 *       Shenandoah summaries; ZGC's pauses are its phase lines). JDK 9-11 Serial logs a young collection that turned
 *       into a full one as "GC(n+1) Pause Full ..." then "GC(n) Pause Young ..." (the young one's time includes the
 *       full one's): one full pause, the young line's time.</li>
 *   <li>JDK 8 and older: brackets are counted. A top-level bracket group that opens right after a time stamp
 *       ("12.345: [GC ...", "12.345: #7: [Full GC ...") is a pause unless it is a concurrent phase; its time is the
 *       last "N secs" before it closes, which also takes in everything nested (a scavenge before a CMS remark, a G1
 *       concurrent line printed inside a pause); it is a full one when it says "Full GC" or the old generation was
 *       collected in it ("[Tenured", "[CMS:", "concurrent mode failure"). JDK 8 Shenandoah's pauses are groups
 *       "[Pause ..., 1.234 ms]". "[Times: ...]" and heap address ranges "[0x..., 0x...)" are dropped first.</li>
 * </ul>
 * Shutdown statistics tables (JDK 8 Shenandoah's µs table) are neither and count nothing.
 */
final class GcGroundTruth {

    private static final Pattern UNIFIED_PAUSE =
            Pattern.compile("GC\\((\\d+)\\) (?:[yYoO]: )?(Pause .*?) ?(\\d+[.,]\\d+)ms\\s*$");
    private static final Pattern UNIFIED_ANY = Pattern.compile("GC\\(\\d+\\) ");
    private static final Pattern TIMES = Pattern.compile("\\[Times: [^\\]]*\\]");
    private static final Pattern ADDRESSES = Pattern.compile("\\[0x[0-9a-fA-F]+(?:, ?0x[0-9a-fA-F]+)*\\)");
    private static final Pattern STAMP_BEFORE =
            Pattern.compile("(?:\\d+[.,]\\d+|\\d{4}-\\d\\d-\\d\\dT[\\d:.]+[+-]\\d{4}): (?:#\\d+: )?$");
    private static final Pattern SECS = Pattern.compile("(\\d+[.,]\\d+) secs");
    private static final Pattern MS_CLOSE = Pattern.compile("(\\d+[.,]\\d+) ms\\]$");

    /** The figures of one log, or of a rotated set taken together. */
    static final class Truth {
        int pauses;
        double totalMs;
        double maxMs;
        int full;

        void add(double ms, boolean isFull) {
            pauses++;
            totalMs += ms;
            maxMs = Math.max(maxMs, ms);
            if (isFull) {
                full++;
            }
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%d pauses, %.3f ms total, %.3f ms max, %d full", pauses, totalMs,
                    maxMs, full);
        }
    }

    private GcGroundTruth() {
    }

    static Truth of(List<Path> files) {
        Truth truth = new Truth();
        for (Path file : files) {
            String text;
            try {
                text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            if (UNIFIED_ANY.matcher(text).find()) {
                unified(text, truth);
            } else {
                brackets(text, truth);
            }
        }
        return truth;
    }

    private static void unified(String text, Truth truth) {
        long previousId = -1;
        String previousType = "";
        List<double[]> pauses = new ArrayList<>(); // {ms, full}
        for (String line : text.split("\r?\n")) {
            Matcher m = UNIFIED_PAUSE.matcher(line);
            if (!m.find()) {
                continue;
            }
            long id = Long.parseLong(m.group(1));
            String type = m.group(2);
            double ms = number(m.group(3));
            if (id < previousId && previousType.startsWith("Pause Full") && type.startsWith("Pause Young")) {
                pauses.set(pauses.size() - 1, new double[] {ms, 1}); // the young pause that became the full one
            } else {
                pauses.add(new double[] {ms, type.startsWith("Pause Full") ? 1 : 0});
            }
            previousId = id;
            previousType = type;
        }
        for (double[] p : pauses) {
            truth.add(p[0], p[1] == 1);
        }
    }

    private static void brackets(String text, Truth truth) {
        String clean = ADDRESSES.matcher(TIMES.matcher(text).replaceAll("")).replaceAll("");
        int depth = 0;
        int open = -1;
        for (int i = 0; i < clean.length(); i++) {
            char c = clean.charAt(i);
            if (c == '[') {
                if (depth == 0) {
                    open = i;
                }
                depth++;
            } else if (c == ']' && depth > 0) {
                depth--;
                if (depth == 0) {
                    group(clean, open, i, truth);
                }
            }
        }
    }

    private static void group(String text, int open, int close, Truth truth) {
        String group = text.substring(open, close + 1);
        if (!STAMP_BEFORE.matcher(text.substring(Math.max(0, open - 40), open)).find()) {
            return;
        }
        if (group.startsWith("[Pause ")) { // JDK 8 Shenandoah: "[Pause Init Mark, 3.341 ms]"
            Matcher ms = MS_CLOSE.matcher(group);
            if (ms.find()) {
                truth.add(number(ms.group(1)), group.startsWith("[Pause Full"));
            }
            return;
        }
        boolean gc = group.startsWith("[GC") || group.startsWith("[Full GC");
        if (!gc || group.startsWith("[GC concurrent")) {
            return;
        }
        Matcher secs = SECS.matcher(group);
        double last = -1;
        while (secs.find()) {
            last = number(secs.group(1));
        }
        if (last >= 0) {
            // a young collection that had to collect the old generation too is a full one
            boolean full = group.startsWith("[Full GC") || group.contains("[Tenured") || group.contains("[CMS:")
                    || group.contains("concurrent mode failure");
            truth.add(last * 1000, full);
        }
    }

    private static double number(String text) {
        return Double.parseDouble(text.replace(',', '.'));
    }
}
