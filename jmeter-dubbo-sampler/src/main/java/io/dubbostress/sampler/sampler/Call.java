package io.dubbostress.sampler.sampler;

import io.dubbostress.sampler.failure.Failure;
import org.apache.jmeter.samplers.SampleResult;

/**
 * One way of making the call a sample records, as JMeter's TCP sampler holds a {@code TCPClient} and its HTTP sampler
 * an implementation created from the sampler's settings: {@link DubboCall} (a Dubbo reference, generic or typed) or
 * {@link HopCall} (HTTP to the consumer controller), or in jmeter-dubbo3-sampler the protobuf IDL call
 * ({@code io.dubbostress.sampler.idl.IdlCall}), chosen from the fields by {@link Calls}. Each builds its own plan
 * from the sampler's fields ({@link SamplerFields}) and does only the call: the sampler keeps the clock (the sample's
 * start, the nanoTime interval, its end) and the verdict (success, code, message) in one place,
 * {@link DubboSampler#sample}.
 *
 * <pre>{@code
 * Call call = Calls.forFields(fields, loader);   // when the fields change: call.replanned(fields, loader) first
 * result.sampleStart();
 * long start = System.nanoTime();
 * Object answer = call.call(result);             // timed: the call alone
 * long end = System.nanoTime();
 * Failure failure = call.verdict(answer, result); // after the clock: sizes, data, and null for success
 * call.close();                                  // thread end
 * }</pre>
 */
public interface Call {

    /** What the sample shows as its sampler data (the request), worked out with the plan. */
    String samplerData();

    /** Bytes sent per call (the payload or the request), worked out with the plan. */
    long sentBytes();

    /**
     * The call itself, on the sampler's clock: everything between the sample's start and its end. Marks the connect
     * time ({@link SampleResult#connectEnd}) when the call connects, and the first byte ({@link SampleResult#latencyEnd})
     * when it {@link #timesFirstByte}; nothing else.
     *
     * @return what {@link #verdict} needs of the answer (may be null)
     * @throws Throwable whatever the call threw: {@link #failure} says what it means
     */
    Object call(SampleResult result) throws Throwable; // NOSONAR: a provider's exception arrives as it was thrown

    /** Whether {@link #call} marks the first byte itself; otherwise the sampler marks it at the call's end. */
    boolean timesFirstByte();

    /**
     * After the clock: the answer's size and the response data kept on {@code result}, and the verdict.
     *
     * @return null when the call succeeded, else what failed
     */
    Failure verdict(Object answer, SampleResult result);

    /** After the clock: what an error {@link #call} threw means. */
    Failure failure(Throwable error, SampleResult result);

    /**
     * This call with a plan for new fields (a field holding a variable changed), keeping what it holds open (the hop's
     * connection); null when the fields name another transport (the sampler closes this call and asks {@link Calls}).
     *
     * @throws io.dubbostress.sampler.failure.ConfigurationException naming the field and the value
     */
    Call replanned(SamplerFields fields, ClassLoader loader);

    /** Cuts a call in flight short, when the transport can; false when it cannot (a Dubbo call ends at its timeout). */
    boolean interrupt();

    /** Releases what this thread's calls hold (the hop's connection); the shared Dubbo references stay. */
    void close();
}
