package io.dubbostress.cli.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What is left in English on a page written in another language ({@code --lang zh-CN}): the lines holding a word an
 * English sentence cannot do without. Names, paths, units, option names and product names hold none of them, so a
 * line found is a sentence (or a piece of one) the catalogue did not say.
 *
 * <pre>{@code
 * assertThat(EnglishLeft.in(Files.readString(zh.resolve("report.md")))).isEmpty();
 * assertThat(EnglishLeft.in(EnglishLeft.visibleText(html))).isEmpty();
 * }</pre>
 */
public final class EnglishLeft {

    /** Words an English sentence of the report cannot do without. */
    private static final Pattern ENGLISH = Pattern.compile("(?i)(?<![\\w./-])(the|of|and|is|are|was|not|with|for|from"
            + "|by|on|at|in|to|each|per|its|their|than|this|that|when|which|no|or|one|every|over|only|as)(?![\\w./-])");

    private EnglishLeft() {
    }

    /** The English word and its line, for each line of {@code text} that has one. */
    public static List<String> in(String text) {
        List<String> left = new ArrayList<>();
        for (String line : text.split("\n")) {
            Matcher m = ENGLISH.matcher(line);
            if (m.find()) {
                left.add(m.group() + " in: " + line);
            }
        }
        return left;
    }

    /** The text a reader of an HTML page sees: its markup without scripts, styles and tags. */
    public static String visibleText(String html) {
        return html.replaceAll("(?s)<script.*?</script>", "").replaceAll("(?s)<style.*?</style>", "")
                .replaceAll("<[^>]+>", "\n").replace("&#39;", "'").replace("&quot;", "\"").replace("&lt;", "<")
                .replace("&gt;", ">").replace("&amp;", "&");
    }
}
