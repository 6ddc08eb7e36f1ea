package io.dubbostress.sampler.failure;

/**
 * Bad input in a sampler field (malformed JSON, unknown class, types and values that do not match, ...): the sample
 * fails with response code {@code CONFIG} and this message, which names the field and the value.
 */
public final class ConfigurationException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public ConfigurationException(String message) {
        super(message);
    }

    public ConfigurationException(String message, Throwable cause) {
        super(message, cause);
    }
}
