package io.dubbostress.sampler.sampler;

import io.dubbostress.sampler.jtl.JtlVariables;
import io.dubbostress.sampler.pacing.TargetRateSchedule;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;

/**
 * The thread variables a sample leaves for JMeter to write as JTL columns (with {@code sample_variables}): its
 * elapsed microseconds, and with a {@link TargetRateSchedule} in scope its response time from the due time and its
 * lag behind it.
 *
 * <pre>{@code
 * SampleVariables.put(startNanos, endNanos);   // elapsed_us, and response_us / lag_us when the sample was due
 * }</pre>
 */
final class SampleVariables {

    private SampleVariables() {
    }

    /** Every variable of a sample that ran from {@code startNanos} to {@code endNanos} ({@link System#nanoTime}). */
    static void put(long startNanos, long endNanos) {
        JMeterVariables variables = JMeterContextService.getContext().getVariables();
        if (variables == null) {
            return;
        }
        variables.put(JtlVariables.ELAPSED_US, Long.toString((endNanos - startNanos) / 1000));
        putFromDue(variables, startNanos, endNanos);
    }

    /**
     * With a {@link TargetRateSchedule} in scope: {@value JtlVariables#RESPONSE_US} from the due time to the
     * end (the response time a client arriving on schedule sees) and the exact {@value JtlVariables#LAG_US}
     * from the due time to the start; without one, {@code response_us} is unset (JMeter writes {@code null}, as for
     * every variable a row lacks). The due time is taken away: it belongs to this sample only.
     */
    private static void putFromDue(JMeterVariables variables, long startNanos, long endNanos) {
        Object due = variables.getObject(TargetRateSchedule.DUE_NANOS_OBJECT);
        if (due instanceof Long) {
            long dueNanos = (Long) due;
            variables.remove(TargetRateSchedule.DUE_NANOS_OBJECT);
            variables.put(JtlVariables.RESPONSE_US, Long.toString((endNanos - dueNanos) / 1000));
            variables.put(JtlVariables.LAG_US, Long.toString(Math.max(0, startNanos - dueNanos) / 1000));
        } else {
            variables.remove(JtlVariables.RESPONSE_US);
        }
    }
}
