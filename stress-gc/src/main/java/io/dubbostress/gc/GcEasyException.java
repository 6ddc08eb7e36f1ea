package io.dubbostress.gc;

/**
 * GCeasy did not give an analysis: a refused key ({@code fault}), an HTTP error, a timeout, or an answer that is not
 * JSON. The message is one line for the user and never holds the API key (it is built from redacted text only, and
 * no cause is attached, since a cause's message could quote the request URL).
 */
public final class GcEasyException extends Exception {

    private static final long serialVersionUID = 1L;

    public GcEasyException(String message) {
        super(message, null, false, false);
    }
}
