package io.dubbostress.sampler.idl;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A JSON request to start from, for Browse: every field of the message with its default ({@code ""}, {@code 0},
 * {@code false}, an enum's first value, base64 {@code ""} for bytes), a repeated field or a map with one element to
 * show its shape, the first field of each {@code oneof} only (two would not parse), the well-known types in their JSON
 * forms ({@code "1970-01-01T00:00:00Z"}, {@code "0s"}, a wrapper's plain value), a message that contains itself cut at
 * its second level ({@code {}}). Field names are the JSON names, as JsonFormat prints them.
 *
 * <pre>{@code
 * String json = JsonTemplate.of(method.getInputType());
 * }</pre>
 */
final class JsonTemplate {

    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonTemplate() {
    }

    static String of(Descriptor type) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.useDefaultPrettyPrinter();
            message(g, type, new ArrayList<>());
        } catch (IOException e) { // a StringWriter does no I/O
            return "{}";
        }
        return out.toString();
    }

    private static void message(JsonGenerator g, Descriptor type, List<String> enclosing) throws IOException {
        if (type.getFullName().startsWith("google.protobuf.") && wellKnown(g, type)) {
            return;
        }
        g.writeStartObject();
        if (enclosing.contains(type.getFullName())) {
            g.writeEndObject();
            return;
        }
        enclosing.add(type.getFullName());
        Set<OneofDescriptor> oneofsWritten = new HashSet<>();
        for (FieldDescriptor f : type.getFields()) {
            OneofDescriptor oneof = f.getRealContainingOneof();
            if (oneof != null && !oneofsWritten.add(oneof)) {
                continue;
            }
            g.writeFieldName(f.getJsonName());
            if (f.isMapField()) {
                g.writeStartObject();
                FieldDescriptor key = f.getMessageType().findFieldByName("key");
                g.writeFieldName(key.getJavaType() == FieldDescriptor.JavaType.STRING ? ""
                        : key.getJavaType() == FieldDescriptor.JavaType.BOOLEAN ? "false" : "0");
                single(g, f.getMessageType().findFieldByName("value"), enclosing);
                g.writeEndObject();
            } else if (f.isRepeated()) {
                g.writeStartArray();
                single(g, f, enclosing);
                g.writeEndArray();
            } else {
                single(g, f, enclosing);
            }
        }
        enclosing.remove(enclosing.size() - 1);
        g.writeEndObject();
    }

    private static void single(JsonGenerator g, FieldDescriptor f, List<String> enclosing) throws IOException {
        switch (f.getJavaType()) {
            case MESSAGE:
                message(g, f.getMessageType(), enclosing);
                break;
            case STRING:
            case BYTE_STRING:
                g.writeString("");
                break;
            case BOOLEAN:
                g.writeBoolean(false);
                break;
            case ENUM:
                g.writeString(f.getEnumType().getValues().get(0).getName());
                break;
            case LONG:
                g.writeString("0"); // JsonFormat prints 64-bit integers as strings
                break;
            default:
                g.writeNumber(0);
        }
    }

    /** The JSON form of a well-known type; false for one that is an ordinary message in JSON. */
    private static boolean wellKnown(JsonGenerator g, Descriptor type) throws IOException {
        switch (type.getFullName()) {
            case "google.protobuf.Timestamp":
                g.writeString("1970-01-01T00:00:00Z");
                return true;
            case "google.protobuf.Duration":
                g.writeString("0s");
                return true;
            case "google.protobuf.FieldMask":
            case "google.protobuf.StringValue":
            case "google.protobuf.BytesValue":
                g.writeString("");
                return true;
            case "google.protobuf.BoolValue":
                g.writeBoolean(false);
                return true;
            case "google.protobuf.Int64Value":
            case "google.protobuf.UInt64Value":
                g.writeString("0");
                return true;
            case "google.protobuf.Int32Value":
            case "google.protobuf.UInt32Value":
            case "google.protobuf.FloatValue":
            case "google.protobuf.DoubleValue":
                g.writeNumber(0);
                return true;
            case "google.protobuf.Struct":
            case "google.protobuf.Any":
            case "google.protobuf.Empty":
                g.writeStartObject();
                g.writeEndObject();
                return true;
            case "google.protobuf.ListValue":
                g.writeStartArray();
                g.writeEndArray();
                return true;
            case "google.protobuf.Value":
                g.writeNull();
                return true;
            default:
                return false;
        }
    }
}
