package io.dubbostress.sampler.idl;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import io.dubbostress.sampler.failure.ConfigurationException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * gRPC server reflection ({@code grpc.reflection.v1.ServerReflection}, else its older {@code v1alpha} name, the same
 * messages): the services a server lists and the files that describe them, so an IDL call needs no {@code .proto}
 * when the server offers it. The few messages of the reflection protocol are written and read field by field
 * (its published field numbers); each question is a stream of its own with one request.
 *
 * <pre>{@code
 * ProtoSchema schema = new ServerReflection(connection, 5000).schemaOf(List.of("io.x.OrderService"), "DubboSampler.interface");
 * }</pre>
 */
final class ServerReflection {

    private static final String[] PATHS = {"/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
        "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo"};
    private static final int FILE_BY_FILENAME = 3;
    private static final int FILE_CONTAINING_SYMBOL = 4;
    private static final int LIST_SERVICES = 7;
    /** How an unanswered question starts (a {@code TIMEOUT} for the sample). */
    static final String NO_ANSWER = "no answer from the server's reflection";
    /** How a question whose stream failed starts (a {@code NETWORK} failure for the sample). */
    static final String FAILED = "the server's reflection failed";
    /** How an answer that the server does not know a name starts. */
    static final String UNKNOWN = "the server's reflection does not know ";
    /** How a service the server does not know is said: the rest names the field (a {@code CONFIG} failure). */
    static final String UNKNOWN_SERVICE = "unknown service: ";

    private final GrpcConnection connection;
    private final boolean tls;
    private final int timeoutMs;
    private String path;

    ServerReflection(GrpcConnection connection, boolean tls, int timeoutMs) {
        this.connection = connection;
        this.tls = tls;
        this.timeoutMs = timeoutMs;
    }

    /** The services the server lists (without the reflection service itself). */
    List<String> services() throws ReflectionException {
        byte[] answer = ask(LIST_SERVICES, "*");
        List<String> names = new ArrayList<>();
        try {
            CodedInputStream in = CodedInputStream.newInstance(answer);
            for (int tag; (tag = in.readTag()) != 0; ) {
                if (tag >>> 3 == 6) { // list_services_response
                    CodedInputStream list = CodedInputStream.newInstance(in.readByteArray());
                    for (int t; (t = list.readTag()) != 0; ) {
                        if (t >>> 3 == 1) { // service
                            CodedInputStream service = CodedInputStream.newInstance(list.readByteArray());
                            for (int s; (s = service.readTag()) != 0; ) {
                                if (s >>> 3 == 1) {
                                    names.add(service.readString());
                                } else {
                                    service.skipField(s);
                                }
                            }
                        } else {
                            list.skipField(t);
                        }
                    }
                } else {
                    in.skipField(tag);
                }
            }
        } catch (IOException e) {
            throw new ReflectionException("cannot read the server's list of services: " + e.getMessage());
        }
        names.removeIf(n -> n.startsWith("grpc.reflection."));
        Collections.sort(names);
        return names;
    }

    /** The files describing {@code services} and everything they import. */
    ProtoSchema schemaOf(List<String> services, String field) throws ReflectionException {
        Map<String, FileDescriptorProto> files = new LinkedHashMap<>();
        List<String> roots = new ArrayList<>();
        for (String service : services) {
            List<FileDescriptorProto> got;
            try {
                got = files(FILE_CONTAINING_SYMBOL, service);
            } catch (ReflectionException e) {
                if (!e.getMessage().startsWith(UNKNOWN)) {
                    throw e;
                }
                String known;
                try {
                    known = "it serves " + services();
                } catch (ReflectionException list) {
                    known = "its list of services did not come: " + list.getMessage();
                }
                throw new ReflectionException(UNKNOWN_SERVICE + field + ": '" + service + "': the server's"
                        + " reflection (" + connection.address() + ") does not know it; " + known);
            }
            if (got.isEmpty()) {
                throw new ReflectionException("the server's reflection has no file for " + service);
            }
            if (!roots.contains(got.get(0).getName())) {
                roots.add(got.get(0).getName());
            }
            for (FileDescriptorProto f : got) {
                files.putIfAbsent(f.getName(), f);
            }
        }
        // imports the server left out (grpc-java sends them all with the first file; others may not)
        for (boolean added = true; added; ) {
            added = false;
            for (FileDescriptorProto f : new ArrayList<>(files.values())) {
                for (String dependency : f.getDependencyList()) {
                    if (!files.containsKey(dependency) && !dependency.startsWith("google/protobuf/")) {
                        for (FileDescriptorProto d : files(FILE_BY_FILENAME, dependency)) {
                            files.putIfAbsent(d.getName(), d);
                        }
                        added = true;
                    }
                }
            }
        }
        return new ProtoSchema(ProtoFiles.build(files, roots, field), "the server's reflection ("
                + connection.address() + ")");
    }

