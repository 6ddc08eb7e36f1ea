package io.dubbostress.sampler.sampler;

import io.dubbostress.sampler.call.CallArguments;
import io.dubbostress.sampler.call.CallAttachments;
import io.dubbostress.sampler.call.ConfigurationException;
import io.dubbostress.sampler.call.DubboVersion;
import io.dubbostress.sampler.call.ExtensionNames;
import io.dubbostress.sampler.call.ReferenceKey;
import io.dubbostress.sampler.call.RegistryGroup;
import io.dubbostress.sampler.call.TypeNames;
import io.dubbostress.sampler.call.ValueConverter;
import io.dubbostress.sampler.hop.HopRequest;
import io.dubbostress.sampler.idl.IdlCalls;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.rpc.cluster.Cluster;
import org.apache.dubbo.rpc.cluster.LoadBalance;

/**
 * What a sampler's fields mean, worked out once and reused by every sample while the fields stay the same: the
 * reference key, the converted arguments, the attachments, the checks, and the text shown as sampler data.
 */
final class CallPlan {

    private final ReferenceKey key;
    private final HopRequest hopRequest;
    /** A protobuf IDL call (grpc://, or tri:// with invocation idl), planned by {@link IdlCalls}; else null. */
    private final PlannedCall planned;
    private final String method;
    private final CallArguments arguments;
    private final CallAttachments attachments;
    private final boolean echoCheck;
    private final int responseDataChars;
    private final int timeoutMs;
    private final String samplerData;

    private CallPlan(ReferenceKey key, HopRequest hopRequest, String method, CallArguments arguments,
            CallAttachments attachments, boolean echoCheck, int responseDataChars, int timeoutMs,
            String samplerData) {
        this(key, hopRequest, null, method, arguments, attachments, echoCheck, responseDataChars, timeoutMs,
                samplerData);
    }

    private CallPlan(ReferenceKey key, HopRequest hopRequest, PlannedCall planned, String method,
            CallArguments arguments, CallAttachments attachments, boolean echoCheck, int responseDataChars,
            int timeoutMs, String samplerData) {
        this.key = key;
        this.hopRequest = hopRequest;
        this.planned = planned;
        this.method = method;
        this.arguments = arguments;
        this.attachments = attachments;
        this.echoCheck = echoCheck;
        this.responseDataChars = responseDataChars;
        this.timeoutMs = timeoutMs;
        this.samplerData = samplerData;
    }

    private static final java.util.regex.Pattern TRIPLE = java.util.regex.Pattern.compile("\\s*tri://",
            java.util.regex.Pattern.CASE_INSENSITIVE);

