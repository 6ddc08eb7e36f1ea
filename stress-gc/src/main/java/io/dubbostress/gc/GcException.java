package io.dubbostress.gc;

/**
 * A GC analysis cannot be made from what it was given (a missing, unreadable or foreign log, an archive, a GCeasy key
 * file that is not one, a saved answer that is not JSON): the message names what and where, and is all a caller needs
 * to show. The GC library's own error, as {@code GcException} is the report's; a command line over it decides what
 * it means to its user (stress-cli: exit code 2, the user's input to fix).
 *
 * <pre>{@code
 * try {
 *     GcAnalysis analysis = new GcLogAnalyzer().analyze(Paths.get("gc.log"));
 * } catch (GcException e) {
 *     System.err.println("stress gc: " + e.getMessage());
 * }
 * }</pre>
 */
public class GcException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** What was given cannot be read or makes no sense. */
    public GcException(String message) {
        super(message);
    }

    public GcException(String message, Throwable cause) {
        super(message, cause);
    }
}
