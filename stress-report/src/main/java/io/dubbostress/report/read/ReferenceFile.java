package io.dubbostress.report.read;

import io.dubbostress.report.Json;
import io.dubbostress.report.ReportException;
import io.dubbostress.report.model.Reference;
import io.dubbostress.report.run.ScenarioName;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code --reference}: a built-in reference by name ({@value #SEED_003}, the reference report this harness
 * reproduces) or a JSON file of a user's earlier figures in the same shape (docs/REPORT.md, "The reference's table"):
 *
 * <pre>
 * {"schema": "dubbo-stress/reference/1", "name": "last year's VM", "origin": "our wiki, 2025-03",
 *  "setting": "20 threads, 10 minutes",
 *  "payloads": {"1k": {"tps": 2164, "p90Ms": 10, "p99Ms": 18}, "100k": {"tps": 132}}}
 * </pre>
 *
 * A bad file is one {@link ReportException} line naming the field and the value.
 */
public final class ReferenceFile {

    public static final String SCHEMA = "dubbo-stress/reference/1";
    public static final String SEED_003 = "seed-003";
    private static final List<String> BUILT_IN = List.of(SEED_003);

    private ReferenceFile() {
    }

    /** {@code seed-003}, or a path to a reference file. */
    public static Reference of(String nameOrPath) {
        if (BUILT_IN.contains(nameOrPath)) {
            return builtIn(nameOrPath);
        }
        Path file = Path.of(nameOrPath);
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new ReportException("--reference " + nameOrPath + ": no such file (and not a built-in reference: "
                    + String.join(", ", BUILT_IN) + ")");
        } catch (IOException e) {
            throw new ReportException("--reference " + nameOrPath + ": cannot read it (" + e.getMessage() + ")");
        }
        return parse(nameOrPath, text);
    }

    public static Reference builtIn(String name) {
        try (InputStream in = ReferenceFile.class.getResourceAsStream("reference/" + name + ".json")) {
            if (in == null) {
                throw new IllegalStateException("built-in reference " + name + " is missing from the jar");
            }
            return parse(name, new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static Reference parse(String where, String text) {
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new ReportException("--reference " + where + " is not valid JSON ("
                    + e.getOriginalMessage().replace('\n', ' ') + " at line " + e.getLocation().getLineNr() + ")");
        }
        if (root == null || !root.isObject()) {
            throw new ReportException("--reference " + where + " is not a JSON object");
        }
        JsonNode schema = root.get("schema");
        if (schema != null && !SCHEMA.equals(schema.asText())) {
            throw new ReportException("--reference " + where + ": schema '" + schema.asText() + "' is not " + SCHEMA);
        }
        String name = text(root, "name", where, true);
        String origin = text(root, "origin", where, true);
        String setting = text(root, "setting", where, false);
        JsonNode payloads = root.get("payloads");
        if (payloads == null || !payloads.isObject() || payloads.isEmpty()) {
            throw new ReportException("--reference " + where + ": payloads is missing or empty (an object such as "
                    + "{\"1k\": {\"tps\": 2164, \"p99Ms\": 18}})");
        }
        Map<String, Reference.Figures> figures = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = payloads.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> payload = it.next();
            String key = payload.getKey();
            if (!ScenarioName.followsRule("direct-" + key)) {
                throw new ReportException("--reference " + where + ": payloads." + key + ": '" + key + "' is not a "
                        + "payload name (such as 1k, 100k, 512, 1m: as in the scenario names direct-1k, hop-100k)");
            }
            if (!payload.getValue().isObject()) {
                throw new ReportException("--reference " + where + ": payloads." + key + " is not an object of figures");
            }
            Map<String, Double> values = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> f = payload.getValue().fields(); f.hasNext(); ) {
                Map.Entry<String, JsonNode> figure = f.next();
                String field = "payloads." + key + "." + figure.getKey();
                if (!Reference.FIGURES.contains(figure.getKey())) {
                    throw new ReportException("--reference " + where + ": " + field + " is not a figure (figures: "
                            + String.join(", ", Reference.FIGURES) + ")");
                }
                JsonNode value = figure.getValue();
                if (value.isNull()) {
                    continue; // not given, said as such
                }
                if (!value.isNumber() || value.asDouble() < 0 || Double.isInfinite(value.asDouble())) {
                    throw new ReportException("--reference " + where + ": " + field + " " + value
                            + " is not a number of zero or more");
                }
                values.put(figure.getKey(), value.asDouble());
            }
            figures.put(key, new Reference.Figures(values));
        }
        return new Reference(name, origin, setting, figures);
    }

    private static String text(JsonNode root, String field, String where, boolean required) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            if (required) {
                throw new ReportException("--reference " + where + ": " + field + " is missing (a line of text)");
            }
            return null;
        }
        if (!node.isTextual() || node.asText().isBlank()) {
            throw new ReportException("--reference " + where + ": " + field + " " + node + " is not a line of text");
        }
        return node.asText();
    }
}
