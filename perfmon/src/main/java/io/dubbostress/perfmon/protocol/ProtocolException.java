package io.dubbostress.perfmon.protocol;

/**
 * What a client sent cannot be done: the message is the reason, in words a user can act on, and becomes the error
 * reply. The connection and the agent carry on.
 */
public class ProtocolException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ProtocolException(String message) {
        super(message);
    }

    public ProtocolException(String message, Throwable cause) {
        super(message, cause);
    }
}
