package io.dubbostress.nacos.standin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;

/** The stand-in's one Jackson mapper: bodies are trees, read and written as the client's Jackson mapping has them. */
final class Json {

    static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {
    }

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    static ArrayNode array() {
        return MAPPER.createArrayNode();
    }

    static ObjectNode read(byte[] json) {
        try {
            return (ObjectNode) MAPPER.readTree(json);
        } catch (IOException | ClassCastException e) {
            throw new IllegalArgumentException("not a JSON object: " + new String(json,
                    java.nio.charset.StandardCharsets.UTF_8), e);
        }
    }

    static byte[] write(Object tree) {
        try {
            return MAPPER.writeValueAsBytes(tree);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
