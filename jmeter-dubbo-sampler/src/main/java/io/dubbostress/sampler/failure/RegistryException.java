package io.dubbostress.sampler.failure;

/**
 * The registry a reference needs cannot be created: its client is missing, the server refused the credentials or
 * failed its check. Its message says which registry, which address (secrets masked) and why; a sample shows it with
 * the response code {@link Failure#REGISTRY}.
 */
public final class RegistryException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public RegistryException(String message, Throwable cause) {
        super(message, cause);
    }
}
