package io.dubbostress.nacos.standin;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.AnyProto;
import com.google.protobuf.ByteString;
import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.MessageOptions;
import com.google.protobuf.Descriptors;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The messages of Nacos 2's {@code nacos_grpc_service.proto} (published in {@code nacos-api}), declared here field by
 * field and read and written with protobuf's {@link DynamicMessage}: no generated code, no Nacos class.
 *
 * <pre>
 * message Metadata { string type = 3; string clientIp = 8; map&lt;string, string&gt; headers = 7; }
 * message Payload  { Metadata metadata = 2; google.protobuf.Any body = 3; }
 * service Request          { rpc request (Payload) returns (Payload); }
 * service BiRequestStream  { rpc requestBiStream (stream Payload) returns (stream Payload); }
 * </pre>
 *
 * The body is the request's or response's JSON (the client's Jackson mapping of the API classes) in {@code Any.value};
 * {@code Any.type_url} is left empty, as the client leaves it.
 */
final class PayloadCodec {

    static final Descriptor PAYLOAD;
    private static final Descriptor METADATA;
    private static final Descriptor HEADERS_ENTRY;
    private static final Descriptor ANY = AnyProto.getDescriptor().findMessageTypeByName("Any");

    static {
        DescriptorProto headersEntry = DescriptorProto.newBuilder().setName("HeadersEntry")
                .addField(field("key", 1, FieldDescriptorProto.Type.TYPE_STRING))
                .addField(field("value", 2, FieldDescriptorProto.Type.TYPE_STRING))
                .setOptions(MessageOptions.newBuilder().setMapEntry(true)).build();
        DescriptorProto metadata = DescriptorProto.newBuilder().setName("Metadata")
                .addField(field("type", 3, FieldDescriptorProto.Type.TYPE_STRING))
                .addField(field("clientIp", 8, FieldDescriptorProto.Type.TYPE_STRING))
                .addField(field("headers", 7, FieldDescriptorProto.Type.TYPE_MESSAGE).toBuilder()
                        .setLabel(FieldDescriptorProto.Label.LABEL_REPEATED).setTypeName(".Metadata.HeadersEntry"))
                .addNestedType(headersEntry).build();
        DescriptorProto payload = DescriptorProto.newBuilder().setName("Payload")
                .addField(field("metadata", 2, FieldDescriptorProto.Type.TYPE_MESSAGE).toBuilder()
                        .setTypeName(".Metadata"))
                .addField(field("body", 3, FieldDescriptorProto.Type.TYPE_MESSAGE).toBuilder()
                        .setTypeName(".google.protobuf.Any"))
                .build();
        FileDescriptorProto file = FileDescriptorProto.newBuilder().setName("nacos_grpc_service.proto")
                .setSyntax("proto3").addDependency("google/protobuf/any.proto")
                .addMessageType(metadata).addMessageType(payload).build();
        try {
            Descriptors.FileDescriptor built = Descriptors.FileDescriptor.buildFrom(file,
                    new Descriptors.FileDescriptor[] {AnyProto.getDescriptor()});
            PAYLOAD = built.findMessageTypeByName("Payload");
            METADATA = built.findMessageTypeByName("Metadata");
            HEADERS_ENTRY = METADATA.findNestedTypeByName("HeadersEntry");
        } catch (Descriptors.DescriptorValidationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private PayloadCodec() {
    }

    private static FieldDescriptorProto field(String name, int number, FieldDescriptorProto.Type type) {
        return FieldDescriptorProto.newBuilder().setName(name).setNumber(number).setType(type)
                .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL).setJsonName(name).build();
    }

    /** An empty Payload: the prototype gRPC's marshaller parses with. */
    static DynamicMessage prototype() {
        return DynamicMessage.getDefaultInstance(PAYLOAD);
    }

    static Frame decode(DynamicMessage payload) {
        Message metadata = (Message) payload.getField(PAYLOAD.findFieldByName("metadata"));
        String type = (String) metadata.getField(METADATA.findFieldByName("type"));
        Map<String, String> headers = new LinkedHashMap<>();
        FieldDescriptor key = HEADERS_ENTRY.findFieldByName("key");
        FieldDescriptor value = HEADERS_ENTRY.findFieldByName("value");
        for (Object entry : (List<?>) metadata.getField(METADATA.findFieldByName("headers"))) {
            Message m = (Message) entry;
            headers.put((String) m.getField(key), (String) m.getField(value));
        }
        Message body = (Message) payload.getField(PAYLOAD.findFieldByName("body"));
        ByteString json = (ByteString) body.getField(ANY.findFieldByName("value"));
        ObjectNode node = json.isEmpty() ? Json.object() : Json.read(json.toByteArray());
        return new Frame(type, headers, node);
    }

    static DynamicMessage encode(Frame frame) {
        DynamicMessage.Builder metadata = DynamicMessage.newBuilder(METADATA)
                .setField(METADATA.findFieldByName("type"), frame.type())
                .setField(METADATA.findFieldByName("clientIp"), "127.0.0.1");
        for (Map.Entry<String, String> e : frame.headers().entrySet()) {
            metadata.addRepeatedField(METADATA.findFieldByName("headers"), DynamicMessage.newBuilder(HEADERS_ENTRY)
                    .setField(HEADERS_ENTRY.findFieldByName("key"), e.getKey())
                    .setField(HEADERS_ENTRY.findFieldByName("value"), e.getValue()).build());
        }
        DynamicMessage body = DynamicMessage.newBuilder(ANY)
                .setField(ANY.findFieldByName("value"), ByteString.copyFrom(Json.write(frame.body()))).build();
        return DynamicMessage.newBuilder(PAYLOAD)
                .setField(PAYLOAD.findFieldByName("metadata"), metadata.build())
                .setField(PAYLOAD.findFieldByName("body"), body).build();
    }
}
