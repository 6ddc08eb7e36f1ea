package io.dubbostress.sampler.idl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.MethodDescriptor;
import io.dubbostress.sampler.failure.ConfigurationException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** .proto files parsed by Wire into protobuf descriptors, descriptor sets, and what bad input says. */
class ProtoFilesTest {

    static final Path ROOT = Paths.get("src/test/resources/idl");
    static final String SHOP = ROOT.resolve("shop/v1/shop.proto").toString();

    static ProtoSchema shop() {
        return ProtoFiles.load(SHOP, ROOT.toString(), "files", "path");
    }

    @Test
    void parsesMessagesEnumsMapsOneofsImportsAndWellKnownTypes() {
        ProtoSchema schema = shop();
        MethodDescriptor get = schema.method("test.shop.v1.CartService", "Get", "service", "method");
        Descriptor cart = get.getInputType();
        assertThat(cart.getFullName()).isEqualTo("test.shop.v1.Cart");
        assertThat(cart.findFieldByName("items").isRepeated()).isTrue();
        assertThat(cart.findFieldByName("items").getMessageType().findFieldByName("price").getMessageType()
                .getFullName()).isEqualTo("test.shop.v1.Price");
        FieldDescriptor bySku = cart.findFieldByName("by_sku");
        assertThat(bySku.isMapField()).isTrue();
        assertThat(bySku.getJsonName()).isEqualTo("bySku");
        assertThat(cart.findFieldByName("size").getEnumType().getValues()).extracting(v -> v.getName())
                .containsExactly("SIZE_UNSPECIFIED", "SMALL", "LARGE");
        assertThat(cart.getRealOneofs()).hasSize(1);
        assertThat(cart.getRealOneofs().get(0).getFields()).extracting(FieldDescriptor::getName)
                .containsExactly("user", "guest");
        // the well-known types are protobuf-java's own descriptors, as JsonFormat expects
        assertThat(cart.findFieldByName("created_at").getMessageType())
                .isSameAs(com.google.protobuf.Timestamp.getDescriptor());
        assertThat(cart.findFieldByName("coupon").getMessageType())
                .isSameAs(com.google.protobuf.StringValue.getDescriptor());
        assertThat(cart.findFieldByName("mask").getMessageType())
                .isSameAs(com.google.protobuf.FieldMask.getDescriptor());
        assertThat(schema.method("test.shop.v1.CartService", "Watch", "s", "m").isServerStreaming()).isTrue();
        assertThat(schema.method("test.shop.v1.CartService", "Fill", "s", "m").isClientStreaming()).isTrue();
    }

    /**
     * Parsing a .proto (one importing field_mask.proto, which needs the well-known files' folder) leaves nothing in the
     * temporary folder, not even until the JVM exits (issue 36: empty {@code dubbo-stress-protos*} folders piled up in
     * /tmp, one per JVM). A JVM of its own, with a temporary folder of its own, says what is left before it exits.
     */
    @Test
    void leavesNoFolderInTheTemporaryFolder(@TempDir Path tmp) throws Exception {
        Process probe = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"),
                ProtoFilesTemporaryFolderProbe.class.getName(), SHOP, ROOT.toString()).redirectErrorStream(true)
                .start();
        String output = new String(probe.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(probe.waitFor()).as(output).isZero();
        assertThat(output).as("the probe's output").contains("left 0");
        try (java.util.stream.Stream<Path> all = Files.list(tmp)) {
            assertThat(all).as("what the probe's JVM left at its exit").noneMatch(p -> p.getFileName().toString()
                    .startsWith("dubbo-stress-protos"));
        }
    }

    @Test
    void theSameFilesAreReadOnce() {
        assertThat(shop()).isSameAs(shop());
    }

    @Test
    void importsResolveFromTheFilesOwnFolderWithoutAnImportPath(@TempDir Path dir) throws IOException {
        Path proto = dir.resolve("alone.proto");
        Files.write(proto, ("syntax = \"proto3\";\npackage t;\nimport \"google/protobuf/empty.proto\";\n"
                + "service S { rpc Ping (google.protobuf.Empty) returns (google.protobuf.Empty); }\n").getBytes());
        ProtoSchema schema = ProtoFiles.load(proto.toString(), "", "files", "path");
        assertThat(schema.method("t.S", "Ping", "s", "m").getInputType())
                .isSameAs(com.google.protobuf.Empty.getDescriptor());
    }

    @Test
    void aDescriptorSetReadsLikeTheProtoFiles(@TempDir Path dir) throws IOException {
        FileDescriptorSet.Builder set = FileDescriptorSet.newBuilder();
        for (FileDescriptor f : shop().files().get(0).getDependencies()) {
            set.addFile(f.toProto());
        }
        set.addFile(shop().files().get(0).toProto());
        Path pb = dir.resolve("shop.pb");
        Files.write(pb, set.build().toByteArray());
        ProtoSchema fromSet = ProtoFiles.load(pb.toString(), "", "files", "path");
        assertThat(fromSet.method("test.shop.v1.CartService", "Get", "s", "m").getInputType().toProto())
                .isEqualTo(shop().method("test.shop.v1.CartService", "Get", "s", "m").getInputType().toProto());
    }

    @Test
    void aProtoThatDoesNotParseIsNamedWithItsLine() {
        assertThatThrownBy(() -> ProtoFiles.load(ROOT.resolve("broken/broken.proto").toString(), "", "files", "path"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("files: ")
                .hasMessageContaining("broken.proto:7:")
                .hasMessageContaining("expected ';'");
    }

    @Test
    void aMissingImportIsNamed() {
        assertThatThrownBy(() -> ProtoFiles.load(ROOT.resolve("broken/missing.proto").toString(), "", "files",
                "path")).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("nowhere/gone.proto");
    }

    @Test
    void badFilesAndFoldersAreNamed(@TempDir Path dir) throws IOException {
        assertThatThrownBy(() -> ProtoFiles.load("no/such.proto", "", "files", "path"))
                .hasMessageStartingWith("files: no file 'no/such.proto' (relative to JMeter's working folder ");
        assertThatThrownBy(() -> ProtoFiles.load(SHOP, "no/such/dir", "files", "path"))
                .hasMessage("path: no folder 'no/such/dir'");
        Path junk = dir.resolve("junk.pb");
        Files.write(junk, "this is not a descriptor set".getBytes());
        assertThatThrownBy(() -> ProtoFiles.load(junk.toString(), "", "files", "path"))
                .hasMessageStartingWith("files: '" + junk + "' is neither a .proto file nor a descriptor set");
    }

    @Test
    void unknownServicesAndMethodsListWhatThereIs() {
        assertThatThrownBy(() -> shop().method("CartService", "Get", "DubboSampler.interface", "DubboSampler.method"))
                .hasMessage("DubboSampler.interface: unknown service 'CartService' in shop/v1/shop.proto (it has"
                        + " [test.shop.v1.CartService]; the full name, package included)");
        assertThatThrownBy(() -> shop().method("test.shop.v1.CartService", "get", "DubboSampler.interface",
                "DubboSampler.method")).hasMessage("DubboSampler.method: unknown method 'get' in service"
                        + " test.shop.v1.CartService (it has [Get, Watch, Fill])");
    }
}
