package io.dubbostress.report;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The one configured Jackson mapper for the JSON files this project writes and reads (run.json, report.json,
 * bench.json): indented output, fields in declaration order, unknown fields of a newer version ignored on reading. It
 * is the GC library's mapper ({@link io.dubbostress.gc.Json}, the module below the report), so a GC analysis reads the
 * same inside report.json as beside its log: one configuration, not two kept alike by hand.
 */
public final class Json {

    public static final ObjectMapper MAPPER = io.dubbostress.gc.Json.MAPPER;

    private Json() {
    }
}
