package io.dubbostress.sampler.sampler;

import io.dubbostress.sampler.failure.ConfigurationException;
import java.util.Iterator;
import java.util.Locale;
import java.util.ServiceLoader;

/**
 * Which {@link Call} the sampler's fields name, decided here alone: the consumer hop for an {@code http://} address
 * ({@link HopPlan#names}), a protobuf IDL call for invocation {@code idl} or a {@code grpc://} address
 * ({@link SamplerFields#namesIdl}: the {@link IdlCallFactory} of jmeter-dubbo3-sampler; the Dubbo 2.7 jar has none and
 * says that such a call needs that jar), else Dubbo. A call of the same kind takes new fields itself ({@link Call#replanned}) and keeps what it holds
 * open.
 *
 * <pre>{@code
 * Call call = Calls.next(previous, SamplerFields.read(sampler), loader);   // previous may be null
 * }</pre>
 */
final class Calls {

    /** The IDL calls of this jar, or null (the Dubbo 2.7 jar). */
    private static final IdlCallFactory IDL = idlCalls();

    private Calls() {
    }

    private static IdlCallFactory idlCalls() {
        Iterator<IdlCallFactory> found = ServiceLoader.load(IdlCallFactory.class, Calls.class.getClassLoader())
                .iterator();
        return found.hasNext() ? found.next() : null;
    }

    /**
     * The call for {@code fields}: {@code previous} re-planned when it takes them, else a new call (and
     * {@code previous} closed). When the fields are bad, {@code previous} stays as it was.
     *
     * @throws io.dubbostress.sampler.failure.ConfigurationException naming the field and the value
     */
    static Call next(Call previous, SamplerFields fields, ClassLoader loader) {
        Call same = previous == null ? null : previous.replanned(fields, loader);
        if (same != null) {
            return same;
        }
        Call fresh = HopPlan.names(fields) ? HopCall.of(HopPlan.of(fields, loader))
                : fields.namesIdl() ? idlCall(fields, loader)
                : DubboCall.of(DubboPlan.of(fields, loader), loader);
        if (previous != null) {
            previous.close();
        }
        return fresh;
    }

    private static Call idlCall(SamplerFields fields, ClassLoader loader) {
        if (IDL != null) {
            return IDL.call(fields, loader);
        }
        String address = fields.raw(DubboSampler.ADDRESS).trim();
        boolean grpc = address.toLowerCase(Locale.ROOT).startsWith("grpc");
        String field = grpc ? DubboSampler.ADDRESS + ": '" + address + "'"
                : DubboSampler.INVOCATION + ": '" + DubboSampler.INVOCATION_IDL + "'";
        throw new ConfigurationException(field + ": protobuf IDL calls (" + (grpc ? "gRPC" : "triple with a .proto")
                + ") need jmeter-dubbo3-sampler in lib/ext; this jar, jmeter-dubbo-sampler, is the Dubbo 2.7 client"
                + " (dubbo:// only)");
    }

    /** Closes every IDL connection, when this jar makes IDL calls (test end). */
    static void closeIdlCalls() {
        if (IDL != null) {
            IDL.closeAll();
        }
    }
}
