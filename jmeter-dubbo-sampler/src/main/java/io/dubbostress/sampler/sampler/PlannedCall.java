package io.dubbostress.sampler.sampler;

/**
 * A call whose plan is made outside this package, from the sampler's fields: the protobuf IDL call of
 * jmeter-dubbo3-sampler ({@code io.dubbostress.sampler.idl.IdlCalls#plan}). {@link CallPlan} keeps it as it is and asks
 * it for the sampler data and, when the fields change, for a new {@link Call}.
 *
 * <pre>{@code
 * PlannedCall planned = IdlCalls.plan(sampler, timeoutMs, echoCheck, responseDataChars, attachments);
 * Call call = planned.newCall();          // per thread, when the fields change
 * }</pre>
 */
public interface PlannedCall {

    /** What the sample shows as sampler data (built once). */
    String samplerData();

    /** A call for this plan (the previous call of the thread is closed already). */
    Call newCall();
}
