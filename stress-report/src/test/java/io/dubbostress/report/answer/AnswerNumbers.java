package io.dubbostress.report.answer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the answer's sentences back: every number in them must be a field of report.json's {@code answer} block. The
 * names in the sentences (scenarios, payloads, services, {@code p50}/{@code p99}) are taken out first; what is left are
 * the figures, each compared by its absolute value (the sentences say "adds" or "is faster", and an interval's ends
 * carry their sign) with the block's numbers.
 *
 * <pre>{@code
 * AnswerNumbers.assertEveryNumberIsAField(reportJson.get("answer"));
 * }</pre>
 */
public final class AnswerNumbers {

    // a comma belongs to a number only between digits (1,000): "x1, which" is the number 1 and a comma
    private static final Pattern NUMBER = Pattern.compile("(?<![\\w.])[-+]?\\d(?:\\d|,(?=\\d))*(?:\\.\\d+)?");

    private AnswerNumbers() {
    }

    /** Checks every sentence of {@code answer.sentences} and returns how many numbers were found in them. */
    public static int assertEveryNumberIsAField(JsonNode answer) {
        assertThat(answer.get("sentences")).as("the answer's sentences").isNotEmpty();
        List<String> sentences = new ArrayList<>();
        answer.get("sentences").forEach(s -> sentences.add(s.asText()));
        return numbers(answer, sentences, true).size();
    }

    /**
     * The answer said in another language ({@code --lang zh-CN}'s paragraphs): each number a field of the block, the
     * same numbers as report.json's English sentences (none lost, none added, none reformatted), and no English word
     * left outside the names (scenarios, services, {@code p50}, {@code TPS}, {@code JMeter}, option names).
     */
    public static void assertSaidInChinese(JsonNode answer, List<String> chinese) {
        assertThat(chinese).as("the answer in Chinese").hasSize(answer.get("sentences").size());
        List<String> english = new ArrayList<>();
        answer.get("sentences").forEach(s -> english.add(s.asText()));
        List<String> chineseNumbers = numbers(answer, chinese, true);
        List<String> englishNumbers = numbers(answer, english, false);
        Collections.sort(chineseNumbers);
        Collections.sort(englishNumbers);
        assertThat(chineseNumbers).as("the numbers of the Chinese answer, against the English sentences' %s", english)
                .isEqualTo(englishNumbers);
        List<String> names = names(answer);
        for (String sentence : chinese) {
            String words = sentence;
            for (String name : names) {
                words = words.replace(name, " ");
            }
            Matcher m = ENGLISH.matcher(words);
            assertThat(m.find() ? m.group() : null).as("an English word in \"%s\"", sentence).isNull();
        }
    }

    /** Words an English sentence cannot do without (a name, a path or a unit is none of them). */
    private static final Pattern ENGLISH = Pattern.compile("(?i)(?<![\\w./-])(the|of|and|is|are|was|not|with|for|from"
            + "|by|on|at|in|to|each|per|its|their|than|this|that|when|which|no|or|one|every|over|only|as|hop|direct"
            + "|trials?|interval|machine|threads?|saturated|measured)(?![\\w./-])");

    /** The numbers of {@code sentences} (names taken out), each checked against the block's fields when asked. */
    private static List<String> numbers(JsonNode answer, List<String> sentences, boolean check) {
        List<Double> fields = new ArrayList<>();
        collect(answer, fields, new ArrayList<>());
        List<String> names = names(answer);
        List<String> found = new ArrayList<>();
        for (String text : sentences) {
            String figures = text;
            for (String name : names) {
                figures = figures.replace(name, " ");
            }
            // a ratio's figure after its x (x2.14)
            figures = figures.replaceAll("\\bp(50|99)\\b", " ").replace("--repeat N", " ")
                    .replaceAll("(?<![\\w.])x(?=\\d)", "x ");
            Matcher m = NUMBER.matcher(figures);
            while (m.find()) {
                double value = Math.abs(Double.parseDouble(m.group().replace(",", "").replace("+", "")));
                found.add(m.group());
                if (check) {
                    assertThat(fields).as("the number %s of \"%s\" in the answer block's fields %s", m.group(), text,
                            fields).anySatisfy(f -> assertThat(Math.abs(f)).isEqualTo(value));
                }
            }
        }
        return found;
    }

    /** The names in the sentences, longest first (hop-100k before 100k). */
    private static List<String> names(JsonNode answer) {
        List<String> names = new ArrayList<>();
        collect(answer, new ArrayList<>(), names);
        names.sort((a, b) -> b.length() - a.length());
        return names;
    }

    private static void collect(JsonNode node, List<Double> numbers, List<String> names) {
        if (node.isNumber()) {
            numbers.add(node.asDouble());
        } else if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : (Iterable<Map.Entry<String, JsonNode>>) node::fields) {
                if (field.getKey().equals("sentences")) {
                    continue;
                }
                // names, and the profiles' sentence quoted whole (its figures are the profiles block's)
                if (field.getValue().isTextual() && !field.getValue().asText().isEmpty() && List.of("payload", "hop",
                        "direct", "scenario", "gcService", "profileSummary").contains(field.getKey())) {
                    names.add(field.getValue().asText());
                }
                collect(field.getValue(), numbers, names);
            }
        } else if (node.isArray()) {
            node.forEach(n -> collect(n, numbers, names));
        }
    }
}
