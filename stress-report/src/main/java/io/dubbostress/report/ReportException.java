package io.dubbostress.report;

/**
 * Something the user gave was wrong (a missing file, a bad value): the message names what and where, and is all
 * that is printed. Exit code 2 by default, as for a bad flag.
 */
public class UserError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int exitCode;

    public UserError(String message) {
        this(message, 2);
    }

    public UserError(String message, int exitCode) {
        super(message);
        this.exitCode = exitCode;
    }

    public UserError(String message, Throwable cause) {
        super(message, cause);
        this.exitCode = 2;
    }

    public int exitCode() {
        return exitCode;
    }
}
