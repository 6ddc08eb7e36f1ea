package io.dubbostress.api;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Deterministic test payloads, built once per size and shared: the same size gives the same characters in every JVM,
 * so a provider, a consumer and a sampler can each build "the 1 KiB payload" and compare echoes.
 *
 * <pre>{@code
 * String oneKiB = Payloads.ofSize(Payloads.ONE_KIB);          // 1024 printable ASCII chars = 1024 UTF-8 bytes
 * String hundredKiB = Payloads.ofSize(Payloads.HUNDRED_KIB);  // 102400
 * }</pre>
 */
public final class Payloads {

    /** 1 KiB = 1024 bytes, the reference harness's small payload. */
    public static final int ONE_KIB = 1024;
    /** 100 KiB = 102400 bytes, the reference harness's large payload. */
    public static final int HUNDRED_KIB = 100 * 1024;
    /** The largest payload this class builds: 8 MiB, Dubbo's default {@code payload} limit. */
    public static final int MAX_SIZE_BYTES = 8 * 1024 * 1024;

    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final ConcurrentMap<Integer, String> CACHE = new ConcurrentHashMap<>();

    private Payloads() {
    }

    /**
     * A string of {@code sizeBytes} ASCII letters and digits (so its UTF-8 encoding is exactly {@code sizeBytes}
     * long), from a fixed-seed generator: not a repeating pattern, and identical in every JVM. Cached per size.
     *
     * @throws IllegalArgumentException if {@code sizeBytes} is negative or above {@link #MAX_SIZE_BYTES}
     */
    public static String ofSize(int sizeBytes) {
        if (sizeBytes < 0 || sizeBytes > MAX_SIZE_BYTES) {
            throw new IllegalArgumentException("payload size must be 0.." + MAX_SIZE_BYTES + " bytes, was " + sizeBytes);
        }
        return CACHE.computeIfAbsent(sizeBytes, Payloads::build);
    }

    private static String build(int sizeBytes) {
        char[] chars = new char[sizeBytes];
        long state = 0x5DEECE66DL; // fixed seed: same payload everywhere
        for (int i = 0; i < sizeBytes; i++) {
            state = state * 6364136223846793005L + 1442695040888963407L; // 64-bit LCG (Knuth's MMIX constants)
            chars[i] = ALPHABET.charAt((int) ((state >>> 33) % ALPHABET.length()));
        }
        return new String(chars);
    }

    /**
     * A deterministic {@link Order} with {@code lineCount} lines, for the object-graph call. Equal arguments give
     * equal orders.
     */
    public static Order order(long id, int lineCount) {
        if (lineCount < 0) {
            throw new IllegalArgumentException("lineCount must be >= 0, was " + lineCount);
        }
        List<OrderLine> lines = new ArrayList<>(lineCount);
        BigDecimal total = BigDecimal.ZERO;
        for (int i = 0; i < lineCount; i++) {
            BigDecimal unitPrice = new BigDecimal("19.99").add(BigDecimal.valueOf(i, 2));
            int quantity = 1 + i % 5;
            lines.add(new OrderLine("SKU-" + id + "-" + i, quantity, unitPrice));
            total = total.add(unitPrice.multiply(BigDecimal.valueOf(quantity)));
        }
        Order order = new Order();
        order.setId(id);
        order.setPriority((int) (id % 10));
        order.setCustomer("customer-" + id);
        order.setTotal(total);
        order.setLines(lines);
        order.setCreatedAt(LocalDateTime.of(2024, 1, 1, 12, 0).plusSeconds(id));
        return order;
    }
}
