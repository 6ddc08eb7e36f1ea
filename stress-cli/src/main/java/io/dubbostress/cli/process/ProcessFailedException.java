package io.dubbostress.cli.process;

/** A process the stress command depends on did not start or did not answer in time; the message says which. */
public class ProcessFailedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ProcessFailedException(String message) {
        super(message);
    }
}
