package io.dubbostress.cli.profile;

/** A profiler could not start or stop in a JVM; the message says why, as a user can read it. */
public final class ProfilerException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ProfilerException(String message) {
        super(message);
    }

    public ProfilerException(String message, Throwable cause) {
        super(message, cause);
    }
}
