package io.dubbostress.sampler.idl;

import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import io.dubbostress.sampler.browse.BrowseException;
import io.dubbostress.sampler.browse.BrowsedMethod;
import io.dubbostress.sampler.browse.BrowsedService;
import io.dubbostress.sampler.failure.ConfigurationException;
import io.netty.handler.ssl.SslContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Browse for IDL calls: the services and methods of the Proto files (or descriptor set), else of the server's gRPC
 * reflection, each method with its request and response types and a JSON request template ({@link JsonTemplate}).
 * No Swing here: the Browse dialog calls it off the event thread.
 *
 * <pre>{@code
 * List<BrowsedService> services = IdlBrowser.browse("grpc://127.0.0.1:50051", "", "", "", 5000);
 * }</pre>
 */
public final class IdlBrowser {

    private IdlBrowser() {
    }

    public static List<BrowsedService> browse(String address, String protoFiles, String protoPath, String caFile,
            int timeoutMs) throws BrowseException {
        String value = address == null ? "" : address.trim();
        if (value.contains("${") || protoFiles.contains("${") || protoPath.contains("${")) {
            throw new BrowseException("a field holds a JMeter variable, known only while a test runs: type the"
                    + " address and files themselves to browse");
        }
        ProtoSchema schema;
        IdlAddress target = null;
        try {
            if (!protoFiles.trim().isEmpty()) {
                schema = ProtoFiles.load(protoFiles, protoPath, "Proto files", "Import path");
                if (!value.isEmpty()) {
                    target = IdlAddress.parse(value, "Address");
                }
            } else {
                target = IdlAddress.parse(value, "Address");
                SslContext ssl = caFile.trim().isEmpty() && !target.tlsRequired() ? null
                        : IdlTls.context(caFile.trim(), "TLS CA file");
                GrpcConnection connection;
                try {
                    connection = GrpcConnection.open(target, ssl, GrpcConnections.connectTimeoutMs(timeoutMs));
                } catch (GrpcConnection.ConnectFailure e) {
                    throw new BrowseException(e.getMessage());
                }
                try {
                    ServerReflection reflection = new ServerReflection(connection, ssl != null, timeoutMs);
                    schema = reflection.schemaOf(reflection.services(), "Address");
                } catch (ServerReflection.ReflectionException e) {
                    throw new BrowseException(target + ": " + e.getMessage());
                } finally {
                    connection.close();
                }
            }
        } catch (ConfigurationException e) {
            throw new BrowseException(e.getMessage());
        }
        List<BrowsedService> out = new ArrayList<>();
        List<String> where = target == null ? Collections.<String>emptyList()
                : Collections.singletonList(target.authority());
        for (ServiceDescriptor service : schema.services()) {
            List<BrowsedMethod> methods = new ArrayList<>();
            for (MethodDescriptor m : service.getMethods()) {
                if (m.isClientStreaming()) {
                    continue; // the sampler does not call them
                }
                methods.add(BrowsedMethod.idl(m.getName(), m.getInputType().getFullName(),
                        (m.isServerStreaming() ? "stream " : "") + m.getOutputType().getFullName(),
                        JsonTemplate.of(m.getInputType())));
            }
            out.add(new BrowsedService(service.getFullName(), "", "", methods, where));
        }
        return out;
    }

}
