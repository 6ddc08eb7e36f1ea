package io.dubbostress.sampler.failure;

import java.util.Map;
import java.util.concurrent.Future;
import java.util.regex.Pattern;

/**
 * A method returning {@code CompletableFuture}, served by a provider that does not wait for futures (Dubbo 2.6 and
 * older: asynchronous service methods came with Dubbo 2.7.0). Such a provider tries to send the future object itself:
 * a typed call's answer fails to serialise ({@code Serialized class java.util.concurrent.CompletableFuture must
 * implement java.io.Serializable}, with the future's identity hash in Dubbo's text), and a generic call's answer is the
 * future's bean properties as a map ({@code {"class": "java.util.concurrent.CompletableFuture", "done": false, ...}}),
 * which would otherwise be a success with a wrong value. Both become one stable {@code PROVIDER_ERROR} message.
 *
 * <pre>{@code
 * FutureAnswers.check(genericResult);   // throws UnusableAnswerException for a generalised future
 * }</pre>
 */
public final class FutureAnswers {

    /** The message of both failures. */
    static final String NOT_AWAITED = "the provider sent the CompletableFuture object instead of its value: a"
            + " provider on Dubbo 2.6 or older cannot serve a method returning CompletableFuture (Dubbo 2.7.0+"
            + " waits for the future and sends its value)";

    private static final Pattern UNSERIALIZABLE_FUTURE = Pattern.compile(
            "Serialized class java\\.util\\.concurrent\\.\\w*Future\\w* must implement java\\.io\\.Serializable");

    private FutureAnswers() {
    }

    /** Whether a provider's error text says it could not serialise a future it returned. */
    static boolean isUnserializableFuture(String errorText) {
        return errorText != null && UNSERIALIZABLE_FUTURE.matcher(errorText).find();
    }

    /**
     * Refuses a generic call's answer that is a future's bean properties ({@code PojoUtils.generalize} of a {@code
     * java.util.concurrent} Future: a map whose {@code class} names it).
     *
     * @throws UnusableAnswerException for such an answer
     */
    public static void check(Object genericResult) {
        if (!(genericResult instanceof Map)) {
            return;
        }
        Object type = ((Map<?, ?>) genericResult).get("class");
        if (type instanceof String && ((String) type).startsWith("java.util.concurrent.") && isFuture((String) type)) {
            throw new UnusableAnswerException(NOT_AWAITED);
        }
    }

    private static boolean isFuture(String className) {
        try {
            return Future.class.isAssignableFrom(Class.forName(className, false, Future.class.getClassLoader()));
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
