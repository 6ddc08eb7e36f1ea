package io.dubbostress.sampler.idl;

import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import io.dubbostress.sampler.failure.ConfigurationException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The protobuf files an IDL call knows (from {@code .proto} files, a descriptor set or server reflection), with their
 * services: where a service and a method are found by their full names, with a message naming what is there instead.
 *
 * <pre>{@code
 * MethodDescriptor m = schema.method("io.x.OrderService", "Place", "DubboSampler.interface", "DubboSampler.method");
 * }</pre>
 */
final class ProtoSchema {

    private final List<FileDescriptor> files;
    private final Map<String, ServiceDescriptor> services = new LinkedHashMap<>();
    /** Where the files came from, for messages: the .proto files, the descriptor set, or the server. */
    private final String source;

    ProtoSchema(List<FileDescriptor> files, String source) {
        this.files = Collections.unmodifiableList(new ArrayList<>(files));
        this.source = source;
        for (FileDescriptor file : files) {
            for (ServiceDescriptor service : file.getServices()) {
                services.put(service.getFullName(), service);
            }
        }
    }

    List<FileDescriptor> files() {
        return files;
    }

    /** Every service, in the order of the files. */
    List<ServiceDescriptor> services() {
        return new ArrayList<>(services.values());
    }

    String source() {
        return source;
    }

    /**
     * The method {@code serviceName/methodName}.
     *
     * @throws ConfigurationException naming the field and the services (or methods) there are
     */
    MethodDescriptor method(String serviceName, String methodName, String serviceField, String methodField) {
        ServiceDescriptor service = services.get(serviceName);
        if (service == null) {
            throw new ConfigurationException(serviceField + ": unknown service '" + serviceName + "' in " + source
                    + " (it has " + (services.isEmpty() ? "no service" : services.keySet()) + "; the full name,"
                    + " package included)");
        }
        MethodDescriptor method = service.findMethodByName(methodName);
        if (method == null) {
            List<String> names = new ArrayList<>();
            for (MethodDescriptor m : service.getMethods()) {
                names.add(m.getName());
            }
            throw new ConfigurationException(methodField + ": unknown method '" + methodName + "' in service "
                    + serviceName + " (it has " + names + ")");
        }
        return method;
    }
}
