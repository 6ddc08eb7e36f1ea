package io.dubbostress.gc;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The one configured Jackson mapper for the GC library's JSON (a log's {@code <base>.analysis.json}, GCeasy's answers):
 * indented output, fields in declaration order, unknown fields of a newer version ignored on reading; the same
 * settings as the report's mapper, so the analysis reads the same inside report.json and beside its log.
 */
public final class Json {

    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private Json() {
    }
}
