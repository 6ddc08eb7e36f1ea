package io.dubbostress.sampler.sampler;

import io.dubbostress.sampler.call.Failure;
import io.dubbostress.sampler.pacing.TargetRateSchedule;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How every {@link Call} writes its outcome into a {@link SampleResult}: the clock, failures, success, data. Public for
 * the calls planned outside this package ({@link PlannedCall}).
 */
public final class SampleRecording {

    private static final Logger log = LoggerFactory.getLogger(DubboSampler.class);
    private static final Set<String> WARNED = Collections.newSetFromMap(new ConcurrentHashMap<>());
    private static final int MAX_WARNINGS = 100;

    private SampleRecording() {
    }

    /**
     * Ends the sample on the sampler's own clock: {@code elapsed_us} is the nanoTime interval, and JMeter's
     * {@code elapsed} the same interval rounded to whole milliseconds (not a second reading of another clock, which a
     * GC pause or a millisecond boundary between the two readings would pull apart).
     */
    public static void end(SampleResult result, long startNanos, long endNanos) {
        long nanos = endNanos - startNanos;
        result.setEndTime(result.getStartTime() + (nanos + 500_000) / 1_000_000);
        putElapsedMicros(nanos / 1000);
        putFromDue(startNanos, endNanos);
    }

    /**
     * With a {@link TargetRateSchedule} in scope: {@value DubboSampler#RESPONSE_US_VARIABLE} from the due time to the
     * end (the response time a client arriving on schedule sees) and the exact {@value TargetRateSchedule#LAG_US_VARIABLE}
     * from the due time to the start; without one, {@code response_us} is unset (JMeter writes {@code null}, as for
     * every variable a row lacks). The due time is taken away: it belongs to this sample only.
     */
    public static void putFromDue(long startNanos, long endNanos) {
        JMeterVariables variables = JMeterContextService.getContext().getVariables();
        if (variables == null) {
            return;
        }
        Object due = variables.getObject(TargetRateSchedule.DUE_NANOS_OBJECT);
        if (due instanceof Long) {
            long dueNanos = (Long) due;
            variables.remove(TargetRateSchedule.DUE_NANOS_OBJECT);
            variables.put(DubboSampler.RESPONSE_US_VARIABLE, Long.toString((endNanos - dueNanos) / 1000));
            variables.put(TargetRateSchedule.LAG_US_VARIABLE, Long.toString(Math.max(0, startNanos - dueNanos) / 1000));
        } else {
            variables.remove(DubboSampler.RESPONSE_US_VARIABLE);
        }
    }

    /** Sets the thread's {@value DubboSampler#ELAPSED_US_VARIABLE} variable. */
    public static void putElapsedMicros(long micros) {
        JMeterVariables variables = JMeterContextService.getContext().getVariables();
        if (variables != null) {
            variables.put(DubboSampler.ELAPSED_US_VARIABLE, Long.toString(micros));
        }
    }

    /** A failed sample; CONFIG and JVM_ARGS problems are logged once per distinct message, not per sample. */
    public static void fail(SampleResult result, Failure failure) {
        result.setSuccessful(false);
        result.setResponseCode(failure.code());
        result.setResponseMessage(failure.message());
        if ((Failure.CONFIG.equals(failure.code()) || Failure.JVM_ARGS.equals(failure.code()))
                && WARNED.size() < MAX_WARNINGS && WARNED.add(failure.message())) {
            log.warn("{}: {}: {}", result.getSampleLabel(), failure.code(), failure.message());
        }
    }

    public static void succeed(SampleResult result) {
        result.setSuccessful(true);
        result.setResponseCodeOK();
        result.setResponseMessageOK();
    }

    /** Up to {@code chars} characters of {@code text} as the response data ({@code -1}: all, 0: none). */
    public static void keepResponse(SampleResult result, String text, int chars) {
        if (chars == 0 || text == null) {
            return;
        }
        String kept = chars > 0 && text.length() > chars ? text.substring(0, chars) : text;
        result.setResponseData(kept, StandardCharsets.UTF_8.name());
    }

    /** A new test: problems are logged again. */
    static void forgetWarnings() {
        WARNED.clear();
    }
}