    private List<FileDescriptorProto> files(int kind, String name) throws ReflectionException {
        byte[] answer = ask(kind, name);
        List<FileDescriptorProto> out = new ArrayList<>();
        try {
            CodedInputStream in = CodedInputStream.newInstance(answer);
            for (int tag; (tag = in.readTag()) != 0; ) {
                if (tag >>> 3 == 4) { // file_descriptor_response
                    CodedInputStream files = CodedInputStream.newInstance(in.readByteArray());
                    for (int t; (t = files.readTag()) != 0; ) {
                        if (t >>> 3 == 1) {
                            out.add(FileDescriptorProto.parseFrom(files.readByteArray()));
                        } else {
                            files.skipField(t);
                        }
                    }
                } else if (tag >>> 3 == 7) { // error_response
                    throw new ReflectionException(UNKNOWN + name + ": "
                            + errorText(in.readByteArray()));
                } else {
                    in.skipField(tag);
                }
            }
        } catch (IOException e) {
            throw new ReflectionException("cannot read the server's reflection answer for " + name + ": "
                    + e.getMessage());
        }
        return out;
    }

    private static String errorText(byte[] error) throws IOException {
        CodedInputStream in = CodedInputStream.newInstance(error);
        int code = 0;
        String message = "";
        for (int tag; (tag = in.readTag()) != 0; ) {
            if (tag >>> 3 == 1) {
                code = in.readInt32();
            } else if (tag >>> 3 == 2) {
                message = in.readString();
            } else {
                in.skipField(tag);
            }
        }
        return GrpcStatus.name(code) + (message.isEmpty() ? "" : " " + message);
    }

    /** One request on its own stream: the single answer message. */
    private byte[] ask(int kind, String value) throws ReflectionException {
        byte[] request;
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            CodedOutputStream out = CodedOutputStream.newInstance(bytes);
            out.writeString(kind, value);
            out.flush();
            request = GrpcFrames.frame(bytes.toByteArray());
        } catch (IOException e) {
            throw new ReflectionException(e.toString());
        }
        List<String> paths = path != null ? Collections.singletonList(path) : java.util.Arrays.asList(PATHS);
        ReflectionException last = null;
        for (String p : paths) {
            GrpcExchange call = connection.start(GrpcFrames.requestHeaders(connection.address(), tls, p, timeoutMs,
                    Collections.<String, String>emptyMap()), request, 64L << 20);
            if (!call.await(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs))) {
                call.cancel();
                throw new ReflectionException(NO_ANSWER + " within " + timeoutMs + " ms");
            }
            if (call.ending != GrpcExchange.Ending.TRAILERS) {
                throw new ReflectionException(FAILED + ": " + call.failure);
            }
            int status = call.grpcStatus >= 0 ? call.grpcStatus : GrpcStatus.fromHttpStatus(call.httpStatus);
            if (status == GrpcStatus.UNIMPLEMENTED) {
                last = new ReflectionException("the server offers no gRPC server reflection (grpc.reflection.v1"
                        + " and v1alpha answer UNIMPLEMENTED): give the .proto files or a descriptor set");
                continue;
            }
            if (status != GrpcStatus.OK) {
                throw new ReflectionException("the server's reflection answered " + GrpcStatus.name(status)
                        + (call.grpcMessage == null ? "" : ": " + call.grpcMessage));
            }
            List<java.nio.ByteBuffer> messages;
            try {
                messages = GrpcFrames.messages(call.data(), call.length());
            } catch (IOException e) {
                throw new ReflectionException("the server's reflection answer is broken: " + e.getMessage());
            }
            if (messages.isEmpty()) {
                throw new ReflectionException("the server's reflection sent no answer");
            }
            path = p;
            java.nio.ByteBuffer first = messages.get(0);
            byte[] answer = new byte[first.remaining()];
            first.get(answer);
            return answer;
        }
        throw last;
    }

    /** Reflection did not give what was asked: one line saying why. */
    static final class ReflectionException extends Exception {
        private static final long serialVersionUID = 1L;

        ReflectionException(String message) {
            super(message);
        }

        ConfigurationException asConfiguration(String field) {
            return new ConfigurationException(field + ": " + getMessage());
        }
    }
}
