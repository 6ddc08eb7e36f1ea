package io.dubbostress.sampler.failure;

/**
 * A provider's exception this JVM could not rebuild as its own class (no constructor that keeps its message): its
 * class name and message, as they arrived. {@link Failure#biz} reports the original class name.
 */
public final class ProviderException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String className;

    public ProviderException(String className, String message, Throwable cause) {
        super(message, cause);
        this.className = className;
    }

    /** The provider's exception class. */
    public String className() {
        return className;
    }

    @Override
    public String toString() {
        return className + ": " + getMessage();
    }
}
