package io.dubbostress.gc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The GCeasy API key, kept out of every message: {@link #toString()} is {@value #MASK}, and {@link #redact(String)}
 * removes the key (and its URL-encoded form) from any text that might carry it, such as a server's error answer.
 * Read from {@code --gceasy-key-file} or the {@code GCEASY_API_KEY} environment variable; the file wins.
 */
public final class ApiKey {

    public static final String ENV = "GCEASY_API_KEY";
    static final String MASK = "***";

    private final String value;

    private ApiKey(String value) {
        this.value = value;
    }

    /** The key from the file (when given) or the environment; null when neither has one. */
    public static ApiKey resolve(Path keyFile, Map<String, String> env) {
        if (keyFile != null) {
            String text;
            try {
                text = new String(Files.readAllBytes(keyFile), StandardCharsets.UTF_8).trim();
            } catch (NoSuchFileException e) {
                throw new GcException("--gceasy-key-file " + keyFile + " does not exist");
            } catch (IOException e) {
                throw new GcException("--gceasy-key-file " + keyFile + " cannot be read (" + e.getClass().getSimpleName()
                        + ")");
            }
            if (text.isEmpty() || text.contains("\n")) {
                throw new GcException("--gceasy-key-file " + keyFile + " must hold the API key alone on one line");
            }
            return new ApiKey(text);
        }
        String fromEnv = env.get(ENV);
        return fromEnv == null || fromEnv.trim().isEmpty() ? null : new ApiKey(fromEnv.trim());
    }

    /** For tests and embedding: a key given directly. */
    public static ApiKey of(String value) {
        if (value == null || value.trim().isEmpty()) {
            throw new IllegalArgumentException("empty API key");
        }
        return new ApiKey(value.trim());
    }

    /** The key itself: only for building the request. */
    String value() {
        return value;
    }

    /** {@code text} with every occurrence of the key replaced by {@value #MASK}. */
    public String redact(String text) {
        if (text == null) {
            return "";
        }
        String encoded = java.net.URLEncoder.encode(value, StandardCharsets.UTF_8);
        String result = text.replace(value, MASK);
        return encoded.equals(value) ? result : result.replace(encoded, MASK);
    }

    @Override
    public String toString() {
        return MASK;
    }
}
