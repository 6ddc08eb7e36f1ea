package io.dubbostress.outside.provider;

import io.dubbostress.outside.api.Colour;
import io.dubbostress.outside.api.Order;
import io.dubbostress.outside.api.OrderLine;
import io.dubbostress.outside.api.OutOfStockException;
import io.dubbostress.outside.api.ShopService;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** The outside provider's shop: answers are a function of the arguments, so a test knows each one exactly. */
public final class Shop implements ShopService {

    private static final ScheduledExecutorService LATER = Executors.newScheduledThreadPool(2, r -> {
        Thread t = new Thread(r, "shop-later");
        t.setDaemon(true);
        return t;
    });

    private final String name;

    public Shop(String name) {
        this.name = name;
    }

    @Override
    public String hello(String who) {
        return "hello " + who + " from " + name;
    }

    @Override
    public int add(int a, int b) {
        return a + b;
    }

    @Override
    public long add(long a, long b) {
        return a + b + 1_000_000_000_000L; // tells the overloads apart
    }

    @Override
    public String add(String a, String b) {
        return a + b;
    }

    @Override
    public BigDecimal total(BigDecimal unitPrice, int quantity) {
        return unitPrice.multiply(BigDecimal.valueOf(quantity));
    }

    @Override
    public LocalDateTime shift(LocalDateTime at, Duration by) {
        return at.plus(by);
    }

    @Override
    public Colour next(Colour colour) {
        return Colour.values()[(colour.ordinal() + 1) % Colour.values().length];
    }

    @Override
    public Order place(Order order) {
        BigDecimal total = BigDecimal.ZERO;
        List<OrderLine> lines = new ArrayList<>();
        for (OrderLine line : order.getLines()) {
            total = total.add(line.getUnitPrice().multiply(BigDecimal.valueOf(line.getQuantity())));
            lines.add(line);
        }
        return new Order(order.getId() + "-placed", order.getColour(), lines, total,
                order.getCreatedAt().plusHours(1));
    }

    @Override
    public Map<String, Object> describe(String sku) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("sku", sku);
        map.put("stock", 7);
        map.put("price", new BigDecimal("19.90"));
        map.put("tags", new ArrayList<>(java.util.Arrays.asList("a", "b")));
        return map;
    }

    @Override
    public int[] squares(int n) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = (i + 1) * (i + 1);
        }
        return out;
    }

    @Override
    public String[] names(int n) {
        String[] out = new String[n];
        for (int i = 0; i < n; i++) {
            out[i] = "n" + (i + 1);
        }
        return out;
    }

    @Override
    public List<String> immutableList(int n) {
        List<String> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add("i" + (i + 1));
        }
        return Collections.unmodifiableList(list); // and List.of on 9+, below
    }

    @Override
    public Map<String, Integer> immutableMap(String key, int value) {
        return JdkCollections.mapOf(key, value, "other", value + 1);
    }

    @Override
    public List<String> listOf(String a, String b) {
        return JdkCollections.listOf(a, b);
    }

    @Override
    public String nothing() {
        return null;
    }

    @Override
    public void touch(String sku) {
        // nothing to answer
    }

    @Override
    public String reserve(String sku, int quantity) throws OutOfStockException {
        if (quantity > 5) {
            throw new OutOfStockException(sku, "only 5 of " + sku + " left, " + quantity + " asked");
        }
        return "reserved " + quantity + " x " + sku;
    }

    @Override
    public String broken(String reason) {
        throw new IllegalStateException("broken: " + reason);
    }

    @Override
    public String slow(int delayMs) {
        sleep(delayMs);
        return "slept " + delayMs;
    }

    @Override
    public CompletableFuture<String> later(String value, int delayMs) {
        CompletableFuture<String> future = new CompletableFuture<>();
        LATER.schedule(() -> future.complete(value + " after " + delayMs + " ms"), delayMs, TimeUnit.MILLISECONDS);
        return future;
    }

    @Override
    public CompletableFuture<String> failLater(String reason, int delayMs) {
        CompletableFuture<String> future = new CompletableFuture<>();
        LATER.schedule(() -> future.completeExceptionally(new IllegalArgumentException("failed later: " + reason)),
                delayMs, TimeUnit.MILLISECONDS);
        return future;
    }

    @Override
    public String attachments(String names) {
        Map<?, ?> all = ReceivedAttachments.all();
        StringBuilder out = new StringBuilder();
        for (String name : names.split(",")) {
            String key = name.trim();
            if (out.length() > 0) {
                out.append("; ");
            }
            if (all == null || !all.containsKey(key)) {
                out.append(key).append(" absent");
                continue;
            }
            out.append(key).append('=').append(ReceivedAttachments.describe(all.get(key))).append(" getAttachment=");
            try {
                String text = ReceivedAttachments.asString(key);
                out.append(text == null ? "null" : "\"" + text + "\"");
            } catch (ClassCastException e) {
                out.append("ClassCastException");
            }
        }
        return out.toString();
    }

    private static void sleep(int ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
