package io.dubbostress.sampler.json;

/** Text that is not valid JSON; the message names the offset and what was expected. */
public final class JsonException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public JsonException(String message) {
        super(message);
    }
}
