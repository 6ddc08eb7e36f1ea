package io.dubbostress.gc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What the report takes from GCeasy's answer ({@code POST /analyzeGC}): the KPIs ({@code gcKPI.throughputPercentage},
 * {@code averagePauseTime}, {@code maxPauseTime}, in percent and ms), whether it found a problem ({@code isProblem},
 * {@code problem[]}) and the link to its web report ({@code webReport}, else {@code graphURL}). The whole answer is
 * kept in {@code <base>.gceasy.json}.
 */
public final class GcEasyAnswer {

    private final JsonNode json;

    public GcEasyAnswer(JsonNode json) {
        this.json = json;
    }

    public JsonNode json() {
        return json;
    }

    /** GC throughput in percent, NaN when the answer has none. */
    public double throughputPercent() {
        JsonNode kpi = json.path("gcKPI").path("throughputPercentage");
        return number(kpi.isMissingNode() ? json.path("throughputPercentage") : kpi);
    }

    public double averagePauseMs() {
        return number(json.path("gcKPI").path("averagePauseTime"));
    }

    public double maxPauseMs() {
        return number(json.path("gcKPI").path("maxPauseTime"));
    }

    public boolean isProblem() {
        return json.path("isProblem").asBoolean(false);
    }

    /** The problems GCeasy describes (none when {@link #isProblem()} is false). */
    public List<String> problems() {
        JsonNode problem = json.path("problem");
        List<String> problems = new ArrayList<>();
        if (problem.isArray()) {
            problem.forEach(p -> problems.add(p.isTextual() ? p.asText() : p.toString()));
        } else if (problem.isTextual() && !problem.asText().isEmpty()) {
            problems.add(problem.asText());
        }
        return Collections.unmodifiableList(problems);
    }

    /** The web report's address, or "" when the answer has none. */
    public String webReport() {
        String web = json.path("webReport").asText("");
        return web.isEmpty() ? json.path("graphURL").asText("") : web;
    }

    /** The summary report.json carries (field names in docs/GC.md). */
    public ObjectNode summaryJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        putNumber(node, "throughputPercent", throughputPercent());
        putNumber(node, "averagePauseMs", averagePauseMs());
        putNumber(node, "maxPauseMs", maxPauseMs());
        node.put("isProblem", isProblem());
        ArrayNode problems = node.putArray("problems");
        problems().forEach(problems::add);
        node.put("webReport", webReport());
        return node;
    }

    private static void putNumber(ObjectNode node, String field, double value) {
        if (Double.isNaN(value)) {
            node.putNull(field);
        } else {
            node.put(field, value);
        }
    }

    private static double number(JsonNode node) {
        if (node.isNumber()) {
            return node.asDouble();
        }
        if (node.isTextual()) {
            try {
                return Double.parseDouble(node.asText().trim());
            } catch (NumberFormatException e) {
                return Double.NaN;
            }
        }
        return Double.NaN;
    }
}
