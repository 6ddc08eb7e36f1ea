package io.dubbostress.sampler.sampler;

import org.apache.jmeter.samplers.SampleResult;

/**
 * One way of making the call a sample records, chosen once when the sampler's fields are parsed ({@link CallPlan}),
 * as JMeter's TCP sampler holds a {@code TCPClient} and its HTTP sampler an implementation picked by name:
 * {@link DubboCall} (a Dubbo reference, generic or typed), {@link HopCall} (HTTP to the consumer controller), or a
 * call planned outside this package ({@link PlannedCall}: the protobuf IDL call of jmeter-dubbo3-sampler, in
 * {@code io.dubbostress.sampler.idl}). The sampler asks it for nothing else per sample.
 *
 * <pre>{@code
 * Call call = plan.newCall(previous, loader);  // when the fields change
 * call.sample(result);                     // every sample: times, sizes, code, message and data into result
 * call.close();                            // thread end
 * }</pre>
 */
public interface Call {

    /**
     * Makes the call and records it: start and end on the sampler's clock ({@link SampleRecording#end}), connect
     * and latency, sent and received bytes, code, message, success and response data. Never throws: every failure
     * is a failed sample.
     */
    void sample(SampleResult result);

    /** Cuts a call in flight short, when the transport can; false when it cannot (a Dubbo call ends at its timeout). */
    boolean interrupt();

    /** Releases what this thread's calls hold (the hop's connection); the shared Dubbo references stay. */
    void close();
}
