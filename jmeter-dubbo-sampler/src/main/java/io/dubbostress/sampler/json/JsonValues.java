package io.dubbostress.sampler.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Sampler arguments as plain Java values, read with Jackson's streaming parser ({@code jackson-core}, which every
 * JMeter's {@code lib/} ships: 2.9.8 in 5.1.1, 2.16.1 in 5.6.3; only API both have is used): objects become
 * {@link LinkedHashMap}s (key order kept), arrays {@link ArrayList}s, integers {@link Long} (or {@link BigInteger}
 * beyond 64 bits), numbers with a fraction or exponent {@link BigDecimal} taken from their text (never through
 * {@code double}: no precision is lost), plus String, Boolean and {@code null}. Jackson checks the syntax (RFC 8259:
 * no leading zeros, no trailing commas, no unquoted keys, no raw control characters), and a key given twice in one
 * object is refused (RFC 8259 leaves it to the reader; one of the two values would be dropped); errors name the offset:
 * {@code malformed JSON at offset 6: Unexpected end-of-input: expected close marker for Array}.
 *
 * <pre>{@code
 * Object value = JsonValues.parse("[\"abc\", 12345678901234567890, 0.1]");
 * // [abc, 12345678901234567890 (BigInteger), 0.1 (BigDecimal)]
 * }</pre>
 */
public final class JsonValues {

    private static final JsonFactory FACTORY = new JsonFactory();
    private static final java.util.regex.Pattern BAD_TOKEN = java.util.regex.Pattern.compile(
            "^Unrecognized token '([^']*)'");

    private JsonValues() {
    }

    /** Parses one JSON value; anything but whitespace after it is an error. */
    public static Object parse(String text) {
        if (text == null) {
            throw new JsonException("malformed JSON: no text");
        }
        try (JsonParser parser = FACTORY.createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw new JsonException("malformed JSON at offset " + text.length() + " (end of text): no value");
            }
            Object value = read(parser, first);
            JsonToken after;
            try {
                after = parser.nextToken();
            } catch (JsonProcessingException e) {
                throw new JsonException(describe(e, text) + " (after the value)");
            }
            if (after != null) {
                throw new JsonException("malformed JSON at offset " + (parser.getTokenLocation().getColumnNr() - 1)
                        + ": unexpected '" + parser.getText() + "' after the value");
            }
            return value;
        } catch (JsonProcessingException e) {
            throw new JsonException(describe(e, text));
        } catch (IOException e) { // a String source does no I/O
            throw new JsonException("malformed JSON: " + e.getMessage());
        }
    }

    private static Object read(JsonParser parser, JsonToken token) throws IOException {
        switch (token) {
            case START_OBJECT: {
                Map<String, Object> map = new LinkedHashMap<>();
                for (JsonToken t = parser.nextToken(); t != JsonToken.END_OBJECT; t = parser.nextToken()) {
                    String name = parser.getCurrentName();
                    if (map.containsKey(name)) {
                        // Jackson keeps the last, JavaScript too: one of two values would be dropped without a word
                        JsonLocation at = parser.getTokenLocation();
                        throw new JsonException("malformed JSON" + (at.getLineNr() == 1 ? " at offset "
                                + (at.getColumnNr() - 1) : " at line " + at.getLineNr() + ", column "
                                + at.getColumnNr()) + ": the key '" + name + "' appears twice in one object");
                    }
                    map.put(name, read(parser, parser.nextToken()));
                }
                return map;
            }
            case START_ARRAY: {
                List<Object> list = new ArrayList<>();
                for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
                    list.add(read(parser, t));
                }
                return list;
            }
            case VALUE_STRING:
                return parser.getText();
            case VALUE_NUMBER_INT:
                return parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                        ? parser.getBigIntegerValue() : (Object) parser.getLongValue();
            case VALUE_NUMBER_FLOAT:
                return new BigDecimal(parser.getText());
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return null;
            default:
                throw new JsonException("malformed JSON at offset " + parser.getTokenLocation().getCharOffset()
                        + ": unexpected " + token);
        }
    }

    /** Jackson's message without the copy of the whole text it quotes ("[Source: ...]"), one line, with the offset. */
    private static String describe(JsonProcessingException e, String text) {
        JsonLocation location = e.getLocation();
        // Jackson's column, not its character offset (2.9 gets that wrong for String sources)
        // (2.9 counts past the end at the end of the text: clamped)
        long offset = location == null || location.getLineNr() != 1 ? -1
                : Math.min(location.getColumnNr() - 1, text.length());
        String why = String.valueOf(e.getOriginalMessage())
                .replaceAll("\\s*\\(start marker at \\[Source:[^\\]]*\\]\\)", "")
                .replaceAll("\\s*\\[Source:[^\\]]*\\]", "")
                .replace('\n', ' ').replace('\r', ' ').trim();
        // Jackson places a bad character or token where it stopped reading, after it: name where it starts
        java.util.regex.Matcher token = BAD_TOKEN.matcher(why);
        if (offset > 0 && token.find()) {
            offset = Math.max(0, offset - token.group(1).length());
        } else if (offset > 0 && why.startsWith("Unexpected character")) {
            offset--;
        }
        String where = offset >= 0 ? " at offset " + offset + (why.contains("end-of-input") ? " (end of text)" : "")
                : location == null ? "" : " at line " + location.getLineNr() + ", column " + location.getColumnNr();
        return "malformed JSON" + where + ": " + why;
    }
}
