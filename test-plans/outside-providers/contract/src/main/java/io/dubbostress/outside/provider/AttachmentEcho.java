package io.dubbostress.outside.provider;

import io.dubbostress.api.Order;
import io.dubbostress.api.StressTestService;
import java.util.Map;
import java.util.TreeMap;

/**
 * The reference consumer's contract ({@link StressTestService}, from its API jar on this provider's class path), as a
 * provider team would implement it: {@code echo} answers its argument (the consumer checks the echo) and prints,
 * one line per call, every attachment it received, sorted by key, each with its class: {@code outside-provider
 * received echo: input=...; k=java.lang.String "v"; path=...}. A test reads the lines from the provider's output, in
 * the order of the calls.
 */
final class AttachmentEcho implements StressTestService {

    /** How each line starts. */
    static final String LINE = "outside-provider received ";

    @Override
    public String echo(String payload) {
        print("echo");
        return payload;
    }

    @Override
    public Order echoOrder(Order order) {
        print("echoOrder");
        return order;
    }

    private static void print(String method) {
        Map<String, Object> sorted = new TreeMap<>();
        Map<?, ?> all = ReceivedAttachments.all();
        if (all != null) {
            for (Map.Entry<?, ?> e : all.entrySet()) {
                sorted.put(String.valueOf(e.getKey()), e.getValue());
            }
        }
        StringBuilder line = new StringBuilder(LINE).append(method).append(':');
        String separator = " ";
        for (Map.Entry<String, Object> e : sorted.entrySet()) {
            line.append(separator).append(e.getKey()).append('=').append(ReceivedAttachments.describe(e.getValue()));
            separator = "; ";
        }
        System.out.println(line);
        System.out.flush();
    }
}
