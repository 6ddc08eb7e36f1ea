package io.dubbostress.sampler.sampler;

import io.dubbostress.sampler.failure.ConfigurationException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The sampler's fields as one sample sees them (its own, else the Dubbo Defaults' in scope: {@link DubboSampler#field}),
 * read once: every {@link Call} builds its plan from this snapshot, never from the element again (the IDL call of
 * jmeter-dubbo3-sampler too, from another package), and the sampler compares the fields that hold a variable with it to
 * know whether a sample needs a new plan.
 *
 * <pre>{@code
 * SamplerFields fields = SamplerFields.read(sampler);
 * int timeoutMs = fields.number(DubboSampler.TIMEOUT, DubboSampler.TIMEOUT_DEFAULT, 1);
 * boolean echo = fields.echoCheck();
 * }</pre>
 */
public final class SamplerFields {

    /** Where each key's text is kept: its index in {@link DubboSampler#KEYS}. */
    private static final Map<String, Integer> INDEX = new HashMap<>();

    static {
        for (int i = 0; i < DubboSampler.KEYS.length; i++) {
            INDEX.put(DubboSampler.KEYS[i], i);
        }
    }

    /** The field texts, by index in {@link DubboSampler#KEYS}; "" where unset. */
    private final String[] texts;

    private SamplerFields(String[] texts) {
        this.texts = texts;
    }

    /** Every field of {@code sampler} as this sample sees it. */
    public static SamplerFields read(DubboSampler sampler) {
        String[] texts = new String[DubboSampler.KEYS.length];
        for (int i = 0; i < texts.length; i++) {
            texts[i] = sampler.fieldText(DubboSampler.KEYS[i]);
        }
        return new SamplerFields(texts);
    }

    /**
     * Whether the fields at these indexes (into {@link DubboSampler#KEYS}) still read as this snapshot: the only ones
     * that can change during a test are the ones holding a variable or function.
     */
    boolean unchanged(DubboSampler sampler, int[] indexes) {
        for (int k : indexes) {
            String now = sampler.fieldText(DubboSampler.KEYS[k]);
            if (now != texts[k] && !now.equals(texts[k])) {
                return false;
            }
        }
        return true;
    }

    /** The field as written ("" when unset). */
    public String raw(String key) {
        Integer i = INDEX.get(key);
        if (i == null) {
            throw new IllegalArgumentException("not a DubboSampler key: " + key);
        }
        return texts[i];
    }

    /** The field as trimmed text, or its default when empty. */
    public String text(String key, String defaultValue) {
        String value = raw(key).trim();
        return value.isEmpty() ? defaultValue : value;
    }

    /** A whole-number field; a bad value is a {@link ConfigurationException} naming the key and the value. */
    public int number(String key, int defaultValue, int min) {
        String value = raw(key).trim();
        if (value.isEmpty()) {
            return defaultValue;
        }
        int n;
        try {
            n = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new ConfigurationException(key + ": '" + value + "' is not a whole number");
        }
        if (n < min) {
            throw new ConfigurationException(key + ": " + n + " is below the minimum " + min);
        }
        return n;
    }

    /** The address field, trimmed ("" when unset): which call it names is {@link Calls}' choice. */
    public String address() {
        return text(DubboSampler.ADDRESS, DubboSampler.ADDRESS_DEFAULT);
    }

    /** The call timeout, ms (at least 1). */
    public int timeoutMs() {
        return number(DubboSampler.TIMEOUT, DubboSampler.TIMEOUT_DEFAULT, 1);
    }

    /** Whether the answer is checked ({@link DubboSampler#CHECK_ECHO}) or not ({@link DubboSampler#CHECK_NONE}). */
    public boolean echoCheck() {
        String check = text(DubboSampler.RESPONSE_CHECK, DubboSampler.RESPONSE_CHECK_DEFAULT).toLowerCase(Locale.ROOT);
        if (!DubboSampler.CHECK_NONE.equals(check) && !DubboSampler.CHECK_ECHO.equals(check)) {
            throw new ConfigurationException(DubboSampler.RESPONSE_CHECK + ": '" + check + "' is not one of "
                    + DubboSampler.CHECK_NONE + ", " + DubboSampler.CHECK_ECHO);
        }
        return DubboSampler.CHECK_ECHO.equals(check);
    }

    /**
     * How the call is made: {@link DubboSampler#INVOCATION_GENERIC}, {@link DubboSampler#INVOCATION_TYPED} or
     * {@link DubboSampler#INVOCATION_IDL}; anything else is a {@link ConfigurationException} naming the three.
     */
    public String invocation() {
        String invocation = text(DubboSampler.INVOCATION, DubboSampler.INVOCATION_DEFAULT).toLowerCase(Locale.ROOT);
        if (!DubboSampler.INVOCATION_GENERIC.equals(invocation) && !DubboSampler.INVOCATION_TYPED.equals(invocation)
                && !DubboSampler.INVOCATION_IDL.equals(invocation)) {
            throw new ConfigurationException(DubboSampler.INVOCATION + ": '" + invocation + "' is not one of "
                    + DubboSampler.INVOCATION_GENERIC + ", " + DubboSampler.INVOCATION_TYPED + ", "
                    + DubboSampler.INVOCATION_IDL);
        }
        return invocation;
    }

    /** Whether the fields name a protobuf IDL call: invocation {@code idl}, or a {@code grpc://} address. */
    public boolean namesIdl() {
        String address = address();
        return DubboSampler.INVOCATION_IDL.equals(invocation()) || address.regionMatches(true, 0, "grpc://", 0, 7)
                || address.regionMatches(true, 0, "grpcs://", 0, 8);
    }

    /** Characters of the response kept as response data: 0 none, -1 all. */
    public int responseDataChars() {
        return number(DubboSampler.RESPONSE_DATA_CHARS, DubboSampler.RESPONSE_DATA_CHARS_DEFAULT, -1);
    }
}
