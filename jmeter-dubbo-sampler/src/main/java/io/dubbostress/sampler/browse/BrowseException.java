package io.dubbostress.sampler.browse;

/** A browse that failed; the message is one line saying what and why, meant for the user. */
public final class BrowseException extends Exception {

    private static final long serialVersionUID = 1L;

    public BrowseException(String message) {
        super(message);
    }

    public BrowseException(String message, Throwable cause) {
        super(message, cause);
    }
}
