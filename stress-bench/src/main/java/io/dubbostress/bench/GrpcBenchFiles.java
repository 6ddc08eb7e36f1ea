package io.dubbostress.bench;

import io.dubbostress.cli.home.StressHome;
import io.dubbostress.cli.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the grpc sides of the bench need from the build: the IDL service of test-plans/outside-providers/idl (its jar
 * with the generated stubs and the grpc-java server, the class path of grpc-java, its .proto) and the IDL plan
 * {@code test-plans/dubbo3-idl.jmx}. Missing files are one line saying how to build them.
 *
 * <pre>{@code
 * GrpcBenchFiles files = GrpcBenchFiles.of(stressHome);
 * files.serverClassPath();   // outside-idl.jar:<grpc-java>
 * }</pre>
 */
final class GrpcBenchFiles {

    private final Path idlJar;
    private final String grpcClassPath;
    private final Path protoRoot;

    private GrpcBenchFiles(Path idlJar, String grpcClassPath, Path protoRoot) {
        this.idlJar = idlJar;
        this.grpcClassPath = grpcClassPath;
        this.protoRoot = protoRoot;
    }

    static GrpcBenchFiles of(StressHome home) {
        Path module = home.root().resolve("test-plans/outside-providers/idl");
        Path jar = module.resolve("target/outside-idl.jar");
        Path classPath = module.resolve("target/grpc.classpath");
        if (!Files.isRegularFile(jar) || !Files.isRegularFile(classPath)) {
            throw new UserError("the grpc sides need the IDL service built (" + jar + "): run ./mvnw -B -ntp"
                    + " -DskipTests package -pl test-plans/outside-providers/idl -am");
        }
        try {
            return new GrpcBenchFiles(jar, new String(Files.readAllBytes(classPath), StandardCharsets.UTF_8).trim(),
                    module.resolve("src/main/proto"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The grpc-java server's class path (and the raw gRPC client's, with the bench's own jar). */
    String serverClassPath() {
        return idlJar + java.io.File.pathSeparator + grpcClassPath;
    }

    /**
     * The raw gRPC client's class path: the server's (stubs, grpc-java), stress-api (the payloads), and the bench's own
     * classes ({@code benchClassPath}).
     */
    String rawClientClassPath(StressHome home, String benchClassPath) {
        Path api = null;
        try (java.nio.file.DirectoryStream<Path> jars = Files.newDirectoryStream(home.root().resolve("stress-api/target"),
                "stress-api-*.jar")) {
            for (Path jar : jars) {
                if (!jar.getFileName().toString().contains("-tests")) {
                    api = jar;
                }
            }
        } catch (IOException e) {
            // reported below
        }
        if (api == null) {
            throw new UserError("the grpc-raw side needs stress-api's jar: run ./mvnw -B -ntp -DskipTests package");
        }
        return serverClassPath() + java.io.File.pathSeparator + api + java.io.File.pathSeparator + benchClassPath;
    }

    /** The folder the .proto's imports are relative to. */
    Path protoRoot() {
        return protoRoot;
    }

    /** The service's .proto. */
    Path proto() {
        return protoRoot.resolve("io/dubbostress/outside/idl/orders.proto");
    }
}
