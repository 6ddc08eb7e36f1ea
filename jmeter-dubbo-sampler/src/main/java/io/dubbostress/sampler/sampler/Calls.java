package io.dubbostress.sampler.sampler;

import io.dubbostress.sampler.idl.IdlCalls;

/**
 * Which {@link Call} the sampler's fields name, decided here alone: the consumer hop for an {@code http://} address
 * ({@link HopPlan#names}), a protobuf IDL call for invocation {@code idl} or a {@code grpc://} address
 * ({@link SamplerFields#namesIdl}: {@link IdlCalls}, in jmeter-dubbo3-sampler; the Dubbo 2.7 jar's says it needs that
 * jar), else Dubbo. A call of the same kind takes new fields itself ({@link Call#replanned}) and keeps what it holds
 * open.
 *
 * <pre>{@code
 * Call call = Calls.next(previous, SamplerFields.read(sampler), loader);   // previous may be null
 * }</pre>
 */
final class Calls {

    private Calls() {
    }

    /**
     * The call for {@code fields}: {@code previous} re-planned when it takes them, else a new call (and
     * {@code previous} closed). When the fields are bad, {@code previous} stays as it was.
     *
     * @throws io.dubbostress.sampler.call.ConfigurationException naming the field and the value
     */
    static Call next(Call previous, SamplerFields fields, ClassLoader loader) {
        Call same = previous == null ? null : previous.replanned(fields, loader);
        if (same != null) {
            return same;
        }
        Call fresh = HopPlan.names(fields) ? HopCall.of(HopPlan.of(fields))
                : fields.namesIdl() ? IdlCalls.call(fields, loader)
                : DubboCall.of(DubboPlan.of(fields, loader), loader);
        if (previous != null) {
            previous.close();
        }
        return fresh;
    }
}
