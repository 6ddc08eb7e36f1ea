package io.dubbostress.sampler.sampler;

/**
 * Where protobuf IDL calls come from (a {@code grpc://} address, or invocation {@code idl}): jmeter-dubbo3-sampler's
 * {@code io.dubbostress.sampler.idl.IdlCalls}, found through {@code META-INF/services} of that jar, so that this
 * package names no class of the IDL client and the IDL client's classes are in that jar only. The Dubbo 2.7 jar has
 * none: {@link Calls} then answers every IDL sample with a {@code CONFIG} failure that says which jar to use.
 *
 * <pre>{@code
 * // META-INF/services/io.dubbostress.sampler.sampler.IdlCallFactory
 * io.dubbostress.sampler.idl.IdlCalls
 * }</pre>
 */
public interface IdlCallFactory {

    /**
     * An IDL call planned from the sampler's fields.
     *
     * @throws io.dubbostress.sampler.failure.ConfigurationException naming the field and the value that is wrong
     */
    Call call(SamplerFields fields, ClassLoader loader);

    /** Closes every IDL connection (test end). */
    void closeAll();
}
