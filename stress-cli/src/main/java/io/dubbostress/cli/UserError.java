package io.dubbostress.cli;

/**
 * Something the user gave the stress command was wrong (a bad option value, a missing file, a machine that cannot hold
 * the run): the message names what and where, and is all that is printed ({@link ErrorHandler}). Exit code 2 by
 * default, as for a bad flag. The report library throws its own {@link io.dubbostress.report.ReportException}, the GC
 * library its {@link io.dubbostress.gc.GcException}, which the command line treats alike.
 *
 * <pre>{@code
 * throw new UserError("Invalid value for option '--threads': 0 (must be >= 1)");
 * throw new UserError("the run folder " + dir + " cannot be written: " + reason, 1);
 * }</pre>
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
