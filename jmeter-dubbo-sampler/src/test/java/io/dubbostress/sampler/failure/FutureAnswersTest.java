package io.dubbostress.sampler.failure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A provider that sent its CompletableFuture instead of the value (Dubbo 2.6): the generic answer (the future's
 * bean properties, as OutsideProvidersIT received them) and the typed one (hessian's refusal) both become the one
 * PROVIDER_ERROR line; other maps with a "class" pass.
 */
class FutureAnswersTest {

    @Test
    void aGeneralisedFutureIsNoAnswer() {
        Map<String, Object> future = new LinkedHashMap<>();
        future.put("numberOfDependents", 0);
        future.put("cancelled", false);
        future.put("completedExceptionally", false);
        future.put("class", "java.util.concurrent.CompletableFuture");
        future.put("done", false);
        assertThatThrownBy(() -> FutureAnswers.check(future)).isInstanceOf(UnusableAnswerException.class)
                .hasMessage(FutureAnswers.NOT_AWAITED);
        assertThat(Failure.of(new UnusableAnswerException(FutureAnswers.NOT_AWAITED)).code())
                .isEqualTo("PROVIDER_ERROR");
        assertThatThrownBy(() -> FutureAnswers.check(Collections.singletonMap("class",
                "java.util.concurrent.FutureTask"))).isInstanceOf(UnusableAnswerException.class);
    }

    @Test
    void otherAnswersPass() {
        for (Object answer : new Object[] {null, "java.util.concurrent.CompletableFuture",
            Collections.singletonMap("class", "java.util.concurrent.ConcurrentHashMap"),
            Collections.singletonMap("class", "io.x.Order"), Collections.singletonMap("class", 7),
            Collections.singletonMap("kind", "java.util.concurrent.CompletableFuture")}) {
            assertThatCode(() -> FutureAnswers.check(answer)).as(String.valueOf(answer)).doesNotThrowAnyException();
        }
    }

    @Test
    void hessiansRefusalToWriteAFutureIsRecognised() {
        assertThat(FutureAnswers.isUnserializableFuture("Failed to send response: Response [id=80, version=2.0.2,"
                + " status=20, event=false, error=null, result=RpcResult [result=java.util.concurrent"
                + ".CompletableFuture@1ab51bdd[Not completed], exception=null]], cause: java.lang.IllegalStateException:"
                + " Serialized class java.util.concurrent.CompletableFuture must implement java.io.Serializable"))
                .isTrue();
        assertThat(FutureAnswers.isUnserializableFuture("Serialized class io.x.Order must implement"
                + " java.io.Serializable")).isFalse();
        assertThat(FutureAnswers.isUnserializableFuture(null)).isFalse();
    }
}
