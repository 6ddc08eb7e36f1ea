package io.dubbostress.sampler.idl;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import io.dubbostress.api.Payloads;
import io.dubbostress.sampler.failure.ConfigurationException;
import io.dubbostress.sampler.value.ValueConverter;
import io.dubbostress.sampler.json.JsonException;
import io.dubbostress.sampler.json.JsonValues;
import io.dubbostress.sampler.json.ResultJson;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The request of an IDL call, from JSON in protobuf's canonical mapping (JSON names or the {@code .proto}'s field names,
 * enums by name, 64-bit integers as numbers or strings, bytes as base64, {@code Timestamp} as RFC 3339 text, wrappers as
 * plain values), read by protobuf-java-util's {@code JsonFormat} into a message of the method's request type. First
 * the JSON is checked against the message type, so a value that does not fit is named by its path
 * ({@code order.lines[1].quantity}); {@code {"$payload": N}} is the harness's N-byte string where a string or bytes
 * value goes.
 *
 * <pre>{@code
 * DynamicMessage request = RequestJson.parse("{\"id\": 7, \"note\": {\"$payload\": 1024}}", type, registry, "DubboSampler.arguments");
 * }</pre>
 */
final class RequestJson {

    private RequestJson() {
    }

    static DynamicMessage parse(String json, Descriptor type, JsonFormat.TypeRegistry registry, String field) {
        String text = json == null ? "" : json.trim();
        if (text.isEmpty()) {
            return DynamicMessage.getDefaultInstance(type);
        }
        Object tree;
        try {
            tree = JsonValues.parse(text);
        } catch (JsonException e) {
            throw new ConfigurationException(field + ": " + e.getMessage());
        }
        if (!(tree instanceof Map)) {
            throw new ConfigurationException(field + ": the request must be a JSON object (a " + type.getFullName()
                    + " message), was " + shortly(tree));
        }
        Object checked = message(tree, type, "", field, type);
        DynamicMessage.Builder builder = DynamicMessage.newBuilder(type);
        try {
            JsonFormat.parser().usingTypeRegistry(registry).merge(ResultJson.write(checked), builder);
        } catch (InvalidProtocolBufferException | RuntimeException e) {
            // protobuf-java-util's text names the libraries' classes, shaded into the jar: their names say nothing
            throw new ConfigurationException(field + ": the request does not fit " + type.getFullName() + ": "
                    + String.valueOf(e.getMessage()).replaceAll("(io\\.dubbostress\\.sampler\\.shaded\\.)?"
                    + "[a-z][\\w.]*\\.[A-Z][\\w$]*(Exception|Error): ", ""));
        }
        return builder.build();
    }

    private static Object message(Object value, Descriptor type, String path, String field, Descriptor root) {
        if (value == null) {
            return null;
        }
        if (type.getFullName().startsWith("google.protobuf.")) {
            return wellKnown(value, type, path, field, root);
        }
        if (!(value instanceof Map)) {
            throw misfit(field, root, path, "expected an object (a " + type.getFullName() + " message), was "
                    + shortly(value));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
            String name = String.valueOf(e.getKey());
            String at = path.isEmpty() ? name : path + "." + name;
            FieldDescriptor f = field(type, name);
            if (f == null) {
                List<String> names = new ArrayList<>();
                for (FieldDescriptor d : type.getFields()) {
                    names.add(d.getJsonName());
                }
                throw misfit(field, root, at, "no field '" + name + "' in " + type.getFullName() + " (it has "
                        + names + ")");
            }
            out.put(name, fieldValue(e.getValue(), f, at, field, root));
        }
        return out;
    }

