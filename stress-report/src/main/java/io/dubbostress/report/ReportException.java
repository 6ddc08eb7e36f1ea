package io.dubbostress.report;

/**
 * A report cannot be made from what it was given (a missing or malformed file, a bad value), or cannot be written:
 * the message names what and where, and is all a caller needs to show. The report library's own error; a command line
 * over it decides what it means to its user (stress-cli: exit code 2 for bad input, 1 when the report could not be
 * written).
 *
 * <pre>{@code
 * try {
 *     Report report = new ReportBuilder().build(inputs);
 * } catch (ReportException e) {
 *     System.err.println("report: " + e.getMessage() + (e.isOutputFailure() ? " (nothing wrong with the input)" : ""));
 * }
 * }</pre>
 */
public class ReportException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final boolean outputFailure;

    /** What was given cannot be read or makes no sense. */
    public ReportException(String message) {
        this(message, null, false);
    }

    public ReportException(String message, Throwable cause) {
        this(message, cause, false);
    }

    private ReportException(String message, Throwable cause, boolean outputFailure) {
        super(message, cause);
        this.outputFailure = outputFailure;
    }

    /** The report's own files could not be written (a full disk, a folder it may not write): not the input's fault. */
    public static ReportException cannotWrite(String message, Throwable cause) {
        return new ReportException(message, cause, true);
    }

    /** Whether writing the report failed, rather than reading what it was given. */
    public boolean isOutputFailure() {
        return outputFailure;
    }
}
