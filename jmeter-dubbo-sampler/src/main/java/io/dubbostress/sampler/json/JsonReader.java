package io.dubbostress.sampler.json;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small, exact JSON reader (RFC 8259) for sampler arguments: objects become {@link LinkedHashMap}s (key order
 * kept), arrays {@link ArrayList}s, integers {@link Long} (or {@link BigInteger} beyond 64 bits), numbers with a
 * fraction or exponent {@link BigDecimal} (never {@code double}: no precision is lost), plus String, Boolean and
 * {@code null}. Errors name the position: {@code malformed JSON at offset 12: expected ',' or ']'}.
 *
 * <pre>{@code
 * Object value = JsonReader.parse("[\"abc\", 12345678901234567890, 0.1]");
 * // [abc, 12345678901234567890 (BigInteger), 0.1 (BigDecimal)]
 * }</pre>
 */
public final class JsonReader {

    private final String text;
    private int pos;

    private JsonReader(String text) {
        this.text = text;
    }

    /** Parses one JSON value; anything but whitespace after it is an error. */
    public static Object parse(String text) {
        if (text == null) {
            throw new JsonException("malformed JSON: no text");
        }
        JsonReader reader = new JsonReader(text);
        reader.skipWhitespace();
        Object value = reader.readValue();
        reader.skipWhitespace();
        if (reader.pos < text.length()) {
            throw reader.error("unexpected '" + text.charAt(reader.pos) + "' after the value");
        }
        return value;
    }

    private Object readValue() {
        if (pos >= text.length()) {
            throw error("unexpected end of text");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '{':
                return readObject();
            case '[':
                return readArray();
            case '"':
                return readString();
            case 't':
                expectWord("true");
                return Boolean.TRUE;
            case 'f':
                expectWord("false");
                return Boolean.FALSE;
            case 'n':
                expectWord("null");
                return null;
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return readNumber();
                }
                throw error("unexpected '" + c + "'");
        }
    }

    private Map<String, Object> readObject() {
        pos++; // {
        Map<String, Object> map = new LinkedHashMap<>();
        skipWhitespace();
        if (peek() == '}') {
            pos++;
            return map;
        }
        while (true) {
            skipWhitespace();
            if (peek() != '"') {
                throw error("expected a \"key\"");
            }
            String key = readString();
            skipWhitespace();
            if (peek() != ':') {
                throw error("expected ':' after key \"" + key + "\"");
            }
            pos++;
            skipWhitespace();
            map.put(key, readValue());
            skipWhitespace();
            char c = peek();
            pos++;
            if (c == '}') {
                return map;
            }
            if (c != ',') {
                pos--;
                throw error("expected ',' or '}'");
            }
        }
    }

    private List<Object> readArray() {
        pos++; // [
        List<Object> list = new ArrayList<>();
        skipWhitespace();
        if (peek() == ']') {
            pos++;
            return list;
        }
        while (true) {
            skipWhitespace();
            list.add(readValue());
            skipWhitespace();
            char c = peek();
            pos++;
            if (c == ']') {
                return list;
            }
            if (c != ',') {
                pos--;
                throw error("expected ',' or ']'");
            }
        }
    }

    private String readString() {
        pos++; // opening quote
        int start = pos;
        // fast path: no escapes
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '"') {
                return text.substring(start, pos++);
            }
            if (c == '\\') {
                break;
            }
            if (c < 0x20) {
                throw error("control character in a string (escape it)");
            }
            pos++;
        }
        StringBuilder out = new StringBuilder(text.substring(start, pos));
        while (pos < text.length()) {
            char c = text.charAt(pos++);
            if (c == '"') {
                return out.toString();
            }
            if (c < 0x20) {
                pos--;
                throw error("control character in a string (escape it)");
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (pos >= text.length()) {
                break;
            }
            char e = text.charAt(pos++);
            switch (e) {
                case '"':
                case '\\':
                case '/':
                    out.append(e);
                    break;
                case 'b':
                    out.append('\b');
                    break;
                case 'f':
                    out.append('\f');
                    break;
                case 'n':
                    out.append('\n');
                    break;
                case 'r':
                    out.append('\r');
                    break;
                case 't':
                    out.append('\t');
                    break;
                case 'u':
                    if (pos + 4 > text.length()) {
                        throw error("incomplete \\u escape");
                    }
                    try {
                        out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                    } catch (NumberFormatException ex) {
                        throw error("bad \\u escape '" + text.substring(pos, pos + 4) + "'");
                    }
                    pos += 4;
                    break;
                default:
                    pos--;
                    throw error("bad escape '\\" + e + "'");
            }
        }
        throw error("unterminated string");
    }

    private Object readNumber() {
        int start = pos;
        boolean decimal = false;
        if (peek() == '-') {
            pos++;
        }
        if (!isDigit(peek())) {
            throw error("expected a digit");
        }
        if (peek() == '0') {
            pos++;
            if (isDigit(peek())) {
                throw error("leading zero in a number");
            }
        }
        while (isDigit(peek())) {
            pos++;
        }
        if (peek() == '.') {
            decimal = true;
            pos++;
            if (!isDigit(peek())) {
                throw error("expected a digit after '.'");
            }
            while (isDigit(peek())) {
                pos++;
            }
        }
        if (peek() == 'e' || peek() == 'E') {
            decimal = true;
            pos++;
            if (peek() == '+' || peek() == '-') {
                pos++;
            }
            if (!isDigit(peek())) {
                throw error("expected a digit in the exponent");
            }
            while (isDigit(peek())) {
                pos++;
            }
        }
        String number = text.substring(start, pos);
        if (decimal) {
            return new BigDecimal(number);
        }
        if (number.length() <= 18) {
            return Long.parseLong(number);
        }
        BigInteger big = new BigInteger(number);
        return big.bitLength() < 64 ? (Object) big.longValue() : big;
    }

    private void expectWord(String word) {
        if (!text.startsWith(word, pos)) {
            throw error("unexpected '" + text.charAt(pos) + "'");
        }
        pos += word.length();
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private void skipWhitespace() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            pos++;
        }
    }

    private JsonException error(String what) {
        if (pos >= text.length()) {
            return new JsonException("malformed JSON at offset " + pos + " (end of text): " + what);
        }
        return new JsonException("malformed JSON at offset " + pos + ": " + what);
    }
}
