package io.dubbostress.report.answer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
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

    private static final Pattern NUMBER = Pattern.compile("(?<![\\w.])[-+]?\\d[\\d,]*(?:\\.\\d+)?");

    private AnswerNumbers() {
    }

    /** Checks every sentence of {@code answer.sentences} and returns how many numbers were found in them. */
    public static int assertEveryNumberIsAField(JsonNode answer) {
        List<Double> fields = new ArrayList<>();
        List<String> names = new ArrayList<>();
        collect(answer, fields, names);
        names.sort((a, b) -> b.length() - a.length()); // hop-100k before 100k
        int found = 0;
        assertThat(answer.get("sentences")).as("the answer's sentences").isNotEmpty();
        for (JsonNode sentence : answer.get("sentences")) {
            String text = sentence.asText();
            String figures = text;
            for (String name : names) {
                figures = figures.replace(name, " ");
            }
            figures = figures.replaceAll("\\bp(50|99)\\b", " ").replace("--repeat N", " ");
            Matcher m = NUMBER.matcher(figures);
            while (m.find()) {
                double value = Math.abs(Double.parseDouble(m.group().replace(",", "").replace("+", "")));
                found++;
                assertThat(fields).as("the number %s of \"%s\" in the answer block's fields %s", m.group(), text,
                        fields).anySatisfy(f -> assertThat(Math.abs(f)).isEqualTo(value));
            }
        }
        return found;
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
