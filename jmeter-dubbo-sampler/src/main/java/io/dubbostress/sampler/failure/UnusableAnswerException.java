package io.dubbostress.sampler.failure;

/**
 * The provider answered, and the answer is not the method's value: a {@code PROVIDER_ERROR} sample (never a success
 * with a wrong value). Thrown by the sampler itself after looking at the answer ({@link FutureAnswers}).
 */
public final class UnusableAnswerException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public UnusableAnswerException(String message) {
        super(message);
    }
}
