package io.dubbostress.outside.api;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A service shaped like the ones users test (no relation to this project's own contract): scalars, exact decimals,
 * java.time, enums, nested POJOs without no-argument constructors, {@code Map<String, Object>}, arrays, JDK
 * immutable collections as results, overloads, null and void, checked and unchecked exceptions, and
 * {@code CompletableFuture} methods that answer late, time out or fail, and an echo of the call's attachments.
 */
public interface ShopService {

    String hello(String name);

    int add(int a, int b);

    long add(long a, long b);

    String add(String a, String b);

    BigDecimal total(BigDecimal unitPrice, int quantity);

    LocalDateTime shift(LocalDateTime at, Duration by);

    Colour next(Colour colour);

    Order place(Order order);

    Map<String, Object> describe(String sku);

    int[] squares(int n);

    String[] names(int n);

    List<String> immutableList(int n);

    Map<String, Integer> immutableMap(String key, int value);

    List<String> listOf(String a, String b);

    String nothing();

    void touch(String sku);

    String reserve(String sku, int quantity) throws OutOfStockException;

    String broken(String reason);

    String slow(int delayMs);

    CompletableFuture<String> later(String value, int delayMs);

    CompletableFuture<String> failLater(String reason, int delayMs);

    /**
     * The attachments this call carried, as the provider's Dubbo handed them over: for each of the comma-separated
     * {@code names}, {@code name=<Java class> <value>} (nested values with their classes too, map entries sorted) and
     * what the String accessor {@code RpcContext.getAttachment(name)} answers, or {@code name absent}; joined by
     * {@code "; "}. E.g. {@code n=java.lang.Long 42 getAttachment=null; s=java.lang.String "x" getAttachment="x"}.
     */
    String attachments(String names);
}
