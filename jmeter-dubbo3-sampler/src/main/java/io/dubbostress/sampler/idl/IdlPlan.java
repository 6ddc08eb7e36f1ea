package io.dubbostress.sampler.idl;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.util.JsonFormat;
import io.dubbostress.sampler.failure.ConfigurationException;
import io.dubbostress.sampler.sampler.DubboSampler;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.ssl.SslContext;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What an IDL sampler's fields mean, worked out once per thread while they stay the same: the target and its TLS, the
 * method, the request message (JSON read once, its bytes framed once), the headers every call sends, the checks.
 * Without {@code .proto} files the method's types come from the server's reflection on the first call
 * ({@link #resolve}), shared by every thread with the same target and service.
 */
final class IdlPlan {

    /** The largest answer an IDL call takes (all its messages together). */
    static final long MAX_RESPONSE_BYTES = 64L << 20;

    private static final Map<String, ProtoSchema> REFLECTED = new ConcurrentHashMap<>();

    final IdlAddress address;
    final SslContext ssl;
    final String tlsKey;
    final String serviceName;
    final String methodName;
    final String requestJson;
    final Map<String, String> metadata;
    final boolean echoCheck;
    final int responseDataChars;
    final int timeoutMs;
    /** The Parameter types field: empty, or the request type's full name. */
    private final String parameterTypes;
    private final String source;

    // set when the method is known (at once with .proto files, else on the first call)
    private volatile Resolved resolved;

    /** The method's side of the plan, once its types are known. */
    static final class Resolved {
        final MethodDescriptor method;
        final DynamicMessage request;
        final byte[] requestFrame;
        final Http2Headers headers;
        final JsonFormat.Printer printer;

        Resolved(MethodDescriptor method, DynamicMessage request, byte[] requestFrame, Http2Headers headers,
                JsonFormat.Printer printer) {
            this.method = method;
            this.request = request;
            this.requestFrame = requestFrame;
            this.headers = headers;
            this.printer = printer;
        }

        Descriptor responseType() {
            return method.getOutputType();
        }

        boolean serverStreaming() {
            return method.isServerStreaming();
        }
    }

    IdlPlan(IdlAddress address, SslContext ssl, String tlsKey, String serviceName, String methodName,
            String requestJson, Map<String, String> metadata, boolean echoCheck, int responseDataChars, int timeoutMs,
            String parameterTypes, ProtoSchema schema) {
        this.address = address;
        this.ssl = ssl;
        this.tlsKey = tlsKey;
        this.serviceName = serviceName;
        this.methodName = methodName;
        this.requestJson = requestJson;
        this.metadata = metadata;
        this.echoCheck = echoCheck;
        this.responseDataChars = responseDataChars;
        this.timeoutMs = timeoutMs;
        this.parameterTypes = parameterTypes == null ? "" : parameterTypes;
        this.source = schema == null ? "server reflection" : schema.source();
        if (schema != null) {
            resolved = resolve(schema);
        }
    }

    /** The method and request from {@code schema}; a misfit is a {@link ConfigurationException} naming the field. */
    private Resolved resolve(ProtoSchema schema) {
        MethodDescriptor method = schema.method(serviceName, methodName, DubboSampler.INTERFACE, DubboSampler.METHOD);
        if (!parameterTypes.isEmpty() && !parameterTypes.equals(method.getInputType().getFullName())) {
            throw new ConfigurationException(DubboSampler.PARAMETER_TYPES + ": '" + parameterTypes + "' is not the"
                    + " request type of " + serviceName + "/" + methodName + " (" + method.getInputType().getFullName()
                    + ", from " + schema.source() + "; leave it empty or give that)");
        }
        if (method.isClientStreaming()) {
            throw new ConfigurationException(DubboSampler.METHOD + ": " + serviceName + "/" + methodName + " is "
                    + (method.isServerStreaming() ? "bidirectional" : "client") + "-streaming: the sampler calls"
                    + " unary and server-streaming methods only");
        }
        if (echoCheck && (method.isServerStreaming())) {
            throw new ConfigurationException(DubboSampler.RESPONSE_CHECK + ": echo compares one answer with the"
                    + " request: " + methodName + " is server-streaming");
        }
        JsonFormat.TypeRegistry.Builder types = JsonFormat.TypeRegistry.newBuilder();
        for (FileDescriptor file : schema.files()) {
            types.add(file.getMessageTypes());
        }
        JsonFormat.TypeRegistry registry = types.build();
        DynamicMessage request = RequestJson.parse(requestJson, method.getInputType(), registry,
                DubboSampler.ARGUMENTS);
        Http2Headers headers = GrpcFrames.requestHeaders(address, ssl != null, "/" + serviceName + "/" + methodName,
                timeoutMs, metadata);
        return new Resolved(method, request, GrpcFrames.frame(request.toByteArray()), headers,
                JsonFormat.printer().usingTypeRegistry(registry).omittingInsignificantWhitespace());
    }

    /** The resolved method, from the server's reflection when no .proto was given (cached per target and service). */
    Resolved resolve(GrpcConnection connection) throws ServerReflection.ReflectionException {
        Resolved r = resolved;
        if (r != null) {
            return r;
        }
        String key = address + "|" + tlsKey + "|" + serviceName;
        ProtoSchema schema = REFLECTED.get(key);
        if (schema == null) {
            synchronized (REFLECTED) {
                schema = REFLECTED.get(key);
                if (schema == null) {
                    schema = new ServerReflection(connection, ssl != null, timeoutMs)
                            .schemaOf(java.util.Collections.singletonList(serviceName), DubboSampler.INTERFACE);
                    REFLECTED.put(key, schema);
                }
            }
        }
        r = resolve(schema);
        resolved = r;
        return r;
    }

    Resolved resolved() {
        return resolved;
    }

    /** The schemas read by reflection are for one test: the servers may change before the next. */
    static void forgetReflected() {
        REFLECTED.clear();
    }

    /** What the sample shows as sampler data: more once the method's types are known. */
    String samplerData() {
        Resolved r = resolved;
        StringBuilder data = new StringBuilder();
        data.append(address).append(' ').append(serviceName).append('/').append(methodName);
        if (r != null) {
            data.append(r.serverStreaming() ? " (server-streaming)" : " (unary)").append(", request ")
                    .append(r.method.getInputType().getFullName()).append(", ").append(r.requestFrame.length - 5)
                    .append(" bytes");
        }
        data.append(", types from ").append(source);
        if (ssl != null) {
            data.append(", TLS");
        }
        if (!metadata.isEmpty()) {
            data.append(", metadata ").append(metadata.keySet());
        }
        if (echoCheck) {
            data.append(", echo checked");
        }
        return data.append("\ntimeout ").append(timeoutMs).append(" ms").toString();
    }
}
