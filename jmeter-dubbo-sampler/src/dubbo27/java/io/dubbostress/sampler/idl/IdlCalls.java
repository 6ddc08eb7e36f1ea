package io.dubbostress.sampler.idl;

import io.dubbostress.sampler.call.ConfigurationException;
import io.dubbostress.sampler.sampler.DubboSampler;
import io.dubbostress.sampler.sampler.Call;
import io.dubbostress.sampler.sampler.SamplerFields;

/**
 * Protobuf IDL calls (a {@code grpc://} address, or invocation {@code idl}) in jmeter-dubbo-sampler, the Dubbo 2.7 jar:
 * not here. The shared sources call these static methods; jmeter-dubbo3-sampler has its own {@code IdlCalls} (the
 * same methods) with the IDL client beside it, so that its classes are in that jar only. Here every IDL sample is a
 * {@code CONFIG} failure naming the field and saying which jar to use.
 */
public final class IdlCalls {

    private IdlCalls() {
    }

    /** Never a call: a {@link ConfigurationException} naming the field that asked for an IDL call. */
    public static Call call(SamplerFields fields, ClassLoader loader) {
        String address = fields.raw(DubboSampler.ADDRESS).trim();
        boolean grpc = address.toLowerCase(java.util.Locale.ROOT).startsWith("grpc");
        String field = grpc ? DubboSampler.ADDRESS + ": '" + address + "'"
                : DubboSampler.INVOCATION + ": '" + DubboSampler.INVOCATION_IDL + "'";
        throw new ConfigurationException(field + ": protobuf IDL calls (" + (grpc ? "gRPC" : "triple with a .proto")
                + ") need jmeter-dubbo3-sampler in lib/ext; this jar, jmeter-dubbo-sampler, is the Dubbo 2.7 client"
                + " (dubbo:// only)");
    }

    /** Nothing to close: this jar makes no IDL calls. */
    public static void closeAll() {
        // no IDL connections in the Dubbo 2.7 jar
    }
}