    static CallPlan build(DubboSampler s, ClassLoader loader) {
        String address = RegistryGroup.onAddress(s.getAddress(),
                s.text(DubboSampler.REGISTRY_GROUP, DubboSampler.REGISTRY_GROUP_DEFAULT), DubboSampler.REGISTRY_GROUP);
        int timeout = s.number(DubboSampler.TIMEOUT, DubboSampler.TIMEOUT_DEFAULT, 1);
        String check = s.text(DubboSampler.RESPONSE_CHECK, DubboSampler.RESPONSE_CHECK_DEFAULT)
                .toLowerCase(Locale.ROOT);
        if (!DubboSampler.CHECK_NONE.equals(check) && !DubboSampler.CHECK_ECHO.equals(check)) {
            throw new ConfigurationException(DubboSampler.RESPONSE_CHECK + ": '" + check + "' is not one of "
                    + DubboSampler.CHECK_NONE + ", " + DubboSampler.CHECK_ECHO);
        }
        boolean echo = DubboSampler.CHECK_ECHO.equals(check);
        int keep = s.number(DubboSampler.RESPONSE_DATA_CHARS, DubboSampler.RESPONSE_DATA_CHARS_DEFAULT, -1);
        if (address.isEmpty()) {
            throw new ConfigurationException(DubboSampler.ADDRESS + ": empty: give provider addresses"
                    + " (dubbo://host:port), a registry (zookeeper://host:port) or the hop (http://host:port/path)");
        }
        if (HopRequest.isHttp(address)) {
            HopRequest hop = HopRequest.parse(address, DubboSampler.ADDRESS);
            return new CallPlan(null, hop, null, CallArguments.parse("", "", null, null, DubboSampler.PARAMETER_TYPES,
                    DubboSampler.ARGUMENTS), CallAttachments.none(), echo, keep, timeout,
                    "GET " + hop.url() + "\ntimeout " + timeout + " ms");
        }
        String invocation = s.text(DubboSampler.INVOCATION, DubboSampler.INVOCATION_DEFAULT).toLowerCase(Locale.ROOT);
        if (!DubboSampler.INVOCATION_GENERIC.equals(invocation) && !DubboSampler.INVOCATION_TYPED.equals(invocation)
                && !DubboSampler.INVOCATION_IDL.equals(invocation)) {
            throw new ConfigurationException(DubboSampler.INVOCATION + ": '" + invocation + "' is not one of "
                    + DubboSampler.INVOCATION_GENERIC + ", " + DubboSampler.INVOCATION_TYPED + ", "
                    + DubboSampler.INVOCATION_IDL);
        }
        if (DubboSampler.INVOCATION_IDL.equals(invocation) || isGrpcAddress(address)) {
            // gRPC metadata are text, as triple's attachments: the values other than text refused as for tri://
            CallAttachments metadata = CallAttachments.parse(s.fieldText(DubboSampler.ATTACHMENTS),
                    new ValueConverter(loader), DubboSampler.ATTACHMENTS).overTriple(DubboSampler.ATTACHMENTS);
            PlannedCall idl = IdlCalls.plan(s, timeout, echo, keep, metadata.asText());
            return new CallPlan(null, null, idl, null, null, metadata, echo, keep, timeout, idl.samplerData());
        }
        boolean typed = DubboSampler.INVOCATION_TYPED.equals(invocation);
        String interfaceName = s.getInterface();
        if (interfaceName.isEmpty()) {
            throw new ConfigurationException(DubboSampler.INTERFACE + ": empty: name the service interface, e.g."
                    + " io.dubbostress.api.StressTestService");
        }
        String method = s.getMethod();
        if (method.isEmpty()) {
            throw new ConfigurationException(DubboSampler.METHOD + ": empty: name the method to call");
        }
        if (!method.matches("[A-Za-z_$][A-Za-z0-9_$]*")) {
            throw new ConfigurationException(DubboSampler.METHOD + ": '" + method + "' is not a method name");
        }
        ReferenceKey key = new ReferenceKey(address,
                s.text(DubboSampler.USERNAME, DubboSampler.USERNAME_DEFAULT),
                s.text(DubboSampler.PASSWORD, DubboSampler.PASSWORD_DEFAULT),
                interfaceName,
                s.text(DubboSampler.VERSION, DubboSampler.VERSION_DEFAULT),
                s.text(DubboSampler.SERVICE_GROUP, DubboSampler.SERVICE_GROUP_DEFAULT),
                timeout,
                s.number(DubboSampler.RETRIES, DubboSampler.RETRIES_DEFAULT, 0),
                s.number(DubboSampler.CONNECTIONS, DubboSampler.CONNECTIONS_DEFAULT, 0),
                s.text(DubboSampler.LOADBALANCE, DubboSampler.LOADBALANCE_DEFAULT),
                s.text(DubboSampler.CLUSTER, DubboSampler.CLUSTER_DEFAULT),
                s.text(DubboSampler.SERIALIZATION, DubboSampler.SERIALIZATION_DEFAULT),
                typed);
        ExtensionNames.require(LoadBalance.class, key.loadbalance(), DubboSampler.LOADBALANCE);
        ExtensionNames.require(Cluster.class, key.cluster(), DubboSampler.CLUSTER);
        ExtensionNames.require(Serialization.class, key.serialization(), DubboSampler.SERIALIZATION);
        List<Method> typedMethods = null;
        Class<?> service = null;
        if (typed) {
            service = TypeNames.load(TypeNames.canonical(interfaceName), loader, DubboSampler.INTERFACE);
            typedMethods = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (Method m : service.getMethods()) {
                if (m.getName().equals(method)) {
                    typedMethods.add(m);
                }
                if (!names.contains(m.getName())) {
                    names.add(m.getName());
                }
            }
            if (typedMethods.isEmpty()) {
                Collections.sort(names); // getMethods() has no order: the message must not change from run to run
                throw new ConfigurationException(DubboSampler.METHOD + ": unknown method '" + method + "' in "
                        + service.getName() + " (it has " + names + ")");
            }
        }
        CallArguments arguments = CallArguments.parse(s.fieldText(DubboSampler.PARAMETER_TYPES),
                s.fieldText(DubboSampler.ARGUMENTS), typedMethods, service, new ValueConverter(loader),
                DubboSampler.PARAMETER_TYPES, DubboSampler.ARGUMENTS);
        CallAttachments attachments = CallAttachments.parse(s.fieldText(DubboSampler.ATTACHMENTS),
                new ValueConverter(loader), DubboSampler.ATTACHMENTS);
        if (TRIPLE.matcher(address).lookingAt() && DubboVersion.directProtocols().contains("tri")) {
            attachments = attachments.overTriple(DubboSampler.ATTACHMENTS);
        }
        String data = key + "\n" + method + "(" + String.join(", ", arguments.typeNames()) + "), "
                + arguments.payloadBytes() + " payload bytes" + (attachments.isEmpty() ? "" : ", attachments "
                + attachments.keys()) + (echo ? ", echo checked" : "");
        return new CallPlan(key, null, method, arguments, attachments, echo, keep, timeout, data);
    }

    /** {@code grpc://host:port} or {@code grpcs://host:port}: a gRPC server, called from its IDL. */
    private static boolean isGrpcAddress(String address) {
        return address.regionMatches(true, 0, "grpc://", 0, 7) || address.regionMatches(true, 0, "grpcs://", 0, 8);
    }

    ReferenceKey key() {
        return key;
    }

    HopRequest hopRequest() {
        return hopRequest;
    }

    String method() {
        return method;
    }

    CallArguments arguments() {
        return arguments;
    }

    CallAttachments attachments() {
        return attachments;
    }

    boolean echoCheck() {
        return echoCheck;
    }

    int responseDataChars() {
        return responseDataChars;
    }

    int timeoutMs() {
        return timeoutMs;
    }

    String samplerData() {
        return samplerData;
    }

    /**
     * The call this plan makes, chosen here once: the HTTP hop, Dubbo, or a call planned elsewhere (IDL). A hop call
     * keeps the connection of the {@code previous} call when that was a hop call too (a field with a variable changed,
     * the thread goes on).
     */
    Call newCall(Call previous, ClassLoader loader) {
        if (previous != null && !(previous instanceof HopCall && hopRequest != null)) {
            previous.close();
        }
        if (planned != null) {
            return planned.newCall();
        }
        return hopRequest != null ? HopCall.over(this, previous) : new DubboCall(this, loader);
    }
}
