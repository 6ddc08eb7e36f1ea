package io.dubbostress.gc;

import java.util.regex.Pattern;

/**
 * The self-check behind every analysis: counts the lines of a GC log that state a pause, with one regular expression
 * per log family and nothing else (no decorators read, no state), so that a parser that misses or invents pauses is
 * caught. Unified logging: "GC(12) [y: ]Pause ... 1.234ms" anywhere in the line. JDK 8: each time stamp followed by
 * "[GC" (not a concurrent phase nor G1's "[GC ref-proc" inside a remark), "[Full GC" or Shenandoah's "[Pause ..., 1.234 ms]". It also counts the lines that
 * speak of collections at all ("GC(12)", "[GC", "[Full GC", "Pause"), so that a log with collections but no pause
 * the parser knows can be told from a log with no collection yet.
 *
 * <pre>{@code
 * PauseLineCounter counter = new PauseLineCounter();
 * set.forEachLine(counter::line);
 * counter.pauseLines(); // to compare with what the parser found
 * }</pre>
 */
final class PauseLineCounter {

    private static final Pattern UNIFIED_PAUSE = Pattern.compile("GC\\(\\d+\\) (?:[yYoO]: )?Pause .*\\d ?ms\\s*$");
    private static final Pattern JDK8_PAUSE = Pattern.compile(
            "\\d: (?:#\\d+: )?\\[(?:GC(?! concurrent| ref-proc| Worker)|Full GC)|\\d: \\[Pause [^\\]]*, \\d+[.,]\\d+ ms\\]");
    private static final Pattern GC_LINE = Pattern.compile("GC\\(\\d+\\)|\\[GC|\\[Full GC|\\[Pause |Pause ");

    private long pauseLines;
    private long gcLines;

    void line(String line) {
        if (line.indexOf("GC") < 0 && line.indexOf("Pause") < 0) {
            return;
        }
        if (GC_LINE.matcher(line).find()) {
            gcLines++;
        } else {
            return;
        }
        if (line.indexOf("Pause") >= 0 && UNIFIED_PAUSE.matcher(line).find()) {
            pauseLines++;
            return;
        }
        if (line.charAt(0) == '[') {
            return; // a unified line: JDK 8's pause lines begin with their stamp
        }
        java.util.regex.Matcher jdk8 = JDK8_PAUSE.matcher(line);
        while (jdk8.find()) {
            pauseLines++;
        }
    }

    /** Pauses stated by the log's lines (a JDK 8 line can state two: a scavenge inside a CMS remark). */
    long pauseLines() {
        return pauseLines;
    }

    /** Lines that speak of a collection, pause or not. */
    long gcLines() {
        return gcLines;
    }
}
