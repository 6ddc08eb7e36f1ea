package io.dubbostress.api;

/**
 * The contract every plan measures: the provider does a fixed amount of CPU work per call (the reference harness's
 * 10,000 random additions, configurable) and returns what it was given, so the caller can check the echo.
 *
 * <pre>{@code
 * String payload = Payloads.ofSize(Payloads.ONE_KIB);
 * String echoed = service.echo(payload);   // echoed.equals(payload)
 * }</pre>
 */
public interface StressTestService {

    /** Does the per-call CPU work and returns {@code payload} unchanged. */
    String echo(String payload);

    /**
     * Does the per-call CPU work and returns {@code order} unchanged (as hessian2 deserialised it): measures an
     * object graph (longs, ints, strings, {@link java.math.BigDecimal}, a list, a {@code java.time} value), not only
     * a string.
     */
    Order echoOrder(Order order);
}
