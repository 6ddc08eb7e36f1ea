package io.dubbostress.consumer;

import org.apache.dubbo.rpc.RpcException;

/**
 * The small JSON bodies the controller answers with, built by hand (no per-request object mapping): {@code
 * {"ok":true,"size":1024}} or {@code {"ok":false,"size":1024,"error":"TIMEOUT: ..."}}.
 */
final class EchoResult {

    private static final int MAX_REASON_CHARS = 300;

    private EchoResult() {
    }

    static String ok(int size) {
        return "{\"ok\":true,\"size\":" + size + "}";
    }

    static String failed(int size, String reason) {
        return "{\"ok\":false,\"size\":" + size + ",\"error\":\"" + jsonEscape(oneLine(reason)) + "\"}";
    }

    static String badRequest(String reason) {
        return "{\"ok\":false,\"error\":\"" + jsonEscape(oneLine(reason)) + "\"}";
    }

    /** "TIMEOUT: first line of the message", naming Dubbo's error kind. */
    static String describe(Throwable error) {
        String kind = "ERROR";
        if (error instanceof RpcException) {
            RpcException rpc = (RpcException) error;
            if (rpc.isTimeout()) {
                kind = "TIMEOUT";
            } else if (rpc.isNetwork()) {
                kind = "NETWORK";
            } else if (rpc.isSerialization()) {
                kind = "SERIALIZATION";
            } else if (rpc.isForbidden()) {
                kind = "FORBIDDEN";
            } else if (rpc.isNoInvokerAvailableAfterFilter() || String.valueOf(rpc.getMessage())
                    .contains("No provider available")) {
                kind = "NO_PROVIDER";
            } else if (rpc.isLimitExceed()) {
                kind = "LIMIT_EXCEEDED";
            } else if (rpc.isBiz()) {
                kind = "BIZ";
            } else {
                kind = "RPC";
            }
        }
        String message = error.getMessage() == null ? error.getClass().getName() : error.getMessage();
        return kind + ": " + message;
    }

    /**
     * One line of at most {@value #MAX_REASON_CHARS} characters: URL parameters left out (Dubbo quotes whole provider
     * URLs, 300+ characters of them), and a longer text keeps its start and its end, where Dubbo puts the cause
     * ({@code ... error message is:Connection refused: /127.0.0.1:20880}).
     */
    static String oneLine(String text) {
        String line = text == null ? "" : URL_QUERY.matcher(text.replace('\r', ' ').replace('\n', ' ')
                .replace('\t', ' ')).replaceAll("$1");
        if (line.length() <= MAX_REASON_CHARS) {
            return line;
        }
        int tail = MAX_REASON_CHARS / 2;
        return line.substring(0, MAX_REASON_CHARS - tail - 5) + " ... " + line.substring(line.length() - tail);
    }

    /** A URL's query, up to the next space or comma-space: {@code dubbo://h:1/x?a=1&b=2} -> {@code dubbo://h:1/x}. */
    private static final java.util.regex.Pattern URL_QUERY = java.util.regex.Pattern.compile(
            "\\b([a-z][a-z0-9+.-]*://[^\\s?]+)\\?\\S*?(?=,\\s|\\s|,?$)");

    private static String jsonEscape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
