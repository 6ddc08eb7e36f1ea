package io.dubbostress.cli.json;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;

/**
 * Writes indented JSON (two spaces) into a string, commas and nesting handled:
 *
 * <pre>{@code
 * String json = new JsonWriter().beginObject()
 *         .name("threads").value(20)
 *         .name("scenarios").beginArray().value("direct-1k").value("hop-1k").endArray()
 *         .endObject().toString();
 * }</pre>
 *
 * Non-finite doubles are written as {@code null} (JSON has no NaN).
 */
public final class JsonWriter {

    private final StringBuilder out = new StringBuilder(256);
    /** Per open container: whether it already has an element (a comma goes before the next). */
    private final Deque<boolean[]> stack = new ArrayDeque<>();
    private boolean afterName;

    public JsonWriter beginObject() {
        beforeValue();
        out.append('{');
        stack.push(new boolean[] {false});
        return this;
    }

    public JsonWriter endObject() {
        return close('}');
    }

    public JsonWriter beginArray() {
        beforeValue();
        out.append('[');
        stack.push(new boolean[] {false});
        return this;
    }

    public JsonWriter endArray() {
        return close(']');
    }

    public JsonWriter name(String name) {
        beforeElement();
        string(name);
        out.append(": ");
        afterName = true;
        return this;
    }

    public JsonWriter value(String value) {
        beforeValue();
        if (value == null) {
            out.append("null");
        } else {
            string(value);
        }
        return this;
    }

    public JsonWriter value(long value) {
        beforeValue();
        out.append(value);
        return this;
    }

    public JsonWriter value(double value) {
        beforeValue();
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            out.append("null");
        } else if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            out.append((long) value);
        } else {
            out.append(value);
        }
        return this;
    }

    public JsonWriter value(boolean value) {
        beforeValue();
        out.append(value);
        return this;
    }

    public JsonWriter nullValue() {
        beforeValue();
        out.append("null");
        return this;
    }

    /** A flat object of string values. */
    public JsonWriter value(Map<String, String> map) {
        beginObject();
        for (Map.Entry<String, String> e : map.entrySet()) {
            name(e.getKey()).value(e.getValue());
        }
        return endObject();
    }

    private JsonWriter close(char bracket) {
        boolean[] container = stack.pop();
        if (container[0]) {
            newline();
        }
        out.append(bracket);
        return this;
    }

    private void beforeValue() {
        if (afterName) {
            afterName = false;
            return;
        }
        beforeElement();
    }

    private void beforeElement() {
        if (stack.isEmpty()) {
            return;
        }
        boolean[] container = stack.peek();
        if (container[0]) {
            out.append(',');
        }
        container[0] = true;
        newline();
    }

    private void newline() {
        out.append('\n');
        for (int i = 0; i < stack.size(); i++) {
            out.append("  ");
        }
    }

    private void string(String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    out.append("\\\"");
                    break;
                case '\\':
                    out.append("\\\\");
                    break;
                case '\n':
                    out.append("\\n");
                    break;
                case '\r':
                    out.append("\\r");
                    break;
                case '\t':
                    out.append("\\t");
                    break;
                default:
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
