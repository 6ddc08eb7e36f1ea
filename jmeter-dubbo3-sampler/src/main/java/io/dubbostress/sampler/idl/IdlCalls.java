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
        checkMetadata(attachments);
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
        // Parameter types, when given, must name the request type: checked once the method is known (at once with
        // .proto files, else when the server's reflection has resolved it)
        return new IdlPlan(address, ssl, ssl == null ? "" : "tls:" + caFile, service, method,
                s.raw(DubboSampler.ARGUMENTS), metadata, echoCheck, responseDataChars, timeoutMs,
                s.raw(DubboSampler.PARAMETER_TYPES).trim(), schema);
    }

    /**
     * Attachments go as gRPC metadata (HTTP/2 headers): the names the transport writes itself are refused (the
     * pseudo-headers {@code :path} ..., {@code grpc-*}: {@code grpc-timeout} comes from the Timeout field,
     * {@code content-type}, {@code te}), and a {@code -bin} value must be base64, as gRPC sends binary metadata. A
     * server reset the stream for these, or the HTTP/2 codec refused a second {@code :path}, as an ERROR.
     */
    static void checkMetadata(Map<String, String> attachments) {
        for (Map.Entry<String, String> e : attachments.entrySet()) {
            String name = e.getKey().trim().toLowerCase(Locale.ROOT);
            String why = null;
            if (name.startsWith(":")) {
                why = "an HTTP/2 pseudo-header, which the transport sets";
            } else if (name.startsWith("grpc-")) {
                why = "grpc-* names are gRPC's transport's" + ("grpc-timeout".equals(name)
                        ? " (the deadline comes from " + DubboSampler.TIMEOUT + ")" : "");
            } else if ("content-type".equals(name) || "te".equals(name)) {
                why = "a header the transport sets";
            } else if (name.endsWith("-bin") && !isBase64(e.getValue())) {
                why = "a -bin value must be base64 (gRPC's binary metadata), was '" + e.getValue() + "'";
            }
            if (why != null) {
                throw new ConfigurationException(DubboSampler.ATTACHMENTS + ": '" + e.getKey() + "': " + why);
            }
        }
    }

    private static boolean isBase64(String value) {
        String t = value == null ? "" : value.trim();
        try {
            if (t.indexOf('-') >= 0 || t.indexOf('_') >= 0) {
                java.util.Base64.getUrlDecoder().decode(t);
            } else {
                java.util.Base64.getDecoder().decode(t);
            }
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** Closes every IDL connection (test end); the schemas read by reflection are forgotten. */
    @Override
    public void closeAll() {
        GrpcConnections.shared().closeAll();
        IdlPlan.forgetReflected();
    }
}
