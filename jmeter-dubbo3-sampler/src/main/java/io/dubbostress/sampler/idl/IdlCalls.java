package io.dubbostress.sampler.idl;

import io.dubbostress.sampler.value.CallAttachments;
import io.dubbostress.sampler.failure.ConfigurationException;
import io.dubbostress.sampler.value.ValueConverter;
import io.dubbostress.sampler.sampler.DubboSampler;
import io.dubbostress.sampler.sampler.Call;
import io.dubbostress.sampler.sampler.IdlCallFactory;
import io.dubbostress.sampler.sampler.SamplerFields;
import io.netty.handler.ssl.SslContext;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Protobuf IDL calls in jmeter-dubbo3-sampler: the shared sources' way in, found by {@code Calls} as this jar's
 * {@link IdlCallFactory} ({@code META-INF/services}; it asks {@link #call} when the address is {@code grpc://} or the
 * invocation is {@code idl}, and {@link #closeAll} at test end). The call builds its own plan ({@link IdlPlan}) from
 * the sampler's fields. jmeter-dubbo-sampler has no factory, and says that IDL calls need this jar.
 *
 * <pre>{@code
 * Call call = new IdlCalls().call(SamplerFields.read(sampler), loader);
 * }</pre>
 */
public final class IdlCalls implements IdlCallFactory {

    /** For {@link java.util.ServiceLoader}. */
    public IdlCalls() {
        // no state: the connections are shared (GrpcConnections)
    }

    /**
     * An IDL call planned from the sampler's fields (address, interface = the full service name, method, arguments = the
     * request as JSON, proto files and import path, TLS CA file, version and group for a triple provider, attachments
     * as metadata: text only, as triple's).
     *
     * @throws ConfigurationException naming the field and the value that is wrong
     */
    @Override
    public Call call(SamplerFields s, ClassLoader loader) {
        return new IdlCall(plan(s, loader));
    }

    /** The plan of an IDL call from the sampler's fields. */
    static IdlPlan plan(SamplerFields s, ClassLoader loader) {
        int timeoutMs = s.timeoutMs();
        boolean echoCheck = s.echoCheck();
        int responseDataChars = s.responseDataChars();
        // gRPC metadata are text, as triple's attachments: the values other than text refused as for tri://
        Map<String, String> attachments = CallAttachments.parse(s.raw(DubboSampler.ATTACHMENTS),
                new ValueConverter(loader), DubboSampler.ATTACHMENTS).overTriple(DubboSampler.ATTACHMENTS).asText();
        IdlAddress address = IdlAddress.parse(s.raw(DubboSampler.ADDRESS), DubboSampler.ADDRESS);
        String invocation = s.raw(DubboSampler.INVOCATION).trim().toLowerCase(Locale.ROOT);
        if (DubboSampler.INVOCATION_TYPED.equals(invocation)) {
            throw new ConfigurationException(DubboSampler.INVOCATION + ": 'typed': " + address + " is called from"
                    + " its IDL (invocation idl, or leave it empty)");
        }
        String service = s.raw(DubboSampler.INTERFACE).trim();
        if (service.isEmpty()) {
            throw new ConfigurationException(DubboSampler.INTERFACE + ": empty: name the IDL service, its full name"
                    + " with the package (io.x.OrderService)");
        }
        String method = s.raw(DubboSampler.METHOD).trim();
        if (method.isEmpty()) {
            throw new ConfigurationException(DubboSampler.METHOD + ": empty: name the method to call, as in the"
                    + " .proto (Place)");
        }
        Map<String, String> metadata = new LinkedHashMap<>(attachments);
        for (String[] dubbo : new String[][] {{DubboSampler.VERSION, "tri-service-version"},
            {DubboSampler.SERVICE_GROUP, "tri-service-group"}}) {
            String value = s.raw(dubbo[0]).trim();
            if (value.isEmpty()) {
                continue;
            }
            if (!address.triple()) {
                throw new ConfigurationException(dubbo[0] + ": '" + value + "': a gRPC server (" + address
                        + ") has no Dubbo versions or groups; tri:// calls a Dubbo triple provider with them");
            }
            metadata.put(dubbo[1], value);
        }
        String caFile = s.raw(DubboSampler.TLS_CA_FILE).trim();
        SslContext ssl = null;
        if (!caFile.isEmpty() || address.tlsRequired()) {
            ssl = IdlTls.context(caFile, DubboSampler.TLS_CA_FILE);
        }
        String protoFiles = s.raw(DubboSampler.PROTO_FILES).trim();
        ProtoSchema schema = protoFiles.isEmpty() ? null : ProtoFiles.load(protoFiles,
                s.raw(DubboSampler.PROTO_PATH), DubboSampler.PROTO_FILES, DubboSampler.PROTO_PATH);
        IdlPlan plan = new IdlPlan(address, ssl, ssl == null ? "" : "tls:" + caFile, service, method,
                s.raw(DubboSampler.ARGUMENTS), metadata, echoCheck, responseDataChars, timeoutMs, schema);
        String types = s.raw(DubboSampler.PARAMETER_TYPES).trim();
        if (!types.isEmpty() && plan.resolved() != null
                && !types.equals(plan.resolved().method.getInputType().getFullName())) {
            throw new ConfigurationException(DubboSampler.PARAMETER_TYPES + ": '" + types + "' is not the request"
                    + " type of " + service + "/" + method + " (" + plan.resolved().method.getInputType()
                    .getFullName() + "; leave it empty or give that)");
        }
        return plan;
    }

    /** Closes every IDL connection (test end); the schemas read by reflection are forgotten. */
    @Override
    public void closeAll() {
        GrpcConnections.shared().closeAll();
        IdlPlan.forgetReflected();
    }
}
