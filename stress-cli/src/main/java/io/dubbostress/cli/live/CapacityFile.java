package io.dubbostress.cli.live;

import com.fasterxml.jackson.databind.JsonNode;
import io.dubbostress.report.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The steps of capacity.json ({@code stress run --find-max-rate}'s answer, written after each scenario's search) as
 * the live page lists them: what {@code stress live} shows of a search, and of one that has ended.
 */
final class CapacityFile {

    private CapacityFile() {
    }

    static List<CapacityStep> steps(Path file) throws IOException {
        JsonNode root = Json.MAPPER.readTree(file.toFile());
        List<CapacityStep> steps = new ArrayList<>();
        for (JsonNode scenario : root.path("scenarios")) {
            for (JsonNode t : scenario.path("trials")) {
                steps.add(new CapacityStep(scenario.path("name").asText(), t.path("scenario").asText(),
                        t.path("step").asInt(), t.path("targetPerSec").asDouble(),
                        t.at("/window/fromEpochMs").asLong(-1), t.at("/window/toEpochMs").asLong(-1),
                        t.path("verdict").asText(null), t.path("limitedBy").asText(null),
                        t.path("achievedPerSec").isNumber() ? t.path("achievedPerSec").asDouble() : Double.NaN,
                        t.path("fromDueP99Us").isNumber() ? t.path("fromDueP99Us").asLong() : -1));
            }
        }
        return steps;
    }
}
