package io.dubbostress.outside.provider;

import java.util.Map;
import java.util.TreeMap;
import org.apache.dubbo.rpc.service.GenericService;

/**
 * A generic implementation (Dubbo's {@link GenericService} on the provider side) of the interface the reference
 * consumer calls, {@value #INTERFACE}, written without that project's classes: {@code echo(String)} answers its
 * argument (the consumer checks the echo) and prints, one line per call, every attachment it received, sorted by key,
 * each with its class: {@code outside-provider received echo: input=...; k=java.lang.String "v"; path=...}. A test
 * reads the lines from the provider's output, in the order of the calls.
 */
final class AttachmentEcho implements GenericService {

    /** The reference consumer's interface, by name. */
    static final String INTERFACE = "io.dubbostress.api.StressTestService";
    /** How each line starts. */
    static final String LINE = "outside-provider received ";

    @Override
    public Object $invoke(String method, String[] parameterTypes, Object[] args) {
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
        return args == null || args.length == 0 ? null : args[0];
    }
}
