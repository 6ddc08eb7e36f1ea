package io.dubbostress.sampler.sampler;

import io.dubbostress.sampler.value.CallArguments;
import io.dubbostress.sampler.value.CallAttachments;
import io.dubbostress.sampler.failure.ConfigurationException;
import io.dubbostress.sampler.runtime.DubboAddress;
import io.dubbostress.sampler.runtime.DubboVersion;
import io.dubbostress.sampler.runtime.ExtensionNames;
import io.dubbostress.sampler.runtime.ReferenceKey;
import io.dubbostress.sampler.runtime.RegistryGroup;
import io.dubbostress.sampler.value.TypeNames;
import io.dubbostress.sampler.value.ValueConverter;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.rpc.cluster.Cluster;
import org.apache.dubbo.rpc.cluster.LoadBalance;

/**
 * What the sampler's fields mean for a Dubbo call, worked out once and reused by every sample while the fields stay the
 * same: the reference key, the method, the converted arguments, the attachments, the check, and the sampler data.
 *
 * <pre>{@code
 * DubboPlan plan = DubboPlan.of(SamplerFields.read(sampler), loader);
 * plan.key();          // the reference ReferenceCache shares: address, interface, version, group, timeout, ...
 * plan.arguments();    // the values, converted once
 * }</pre>
 */
final class DubboPlan {

    private static final Pattern TRIPLE = Pattern.compile("\\s*tri://", Pattern.CASE_INSENSITIVE);

    private final ReferenceKey key;
    private final String method;
    private final CallArguments arguments;
    private final CallAttachments attachments;
    private final boolean echoCheck;
    private final int responseDataChars;
    private final String samplerData;

    private DubboPlan(ReferenceKey key, String method, CallArguments arguments, CallAttachments attachments,
            boolean echoCheck, int responseDataChars, String samplerData) {
        this.key = key;
        this.method = method;
        this.arguments = arguments;
        this.attachments = attachments;
        this.echoCheck = echoCheck;
        this.responseDataChars = responseDataChars;
        this.samplerData = samplerData;
    }

    /**
     * The plan for these fields.
     *
     * @throws ConfigurationException naming the field and the value
     */
    static DubboPlan of(SamplerFields f, ClassLoader loader) {
        String address = RegistryGroup.onAddress(f.address(),
                f.text(DubboSampler.REGISTRY_GROUP, DubboSampler.REGISTRY_GROUP_DEFAULT), DubboSampler.REGISTRY_GROUP);
        int timeout = f.timeoutMs();
        boolean echo = f.echoCheck();
        int keep = f.responseDataChars();
        if (address.isEmpty()) {
            throw new ConfigurationException(DubboSampler.ADDRESS + ": empty: give provider addresses"
                    + " (dubbo://host:port), a registry (zookeeper://host:port) or the hop (http://host:port/path)");
        }
        String invocation = f.invocation(); // generic or typed: an IDL call is not planned here (Calls)
        boolean typed = DubboSampler.INVOCATION_TYPED.equals(invocation);
        String interfaceName = f.text(DubboSampler.INTERFACE, DubboSampler.INTERFACE_DEFAULT);
        if (interfaceName.isEmpty()) {
            throw new ConfigurationException(DubboSampler.INTERFACE + ": empty: name the service interface, e.g."
                    + " io.dubbostress.api.StressTestService");
        }
        String method = f.text(DubboSampler.METHOD, DubboSampler.METHOD_DEFAULT);
        if (method.isEmpty()) {
            throw new ConfigurationException(DubboSampler.METHOD + ": empty: name the method to call");
        }
        if (!method.matches("[A-Za-z_$][A-Za-z0-9_$]*")) {
            throw new ConfigurationException(DubboSampler.METHOD + ": '" + method + "' is not a method name");
        }
        String version = f.text(DubboSampler.VERSION, DubboSampler.VERSION_DEFAULT);
        String group = f.text(DubboSampler.SERVICE_GROUP, DubboSampler.SERVICE_GROUP_DEFAULT);
        String[] direct = DubboAddress.serviceParameters(address, DubboSampler.ADDRESS);
        if (direct != null) { // dubbo://host:port?group=gold&version=2.0.0: the service's, as the fields give them
            group = oneOf(DubboSampler.SERVICE_GROUP, group, "group", direct[1]);
            version = oneOf(DubboSampler.VERSION, version, "version", direct[2]);
            address = direct[0];
        }
        ReferenceKey key = new ReferenceKey(address,
                f.text(DubboSampler.USERNAME, DubboSampler.USERNAME_DEFAULT),
                f.text(DubboSampler.PASSWORD, DubboSampler.PASSWORD_DEFAULT),
                interfaceName,
                version,
                group,
                timeout,
                f.number(DubboSampler.RETRIES, DubboSampler.RETRIES_DEFAULT, 0),
                f.number(DubboSampler.CONNECTIONS, DubboSampler.CONNECTIONS_DEFAULT, 0),
                f.text(DubboSampler.LOADBALANCE, DubboSampler.LOADBALANCE_DEFAULT),
                f.text(DubboSampler.CLUSTER, DubboSampler.CLUSTER_DEFAULT),
                f.text(DubboSampler.SERIALIZATION, DubboSampler.SERIALIZATION_DEFAULT),
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
        CallArguments arguments = CallArguments.parse(f.raw(DubboSampler.PARAMETER_TYPES),
                f.raw(DubboSampler.ARGUMENTS), typedMethods, service, new ValueConverter(loader),
                DubboSampler.PARAMETER_TYPES, DubboSampler.ARGUMENTS);
        CallAttachments attachments = CallAttachments.parse(f.raw(DubboSampler.ATTACHMENTS),
                new ValueConverter(loader), DubboSampler.ATTACHMENTS);
        if (TRIPLE.matcher(address).lookingAt() && DubboVersion.directProtocols().contains("tri")) {
            attachments = attachments.overTriple(DubboSampler.ATTACHMENTS);
        }
        String data = key + "\n" + method + "(" + String.join(", ", arguments.typeNames()) + "), "
                + arguments.payloadBytes() + " payload bytes" + (attachments.isEmpty() ? "" : ", attachments "
                + attachments.keys()) + (echo ? ", echo checked" : "");
        return new DubboPlan(key, method, arguments, attachments, echo, keep, data);
    }

    /**
     * The service's group or version given by its field or by the direct address's parameter: either alone, or both
     * alike; two different ones are refused (which would the user mean?).
     */
    private static String oneOf(String fieldKey, String fieldValue, String parameter, String addressValue) {
        if (addressValue.isEmpty() || addressValue.equals(fieldValue)) {
            return fieldValue;
        }
        if (fieldValue.isEmpty()) {
            return addressValue;
        }
        throw new ConfigurationException(fieldKey + ": '" + fieldValue + "' and the address's " + parameter + "="
                + addressValue + " differ: give the service's " + parameter + " once");
    }

    ReferenceKey key() {
        return key;
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

    String samplerData() {
        return samplerData;
    }
}
