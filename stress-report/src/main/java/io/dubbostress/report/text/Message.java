package io.dubbostress.report.text;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A sentence the report says about what it read (a warning, why a scenario failed, a note), kept as its {@link
 * ReportText} key and its arguments, so that each page says it in its own language while report.json keeps the English
 * ({@link #english()}). An argument is a text shown as it is (a name, a path, a number already formatted) or another
 * message, said in the same language. Text from outside the report (an exception's message, a line run.json holds,
 * the GC analysis's own words) is a {@link #verbatim} message: the same in every language.
 *
 * <pre>{@code
 * Message m = Message.of("warning.readOnce", path);
 * m.english();                                      // "results.jtl was given twice: it is read once"
 * m.in(ReportText.forLanguage("zh-CN"));            // the Chinese of the same
 * }</pre>
 */
public final class Message {

    /** The key of a text said as it is in every language. */
    public static final String VERBATIM = "verbatim";

    private final String key;
    private final List<Object> arguments;

    private Message(String key, List<Object> arguments) {
        this.key = key;
        this.arguments = arguments;
    }

    /** The message {@code key}; each argument a {@link String} (as shown) or a {@link Message}. */
    public static Message of(String key, Object... arguments) {
        List<Object> list = new ArrayList<>(arguments.length);
        for (Object argument : arguments) {
            list.add(argument instanceof Message ? argument : String.valueOf(argument));
        }
        return new Message(key, Collections.unmodifiableList(list));
    }

    /** A text from outside the report, shown as it is whatever the language. */
    public static Message verbatim(String text) {
        return of(VERBATIM, text);
    }

    /** The key of items said one after the other: args[0] the separator as it is, then the items. */
    private static final String JOINED = "\u0000joined";
    /** The key of a list: args[0] and args[1] the keys of its separator and its last one, then the items. */
    private static final String LIST = "\u0000list";

    /** The items said one after the other, {@code separator} (the same in every language) between them. */
    public static Message joined(String separator, List<Message> items) {
        List<Object> list = new ArrayList<>(items.size() + 1);
        list.add(separator);
        list.addAll(items);
        return new Message(JOINED, Collections.unmodifiableList(list));
    }

    /** "a, b and c": the items with the language's separators, {@code separatorKey} and {@code lastKey}. */
    public static Message list(String separatorKey, String lastKey, List<Message> items) {
        List<Object> list = new ArrayList<>(items.size() + 2);
        list.add(separatorKey);
        list.add(lastKey);
        list.addAll(items);
        return new Message(LIST, Collections.unmodifiableList(list));
    }

    public String key() {
        return key;
    }

    /** The message in {@code text}'s language, its message arguments in the same. */
    public String in(ReportText text) {
        if (key.equals(JOINED) || key.equals(LIST)) {
            int first = key.equals(JOINED) ? 1 : 2;
            String separator = key.equals(JOINED) ? (String) arguments.get(0) : text.get((String) arguments.get(0));
            String last = key.equals(JOINED) ? separator : text.get((String) arguments.get(1));
            StringBuilder out = new StringBuilder();
            for (int i = first; i < arguments.size(); i++) {
                if (i > first) {
                    out.append(i == arguments.size() - 1 ? last : separator);
                }
                out.append(((Message) arguments.get(i)).in(text));
            }
            return out.toString();
        }
        Object[] said = new Object[arguments.size()];
        for (int i = 0; i < said.length; i++) {
            Object argument = arguments.get(i);
            said[i] = argument instanceof Message ? ((Message) argument).in(text) : argument;
        }
        return text.get(key, said);
    }

    /** In English: what report.json, compare.json and the library's callers get. */
    public String english() {
        return in(ReportText.english());
    }

    /** {@link #english()}. */
    @Override
    public String toString() {
        return english();
    }

    /** The messages in English. */
    public static List<String> english(List<Message> messages) {
        List<String> out = new ArrayList<>(messages.size());
        messages.forEach(m -> out.add(m.english()));
        return out;
    }
}
