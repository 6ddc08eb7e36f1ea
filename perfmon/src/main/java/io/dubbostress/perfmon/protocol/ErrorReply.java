package io.dubbostress.perfmon.protocol;

/**
 * The one-line answer to a command the agent refuses: {@code ERROR <command>: <reason>\n}. The classic agent answers
 * nothing at all (it only logs); a client that reads metric lines (JMeter's collector) sees this line as a value it
 * cannot parse and records it as an error sample with the text, which is the point. Client text quoted back is
 * shortened and stripped of control characters, so a reply is always one line without TABs.
 */
public final class ErrorReply {

    public static final String PREFIX = "ERROR ";

    private static final int EXCERPT_LENGTH = 80;

    private ErrorReply() {
    }

    /** {@code ERROR <command>: <reason>} with its newline. */
    public static String of(String command, String reason) {
        String name = command == null || command.isEmpty() ? "" : clean(command) + ": ";
        return PREFIX + name + clean(reason) + "\n";
    }

    /** Client text fit to quote in a reply: printable, at most 80 characters. */
    public static String excerpt(String text) {
        String cleaned = clean(text);
        return cleaned.length() <= EXCERPT_LENGTH ? cleaned : cleaned.substring(0, EXCERPT_LENGTH) + "...";
    }

    private static String clean(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            out.append(c < 0x20 || c == 0x7f ? ' ' : c);
        }
        return out.toString();
    }
}
