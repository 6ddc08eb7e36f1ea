package io.dubbostress.nacos.standin;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * One Nacos 2 gRPC message as its {@code Payload} carries it: the simple class name of the request or response
 * ({@code metadata.type}, e.g. {@code InstanceRequest}), the headers ({@code metadata.headers}: where the client puts
 * {@code accessToken} and the AK/SK signature) and the JSON body ({@code body.value} of the {@code Any}).
 *
 * <pre>{@code
 * Frame reply = Frame.of("HealthCheckResponse", Json.object().put("resultCode", 200));
 * }</pre>
 */
record Frame(String type, Map<String, String> headers, ObjectNode body) {

    static Frame of(String type, ObjectNode body) {
        return new Frame(type, Map.of(), body);
    }

    /** A header, matched without case (the client keeps its headers in a case-insensitive map). */
    String header(String name) {
        for (Map.Entry<String, String> e : headers.entrySet()) {
            if (e.getKey().equalsIgnoreCase(name)) {
                return e.getValue();
            }
        }
        return null;
    }

    /** A text field of the body, "" when absent or null. */
    String text(String field) {
        return body.hasNonNull(field) ? body.get(field).asText() : "";
    }
}
