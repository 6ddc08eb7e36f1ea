package io.dubbostress.cli.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonWriterTest {

    @Test
    void writesNestedIndentedJsonWithCommasInPlace() {
        Map<String, String> map = new LinkedHashMap<>();
        map.put("k", "v");
        String json = new JsonWriter().beginObject()
                .name("n").value(20)
                .name("d").value(1.5)
                .name("whole").value(3.0)
                .name("nan").value(Double.NaN)
                .name("b").value(true)
                .name("s").value("a \"q\" \\ \n\t\u0001")
                .name("empty").beginArray().endArray()
                .name("list").beginArray().value("x").value("y").endArray()
                .name("map").value(map)
                .name("nothing").nullValue()
                .endObject().toString();
        assertThat(json).isEqualTo("{\n"
                + "  \"n\": 20,\n"
                + "  \"d\": 1.5,\n"
                + "  \"whole\": 3,\n"
                + "  \"nan\": null,\n"
                + "  \"b\": true,\n"
                + "  \"s\": \"a \\\"q\\\" \\\\ \\n\\t\\u0001\",\n"
                + "  \"empty\": [],\n"
                + "  \"list\": [\n"
                + "    \"x\",\n"
                + "    \"y\"\n"
                + "  ],\n"
                + "  \"map\": {\n"
                + "    \"k\": \"v\"\n"
                + "  },\n"
                + "  \"nothing\": null\n"
                + "}");
    }
}