    /** Base64 as protobuf's JSON reads it: the standard or the URL-safe alphabet, padded or not. */
    private static boolean isBase64(String text) {
        String t = text.trim();
        try {
            if (t.indexOf('-') >= 0 || t.indexOf('_') >= 0) {
                Base64.getUrlDecoder().decode(t);
            } else {
                Base64.getDecoder().decode(t);
            }
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static FieldDescriptor field(Descriptor type, String name) {
        FieldDescriptor f = type.findFieldByName(name);
        if (f != null) {
            return f;
        }
        for (FieldDescriptor d : type.getFields()) {
            if (d.getJsonName().equals(name)) {
                return d;
            }
        }
        return null;
    }

    private static Object fieldValue(Object value, FieldDescriptor f, String path, String field, Descriptor root) {
        if (value == null) {
            return null;
        }
        if (f.isMapField()) {
            if (!(value instanceof Map)) {
                throw misfit(field, root, path, "expected an object (a map), was " + shortly(value));
            }
            FieldDescriptor valueField = f.getMessageType().findFieldByName("value");
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                String key = String.valueOf(e.getKey());
                out.put(key, single(e.getValue(), valueField, path + "[\"" + key + "\"]", field, root));
            }
            return out;
        }
        if (f.isRepeated()) {
            if (!(value instanceof List)) {
                throw misfit(field, root, path, "expected an array (a repeated field), was " + shortly(value));
            }
            List<Object> out = new ArrayList<>();
            List<?> list = (List<?>) value;
            for (int i = 0; i < list.size(); i++) {
                out.add(single(list.get(i), f, path + "[" + i + "]", field, root));
            }
            return out;
        }
        return single(value, f, path, field, root);
    }

    private static Object single(Object value, FieldDescriptor f, String path, String field, Descriptor root) {
        if (value == null) {
            return null;
        }
        switch (f.getJavaType()) {
            case MESSAGE:
                return message(value, f.getMessageType(), path, field, root);
            case STRING:
                Object payload = payload(value, path, field, root);
                if (payload != null) {
                    return payload;
                }
                if (!(value instanceof String)) {
                    throw misfit(field, root, path, "expected a string, was " + shortly(value));
                }
                return value;
            case BYTE_STRING:
                Object bytes = payload(value, path, field, root);
                if (bytes != null) {
                    return Base64.getEncoder().encodeToString(((String) bytes).getBytes(StandardCharsets.US_ASCII));
                }
                if (!(value instanceof String)) {
                    throw misfit(field, root, path, "expected base64 text (bytes), was " + shortly(value));
                }
                if (!isBase64((String) value)) {
                    throw misfit(field, root, path, "expected base64 text (bytes), was " + shortly(value)
                            + ", which is not base64");
                }
                return value;
            case BOOLEAN:
                if (!(value instanceof Boolean) && !"true".equals(value) && !"false".equals(value)) {
                    throw misfit(field, root, path, "expected true or false, was " + shortly(value));
                }
                return value;
            case ENUM:
                if (value instanceof String) {
                    if (f.getEnumType().findValueByName((String) value) == null) {
                        List<String> names = new ArrayList<>();
                        for (EnumValueDescriptor v : f.getEnumType().getValues()) {
                            names.add(v.getName());
                        }
                        throw misfit(field, root, path, "'" + value + "' is not a value of " + f.getEnumType()
                                .getFullName() + " (it has " + names + ")");
                    }
                    return value;
                }
                if (value instanceof Long || value instanceof BigInteger) {
                    return value;
                }
                throw misfit(field, root, path, "expected an enum name, was " + shortly(value));
            case INT:
            case LONG:
                return integer(value, f, path, field, root);
            default: // FLOAT, DOUBLE
                if (value instanceof Number || "NaN".equals(value) || "Infinity".equals(value)
                        || "-Infinity".equals(value)) {
                    return value;
                }
                if (value instanceof String) {
                    try {
                        return new BigDecimal(((String) value).trim());
                    } catch (NumberFormatException e) {
                        // below
                    }
                }
                throw misfit(field, root, path, "expected a number (" + typeName(f) + "), was " + shortly(value));
        }
    }

    private static Object integer(Object value, FieldDescriptor f, String path, String field, Descriptor root) {
        BigInteger n;
        try {
            if (value instanceof Long || value instanceof BigInteger) {
                n = new BigInteger(value.toString());
            } else if (value instanceof BigDecimal) {
                n = ((BigDecimal) value).toBigIntegerExact();
            } else if (value instanceof String) {
                n = new BigDecimal(((String) value).trim()).toBigIntegerExact();
            } else {
                throw new NumberFormatException();
            }
        } catch (NumberFormatException | ArithmeticException e) {
            throw misfit(field, root, path, "expected a whole number (" + typeName(f) + "), was " + shortly(value));
        }
        boolean unsigned = f.getType() == FieldDescriptor.Type.UINT32 || f.getType() == FieldDescriptor.Type.FIXED32
                || f.getType() == FieldDescriptor.Type.UINT64 || f.getType() == FieldDescriptor.Type.FIXED64;
        int bits = f.getJavaType() == FieldDescriptor.JavaType.INT ? 32 : 64;
        BigInteger min = unsigned ? BigInteger.ZERO : BigInteger.ONE.shiftLeft(bits - 1).negate();
        BigInteger max = unsigned ? BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE);
        if (n.compareTo(min) < 0 || n.compareTo(max) > 0) {
            throw misfit(field, root, path, n + " is out of range for " + typeName(f));
        }
        return n;
    }

    /** {@code {"$payload": N}} as its N-byte string, null when {@code value} is not that form. */
    private static String payload(Object value, String path, String field, Descriptor root) {
        if (!(value instanceof Map) || !((Map<?, ?>) value).containsKey(ValueConverter.PAYLOAD_KEY)) {
            return null;
        }
        Map<?, ?> map = (Map<?, ?>) value;
        Object size = map.get(ValueConverter.PAYLOAD_KEY);
        if (map.size() != 1 || !(size instanceof Long) || (Long) size < 0 || (Long) size > Payloads.MAX_SIZE_BYTES) {
            throw misfit(field, root, path, "{\"$payload\": N} takes one whole number of bytes, 0 to "
                    + Payloads.MAX_SIZE_BYTES + ", was " + shortly(value));
        }
        return Payloads.ofSize(((Long) size).intValue());
    }

    /** The well-known types keep JsonFormat's forms; only their payload strings are resolved here. */
    private static Object wellKnown(Object value, Descriptor type, String path, String field, Descriptor root) {
        String name = type.getFullName();
        if (name.equals("google.protobuf.StringValue") || name.equals("google.protobuf.BytesValue")) {
            String payload = payload(value, path, field, root);
            if (payload != null) {
                return name.endsWith("StringValue") ? payload
                        : Base64.getEncoder().encodeToString(payload.getBytes(StandardCharsets.US_ASCII));
            }
        }
        return value;
    }

    private static String typeName(FieldDescriptor f) {
        return f.getType().name().toLowerCase(java.util.Locale.ROOT);
    }

    private static ConfigurationException misfit(String field, Descriptor root, String path, String why) {
        return new ConfigurationException(field + ": the request does not fit " + root.getFullName() + " at "
                + (path.isEmpty() ? "the top" : path) + ": " + why);
    }

    static String shortly(Object value) {
        String text = value instanceof String ? "\"" + value + "\"" : ResultJson.write(value);
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }
}
