package io.dubbostress.outside.suite;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The 3.3 jar's IDL mode against servers nobody here wrote, in a network namespace of the test's own (Dubbo 3
 * advertises the NIC address; in here there is only loopback): our {@code orders.proto} served by a Dubbo 3.3.5 triple
 * provider (stubs by protoc and Dubbo's triple generator, from Maven Central) and by a plain grpc-java server with
 * server reflection (stubs by grpc-java's generator). One plan, the same samplers pointed at each ({@code tri://} and
 * {@code grpc://}), run by {@code bin/jmeter} of the stock 5.6.3 home with the shaded 3.3 jar: every method called
 * with JSON, every answer read as JSON and compared field by field with what the test expects (written here by hand,
 * not taken from the servers' code); statuses, bad input (a .proto that does not parse, unknown service and method,
 * JSON that does not fit, a server that is not HTTP/2) and reflection asserted code and message. The stock 5.1.1 home
 * (protobuf-java 2.5.0 in its lib/) runs a few of the calls too.
 */
class IdlProvidersIT {

    static final String SERVICE = "io.dubbostress.outside.idl.OrderService";
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;
    static NetworkNamespace namespace;
    static final List<Jvm> servers = new ArrayList<>();
    static int triPort;
    static int dubboPort;
    static int grpcPort;
    static int http1Port;
    static int tlsPort;
    /** grpc-java's interop TestService, with reflection and Health. */
    static int interopPort;
    static Path caFile;
    static String proto;

    @BeforeAll
    static void startServers() throws IOException {
        try {
            namespace = NetworkNamespace.create();
        } catch (IllegalStateException | java.io.UncheckedIOException e) {
            Assumptions.abort("IdlProvidersIT skipped: no private network namespace here (" + e.getMessage() + ")");
        }
        String idlJar = System.getProperty("outside.idl.jar");
        proto = Path.of(System.getProperty("outside.idl.proto"), "io/dubbostress/outside/idl/orders.proto")
                .toString();
        triPort = freePort();
        dubboPort = freePort();
        grpcPort = freePort();
        http1Port = freePort();
        tlsPort = freePort();
        interopPort = freePort();
        // the TLS port's key: a self-signed certificate for 127.0.0.1 made by the JDK's keytool, its PEM the CA file
        Path keys = dir.resolve("server.p12");
        caFile = dir.resolve("ca.pem");
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        for (List<String> command : List.of(
                List.of(keytool, "-genkeypair", "-alias", "idl", "-keyalg", "RSA", "-keysize", "2048", "-dname",
                        "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-validity", "2", "-keystore",
                        keys.toString(), "-storetype", "PKCS12", "-storepass", "idl-secret"),
                List.of(keytool, "-exportcert", "-alias", "idl", "-rfc", "-keystore", keys.toString(), "-storepass",
                        "idl-secret", "-file", caFile.toString()))) {
            try (Jvm tool = Jvm.start(command, dir, dir.resolve("keytool.log"))) {
                assertThat(tool.awaitExit(Duration.ofSeconds(60))).as(tool.tail()).isZero();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        List<String> tri = new ArrayList<>(Arrays.asList(java(), "-Xmx256m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-Ddubbo.application.qos-enable=false", "-Ddubbo.application.logger=jdk"));
        tri.addAll(Arrays.asList(System.getProperty("dubbo.opens").trim().split("\\s+")));
        tri.addAll(Arrays.asList("-cp", idlJar + ":" + read("outside.classpath.3.3.5"),
                "io.dubbostress.outside.idl.server.IdlTripleProvider", String.valueOf(triPort),
                String.valueOf(dubboPort)));
        servers.add(Jvm.start(namespace.inside(tri), dir, dir.resolve("idl-triple-provider.log")));
        servers.add(Jvm.start(namespace.inside(Arrays.asList(java(), "-Xmx192m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-cp", idlJar + ":" + read("outside.idl.classpath"),
                "io.dubbostress.outside.idl.server.IdlGrpcServer", String.valueOf(grpcPort),
                String.valueOf(http1Port), String.valueOf(tlsPort), keys.toString(), "idl-secret")), dir,
                dir.resolve("idl-grpc-server.log")));
        servers.add(Jvm.start(namespace.inside(Arrays.asList(java(), "-Xmx128m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("outside.interop.jar") + ":"
                        + read("outside.interop.classpath"), "io.dubbostress.outside.interop.InteropServer",
                String.valueOf(interopPort))), dir, dir.resolve("grpc-interop-server.log")));
        servers.get(0).awaitOutput("idl-triple-provider ready", Duration.ofSeconds(90));
        servers.get(2).awaitOutput("interop-server ready", Duration.ofSeconds(60));
        servers.get(1).awaitOutput("idl-grpc-server ready", Duration.ofSeconds(60));
    }

    @AfterAll
    static void stopServers() throws IOException {
        servers.forEach(Jvm::close);
        if (dir != null && Files.isDirectory(dir)) {
            Path kept = Files.createDirectories(Path.of("target", "idl-runs"));
            try (java.util.stream.Stream<Path> logs = Files.list(dir)) {
                for (Path log : (Iterable<Path>) logs.filter(f -> f.toString().endsWith(".log"))::iterator) {
                    Files.copy(log, kept.resolve(log.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        if (namespace != null) {
            namespace.close();
        }
    }

    private static String read(String property) throws IOException {
        return new String(Files.readAllBytes(Path.of(System.getProperty(property))), StandardCharsets.UTF_8).trim();
    }

    // ------------------------------------------------------------------------------------ the requests

    static final String ORDER = "{\"id\": 7, \"customer\": \"ann\", \"lines\": ["
            + "{\"sku\": \"A-1\", \"quantity\": 2, \"unitPrice\": {\"currency\": \"EUR\", \"units\": 1,"
            + " \"nanos\": 500000000}},"
            + "{\"sku\": \"B-2\", \"quantity\": 1, \"unit_price\": {\"currency\": \"EUR\", \"units\": \"3\","
            + " \"nanos\": 250000000}}],"
            + " \"labels\": {\"channel\": \"web\", \"campaign\": \"spring\"}, \"colour\": \"GREEN\","
            + " \"pickupPoint\": \"Store 12\", \"createdAt\": \"2024-01-31T12:00:00Z\","
            + " \"note\": \"leave at the door\", \"signature\": \"AAECAw==\", \"priorities\": [3, 1, 2],"
            + " \"linesByNumber\": {\"2\": {\"sku\": \"B-2\", \"quantity\": 1}}, \"discount\": 0.25,"
            + " \"express\": true}";

    /** The order as protobuf's canonical JSON prints it (64-bit integers as strings, JSON names). */
    static final String ORDER_CANONICAL = "{\"id\": \"7\", \"customer\": \"ann\", \"lines\": ["
            + "{\"sku\": \"A-1\", \"quantity\": 2, \"unitPrice\": {\"currency\": \"EUR\", \"units\": \"1\","
            + " \"nanos\": 500000000}},"
            + "{\"sku\": \"B-2\", \"quantity\": 1, \"unitPrice\": {\"currency\": \"EUR\", \"units\": \"3\","
            + " \"nanos\": 250000000}}],"
            + " \"labels\": {\"channel\": \"web\", \"campaign\": \"spring\"}, \"colour\": \"GREEN\","
            + " \"pickupPoint\": \"Store 12\", \"createdAt\": \"2024-01-31T12:00:00Z\","
            + " \"note\": \"leave at the door\", \"signature\": \"AAECAw==\", \"priorities\": [3, 1, 2],"
            + " \"linesByNumber\": {\"2\": {\"sku\": \"B-2\", \"quantity\": 1}}, \"discount\": 0.25,"
            + " \"express\": true}";

    /** 2 x 1.50 + 1 x 3.25 = 6.25 EUR; notes in the service's documented order. */
    static final String PLACED = "{\"orderId\": \"order-7\", \"total\": {\"currency\": \"EUR\", \"units\": \"6\","
            + " \"nanos\": 250000000}, \"lineCount\": 2, \"order\": " + ORDER_CANONICAL + ","
            + " \"acceptedAt\": \"2024-01-31T12:00:01Z\", \"notes\": [\"label campaign=spring\","
            + " \"label channel=web\", \"priorities 3 sum 6\", \"line #2 B-2 x1\", \"pickup at Store 12\","
            + " \"note: leave at the door\", \"express\", \"discount 0.25\"], \"signatureBytes\": 4,"
            + " \"colour\": \"GREEN\"}";

    static final String SHIPPED_ORDER = "{\"id\": \"8\", \"customer\": \"bob\", \"shipTo\": {\"street\": \"1 Main St\","
            + " \"city\": \"Lyon\", \"country\": \"FR\"}, \"colour\": \"BLUE\"}";

    /** No lines: a total with every field at its default (an empty message, set); no time, no signature. */
    static final String SHIPPED = "{\"orderId\": \"order-8\", \"total\": {}, \"order\": " + SHIPPED_ORDER + ","
            + " \"notes\": [\"ship to Lyon, FR\"], \"colour\": \"BLUE\"}";

    static final String TRACKED = "[{\"sequence\": 1, \"status\": \"step 1 of o-7\", \"at\": \"2023-11-14T22:13:21Z\"},"
            + " {\"sequence\": 2, \"status\": \"step 2 of o-7\", \"at\": \"2023-11-14T22:13:22Z\"},"
            + " {\"sequence\": 3, \"status\": \"step 3 of o-7\", \"at\": \"2023-11-14T22:13:23Z\"}]";

    /** One sampler and its expected JSON answer (null: not checked, or a failure). */
    static final class IdlCase {
        final Case sampler;
        final String answer;

        IdlCase(Case sampler, String answer) {
            this.sampler = sampler;
            this.answer = answer;
        }
    }

    /** The same samplers for a triple provider and a grpc server: {@code name} prefixes the labels. */
    static List<IdlCase> cases(String name, String address, boolean triple) {
        List<IdlCase> out = new ArrayList<>();
        out.add(new IdlCase(Case.idl(name + " place", address, SERVICE, "Place", ORDER, proto).ok(null), PLACED));
        out.add(new IdlCase(Case.idl(name + " place shipped", address, SERVICE, "Place",
                SHIPPED_ORDER, proto).ok(null), SHIPPED));
        out.add(new IdlCase(Case.idl(name + " echo", address, SERVICE, "Echo",
                "{\"text\": \"hi ${__P(who,ann)}\", \"data\": \"3q2+7w==\", \"number\": 9007199254740993}", proto)
                .ok(null), "{\"text\": \"hi ann\", \"data\": \"3q2+7w==\", \"number\": \"9007199254740993\"}"));
        out.add(new IdlCase(Case.idl(name + " echo payload checked", address, SERVICE, "Echo",
                "{\"text\": {\"$payload\": 102400}, \"data\": {\"$payload\": 1024}}", proto).set("responseCheck", "echo")
                .set("responseDataChars", "0").ok(null), null));
        out.add(new IdlCase(Case.idl(name + " track", address, SERVICE, "Track",
                "{\"orderId\": \"o-7\", \"updates\": 3}", proto).ok(null), TRACKED));
        out.add(new IdlCase(Case.idl(name + " track none", address, SERVICE, "Track",
                "{\"orderId\": \"o-7\"}", proto).ok(null), "[]"));
        String fail = "\\(grpc-status %d\\) from " + Pattern.quote(SERVICE + "/Fail") + ": ";
        out.add(new IdlCase(Case.idl(name + " fail not found", address, SERVICE, "Fail",
                "{\"code\": 5, \"message\": \"no such order\"}", proto)
                .fails("BIZ", "NOT_FOUND " + String.format(fail, 5) + "(NOT_FOUND : )?no such order"), null));
        out.add(new IdlCase(Case.idl(name + " fail denied", address, SERVICE, "Fail",
                "{\"code\": 7, \"message\": \"not yours\"}", proto)
                .fails("FORBIDDEN", "PERMISSION_DENIED " + String.format(fail, 7) + "(PERMISSION_DENIED : )?not yours"),
                null));
        out.add(new IdlCase(Case.idl(name + " fail exhausted", address, SERVICE, "Fail",
                "{\"code\": 8, \"message\": \"too many\"}", proto)
                .fails("OVERLOAD", "RESOURCE_EXHAUSTED " + String.format(fail, 8) + "(RESOURCE_EXHAUSTED : )?too many"),
                null));
        out.add(new IdlCase(Case.idl(name + " fail unexpected", address, SERVICE, "Fail",
                "{\"message\": \"boom\"}", proto)
                .fails("BIZ", "UNKNOWN " + String.format(fail, 2) + ".*"), null));
        out.add(new IdlCase(Case.idl(name + " slow", address, SERVICE, "Slow", "{\"millis\": 3000}", proto)
                .set("timeout", "700").fails("TIMEOUT", ".*(within 700 ms|DEADLINE_EXCEEDED).*"), null));
        out.add(new IdlCase(Case.idl(name + " unknown method", address, SERVICE, "Refund", "{}", proto)
                .fails("CONFIG", Pattern.quote("DubboSampler.method: unknown method 'Refund' in service " + SERVICE
                        + " (it has [Place, Echo, Track, Fail, Slow, Upload])")), null));
        out.add(new IdlCase(Case.idl(name + " unknown service", address, "OrderService", "Place", "{}", proto)
                .fails("CONFIG", Pattern.quote("DubboSampler.interface: unknown service 'OrderService' in"
                        + " orders.proto (it has [" + SERVICE + "]; the full name, package included)")), null));
        out.add(new IdlCase(Case.idl(name + " json misfit", address, SERVICE, "Place",
                "{\"lines\": [{\"sku\": \"A\"}, {\"quantity\": \"two\"}]}", proto)
                .fails("CONFIG", Pattern.quote("DubboSampler.arguments: the request does not fit"
                        + " io.dubbostress.outside.idl.Order at lines[1].quantity: expected a whole number (int32),"
                        + " was \"two\"")), null));
        out.add(new IdlCase(Case.idl(name + " client streaming", address, SERVICE, "Upload", "{}", proto)
                .fails("CONFIG", Pattern.quote("DubboSampler.method: " + SERVICE + "/Upload is client-streaming:"
                        + " the sampler calls unary and server-streaming methods only")), null));
        out.add(new IdlCase(Case.idl(name + " not served", address, "io.dubbostress.outside.idl.GhostService", "Echo",
                "{\"text\": \"boo\"}", ghostProto()).fails("NO_PROVIDER", "the server does not serve"
                        + " io\\.dubbostress\\.outside\\.idl\\.GhostService/Echo \\(UNIMPLEMENTED \\(grpc-status 12\\).*"),
                null));
        if (triple) {
            out.add(new IdlCase(Case.idl(name + " echo gold", address, SERVICE, "Echo", "{\"text\": \"hi\"}", proto)
                    .set("version", "2.0.0").set("group", "gold").ok(null), "{\"text\": \"gold-2.0.0:hi\"}"));
            // the gold service's echo is not the request: the echo check says so
            out.add(new IdlCase(Case.idl(name + " echo gold checked", address, SERVICE, "Echo", "{\"text\": \"hi\"}",
                    proto).set("version", "2.0.0").set("group", "gold").set("responseCheck", "echo")
                    .fails("MISMATCH", Pattern.quote("the answer of " + SERVICE + "/Echo differs from the request"
                            + " (io.dubbostress.outside.idl.EchoMessage vs io.dubbostress.outside.idl.EchoMessage,"
                            + " compared field by field)")), null));
            out.add(new IdlCase(Case.idl(name + " reflection", address, SERVICE, "Echo", "{\"text\": \"hi\"}", "")
                    .fails("CONFIG", Pattern.quote("DubboSampler.protoFiles: empty, and the server offers no gRPC"
                            + " server reflection (grpc.reflection.v1 and v1alpha answer UNIMPLEMENTED): give the"
                            + " .proto files or a descriptor set")), null));
        } else {
            out.add(new IdlCase(Case.idl(name + " reflection place", address, SERVICE, "Place", ORDER, "").ok(null),
                    PLACED));
            out.add(new IdlCase(Case.idl(name + " reflection track", address, SERVICE, "Track",
                    "{\"orderId\": \"o-7\", \"updates\": 3}", "").ok(null), TRACKED));
            out.add(new IdlCase(Case.idl(name + " reflection unknown", address, "io.dubbostress.outside.idl.Nope",
                    "Place", "{}", "").fails("CONFIG", Pattern.quote("DubboSampler.interface:"
                            + " 'io.dubbostress.outside.idl.Nope': the server's reflection (" + address + ") does not"
                            + " know it; it serves [io.dubbostress.outside.idl.OrderService]")), null));
            out.add(new IdlCase(Case.idl(name + " descriptor set", address, SERVICE, "Place", ORDER,
                    System.getProperty("outside.idl.descriptors")).ok(null), PLACED));
        }
        return out;
    }

    /** A .proto of a service no server serves (written by the test; the same package, its own message). */
    static String ghostProto() {
        Path ghost = dir.resolve("ghost/ghost.proto");
        try {
            if (!Files.exists(ghost)) {
                Files.createDirectories(ghost.getParent());
                Files.write(ghost, ("syntax = \"proto3\";\npackage io.dubbostress.outside.idl;\n"
                        + "message Boo { string text = 1; }\n"
                        + "service GhostService { rpc Echo (Boo) returns (Boo); }\n").getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return ghost.toString();
    }

    // ------------------------------------------------------------------------------------ the runs

    @Test
    void tripleAndGrpcServersInTheStockHome() throws Exception {
        Map<String, List<IdlCase>> groups = new LinkedHashMap<>();
        groups.put("tri", cases("tri", "tri://127.0.0.1:" + triPort, true));
        groups.put("grpc", cases("grpc", "grpc://127.0.0.1:" + grpcPort, false));
        List<IdlCase> wrong = new ArrayList<>();
        wrong.add(new IdlCase(Case.idl("not http2: an HTTP/1.1 server", "grpc://127.0.0.1:" + http1Port, SERVICE,
                "Echo", "{}", proto).fails("CONFIG", Pattern.quote("DubboSampler.address: 'grpc://127.0.0.1:"
                        + http1Port + "': 127.0.0.1:" + http1Port + " is not an HTTP/2 (gRPC) server: it answered"
                        + " 'HTTP/1.1 ") + ".*"), null));
        wrong.add(new IdlCase(Case.idl("not http2: a dubbo port", "grpc://127.0.0.1:" + dubboPort, SERVICE,
                "Echo", "{}", proto).set("timeout", "1500").fails("NETWORK", Pattern.quote("127.0.0.1:" + dubboPort
                        + " accepted the connection but sent no HTTP/2 SETTINGS within 10000 ms") + ".*"), null));
        wrong.add(new IdlCase(Case.idl("nothing listens", "grpc://127.0.0.1:" + freePort(), SERVICE, "Echo", "{}",
                proto).fails("NETWORK", "cannot connect to 127\\.0\\.0\\.1:\\d+: .*"), null));
        wrong.add(new IdlCase(Case.idl("proto does not parse", "grpc://127.0.0.1:" + grpcPort, SERVICE, "Echo", "{}",
                brokenProto()).fails("CONFIG", "DubboSampler\\.protoFiles: Syntax error in .*/broken\\.proto:5:2: expected ';'"
                        + " but was '}'"), null));
        groups.put("wrong", wrong);
        List<IdlCase> tls = new ArrayList<>();
        tls.add(new IdlCase(Case.idl("tls place", "grpc://127.0.0.1:" + tlsPort, SERVICE, "Place", ORDER, proto)
                .set("tlsCaFile", caFile.toString()).ok(null), PLACED));
        tls.add(new IdlCase(Case.idl("tls grpcs reflection", "grpcs://127.0.0.1:" + tlsPort, SERVICE, "Echo",
                "{\"text\": \"hi\"}", "").set("tlsCaFile", caFile.toString()).fails("CONFIG", ".*no gRPC server"
                        + " reflection.*"), null));
        tls.add(new IdlCase(Case.idl("tls untrusted", "grpcs://127.0.0.1:" + tlsPort, SERVICE, "Echo", "{}", proto)
                .fails("NETWORK", "the TLS handshake with 127\\.0\\.0\\.1:" + tlsPort + " failed: .*"), null));
        // grpc-java's TLS server closes a plain-text connection without a TLS alert: the message says it may be TLS
        tls.add(new IdlCase(Case.idl("tls port without tls", "grpc://127.0.0.1:" + tlsPort, SERVICE, "Echo", "{}",
                proto).set("timeout", "2000").fails("CONFIG", Pattern.quote("DubboSampler.address: 'grpc://127.0.0.1:"
                        + tlsPort + "': 127.0.0.1:" + tlsPort + " closed the connection without an HTTP/2 SETTINGS"
                        + " frame: not an HTTP/2 (gRPC) server (a dubbo:// port?), or a TLS port (use grpcs://, or give"
                        + " the TLS CA file)")), null));
        // and the reverse: TLS to a plain port, whose server answers with a plain HTTP/2 frame
        tls.add(new IdlCase(Case.idl("tls to a plain port", "grpc://127.0.0.1:" + grpcPort, SERVICE, "Echo", "{}",
                proto).set("tlsCaFile", caFile.toString()).fails("CONFIG", Pattern.quote("DubboSampler.address:"
                        + " 'grpc://127.0.0.1:" + grpcPort + "': 127.0.0.1:" + grpcPort + " answered in plain text, not"
                        + " TLS: it is not a TLS port (call it with grpc:// and no TLS CA file)")), null));
        groups.put("tls", tls);
        groups.put("interop", interopCases());
        Map<String, List<Case>> plan = new LinkedHashMap<>();
        groups.forEach((k, v) -> plan.put(k, v.stream().map(c -> c.sampler).collect(java.util.stream.Collectors
                .toList())));
        // four threads share one connection per target: the same Place sampler, twice each
        Run run = run("dubbo3-5.6.3", Path.of(System.getProperty("outside.jmeter.home")), plan,
                List.of(Case.idl("shared place", "grpc://127.0.0.1:" + grpcPort, SERVICE, "Place", ORDER, proto)
                        .ok(null)));
        SoftAssertions softly = new SoftAssertions();
        for (List<IdlCase> cases : groups.values()) {
            for (IdlCase c : cases) {
                check(softly, run.samples.get(c.sampler.label), c);
            }
        }
        // a stream cut at its deadline counts what arrived, as a completed one does; a failure has no count
        // (each StreamingOutputCallResponse of a 3-byte body is 7 bytes; HealthCheckResponse SERVING 2)
        for (String[] expected : new String[][] {{"interop stream", "2", "14"},
            {"interop stream past its deadline", "1", "7"}, {"interop health watch", "1", "2"},
            {"interop echo mismatch", "", null}}) {
            XmlJtl.Sample s = run.samples.get(expected[0]);
            if (s != null) {
                softly.assertThat(s.children.getOrDefault("grpc_messages", "")).as("grpc_messages of " + s)
                        .isEqualTo(expected[1]);
                if (expected[2] != null) {
                    softly.assertThat(s.bytes).as("bytes of " + s).isEqualTo(Long.parseLong(expected[2]));
                }
            }
        }
        XmlJtl.Sample cut = run.samples.get("interop stream past its deadline");
        if (cut != null) {
            softly.assertThat(cut.latencyMs).as("latency of " + cut + ": the first message, at once")
                    .isLessThan(cut.elapsedMs - 1000);
        }
        List<XmlJtl.Sample> shared = run.all.stream().filter(s -> s.label.equals("shared place"))
                .collect(java.util.stream.Collectors.toList());
        softly.assertThat(shared).as("shared place samples").hasSize(8).allMatch(s -> s.code.equals("200"));
        // one connection per target, every thread and sampler sharing it, closed at the end
        Matcher opened = Pattern.compile("gRPC connection opened: (\\S+)").matcher(run.log);
        List<String> targets = new ArrayList<>();
        while (opened.find()) {
            targets.add(opened.group(1));
        }
        softly.assertThat(targets).as("connections opened (jmeter.log)").containsExactlyInAnyOrder(
                "tri://127.0.0.1:" + triPort, "grpc://127.0.0.1:" + grpcPort, "grpc://127.0.0.1:" + tlsPort,
                "grpcs://127.0.0.1:" + tlsPort, "grpc://127.0.0.1:" + interopPort);
        softly.assertThat(run.log).as("jmeter.log").contains("gRPC connections closed: 5")
                .doesNotContain(" ERROR ");
        softly.assertThat(run.console).as("bin/jmeter's console").doesNotContain("\tat ").doesNotContain("Exception");
        softly.assertAll();
    }

    /**
     * The example plan ({@code test-plans/dubbo3-idl.jmx}) in the stock 5.1.1 home, whose lib/ has protobuf-java 2.5.0
     * (loaded before lib/ext: the jar's own protobuf is relocated), for fourteen seconds with two threads paced by its
     * Target Rate Schedule at 200 calls/s (each thread first reads the .proto and the first sample connects: 8 s at a
     * load average of 35, which a shorter test would leave no time after): every sample answered, its due time's columns consistent ({@code response_us} = {@code lag_us}
     * + {@code elapsed_us}), and every sample
     * answered and its echo checked, {@code elapsed_us} within half a millisecond of JMeter's rounded {@code elapsed},
     * one message each.
     */
    @Test
    void theExamplePlanInTheOldStockHome() throws Exception {
        Path home = dir.resolve("home-dubbo3-5.1.1");
        SamplerHomes.withSampler(Path.of(System.getProperty("outside.jmeter.old.home")),
                Path.of(System.getProperty("outside.dubbo3.jar")), home);
        Path out = Files.createDirectories(dir.resolve("example-5.1.1"));
        Path jtl = out.resolve("results.jtl");
        List<String> command = Arrays.asList(home.resolve("bin/jmeter").toString(), "-n", "-t",
                System.getProperty("outside.idl.plan"), "-l", jtl.toString(), "-j", out.resolve("jmeter.log").toString(),
                "-Jidl_address=grpc://127.0.0.1:" + grpcPort, "-Jproto_files=" + proto,
                "-Jproto_path=" + System.getProperty("outside.idl.proto"), "-Jthreads=2", "-Jduration=14",
                "-Jpayload=2048", "-Jrate=200",
                "-Jsample_variables=elapsed_us,due_us,lag_us,response_us,grpc_messages");
        Jvm jmeter = Jvm.start(namespace.inside(command), out, out.resolve("stdout.txt"), "HEAP", "-Xms256m -Xmx512m");
        int exit = jmeter.awaitExit(Duration.ofSeconds(180));
        keep(out, "example-5.1.1");
        assertThat(exit).as(jmeter.tail()).isZero();
        List<String> lines = Files.readAllLines(jtl, StandardCharsets.UTF_8);
        assertThat(lines).as("samples in 14 s, two threads").hasSizeGreaterThan(4);
        SoftAssertions softly = new SoftAssertions();
        for (Map<String, String> row : exampleRows(lines, softly)) {
            softly.assertThat(Math.abs(Long.parseLong(row.get("elapsed_us")) / 1000.0
                    - Long.parseLong(row.get("elapsed")))).as("elapsed_us vs elapsed: " + row)
                    .isLessThanOrEqualTo(0.5 + 1e-9);
        }
        softly.assertAll();
    }

    /**
     * The rows of an example plan's CSV JTL by column name, each checked as every example row must be: answered
     * ({@code 200}, success), one gRPC message, {@code response_us} = {@code lag_us} + {@code elapsed_us} (to the
     * microsecond the three are rounded to).
     */
    private static List<Map<String, String>> exampleRows(List<String> lines, SoftAssertions softly) {
        List<String> header = Arrays.asList(lines.get(0).replace("\"", "").split(","));
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size() && i < f.length; i++) {
                row.put(header.get(i), f[i]);
            }
            softly.assertThat(row.get("responseCode")).as(line).isEqualTo("200");
            softly.assertThat(row.get("success")).as(line).isEqualTo("true");
            softly.assertThat(row.get("grpc_messages")).as(line).isEqualTo("1");
            softly.assertThat(Long.parseLong(row.get("response_us")) - Long.parseLong(row.get("lag_us"))
                    - Long.parseLong(row.get("elapsed_us"))).as("response_us - lag_us - elapsed_us: " + line)
                    .isBetween(0L, 1L);
            rows.add(row);
        }
        return rows;
    }

    /**
     * The example plan in distributed mode: a {@code bin/jmeter-server} of a stock 5.6.3 home with the 3.3 jar runs it
     * (the {@code .proto} at the same path, as on every load generator), {@code bin/jmeter -n -R} of the same home
     * drives it with the settings sent as {@code -G} properties and writes the JTL from the server's sample events:
     * every sample answered and checked, one message each, its due times 1/rate apart (one schedule on the one load
     * generator), {@code response_us} = {@code lag_us} + {@code elapsed_us}; the server's jmeter.log opened and closed
     * the gRPC connections, the client's made none.
     */
    @Test
    void theExamplePlanInDistributedMode() throws Exception {
        Path home = dir.resolve("home-dubbo3-5.6.3-distributed");
        SamplerHomes.withSampler(Path.of(System.getProperty("outside.jmeter.home")),
                Path.of(System.getProperty("outside.dubbo3.jar")), home);
        Path out = Files.createDirectories(dir.resolve("example-distributed"));
        Path jtl = out.resolve("results.jtl");
        int serverPort = freePort();
        int serverLocalPort = freePort();
        int rate = 100;
        String variables = "-Jsample_variables=elapsed_us,due_us,lag_us,response_us,grpc_messages";
        List<String> rmi = Arrays.asList("-Jserver.rmi.ssl.disable=true", "-Djava.rmi.server.hostname=127.0.0.1");
        List<String> serverCommand = new ArrayList<>(Arrays.asList(home.resolve("bin/jmeter-server").toString(),
                "-Jserver_port=" + serverPort, "-Jserver.rmi.localport=" + serverLocalPort, "-Jserver.exitaftertest=true", variables));
        serverCommand.addAll(rmi);
        List<String> clientCommand = new ArrayList<>(Arrays.asList(home.resolve("bin/jmeter").toString(), "-n", "-t",
                System.getProperty("outside.idl.plan"), "-l", jtl.toString(), "-j", out.resolve("jmeter.log").toString(),
                "-R", "127.0.0.1:" + serverPort, variables, "-Gidl_address=grpc://127.0.0.1:" + grpcPort,
                "-Gproto_files=" + proto, "-Gproto_path=" + System.getProperty("outside.idl.proto"), "-Gthreads=2",
                "-Gduration=8", "-Gpayload=512", "-Grate=" + rate));
        clientCommand.addAll(rmi);
        int exit;
        try (Jvm server = Jvm.start(namespace.inside(serverCommand), out, out.resolve("server-stdout.txt"), "HEAP",
                "-Xms256m -Xmx512m")) {
            server.awaitOutput("Created remote object", Duration.ofSeconds(60));
            Jvm client = Jvm.start(namespace.inside(clientCommand), out, out.resolve("stdout.txt"), "HEAP",
                    "-Xms128m -Xmx256m");
            try (client) {
                exit = client.awaitExit(Duration.ofSeconds(180));
                assertThat(exit).as(client.tail()).isZero();
            }
            // server.exitaftertest: the server ends once the test has ended there (its connections closed first)
            assertThat(server.awaitExit(Duration.ofSeconds(60))).as(server.tail()).isZero();
        } finally {
            keep(out, "example-distributed");
        }
        List<String> lines = Files.readAllLines(jtl, StandardCharsets.UTF_8);
        assertThat(lines.get(0)).as("the client's JTL header").contains("elapsed_us", "due_us", "grpc_messages");
        assertThat(lines).as("samples in 8 s at %d calls/s", rate).hasSizeGreaterThan(100);
        SoftAssertions softly = new SoftAssertions();
        List<Long> dues = new ArrayList<>();
        for (Map<String, String> row : exampleRows(lines, softly)) {
            dues.add(Long.parseLong(row.get("due_us")));
        }
        dues.sort(null);
        // the last two may be a step further apart: the thread group's end stops a thread whose call is in flight
        // (JMeter records no sample for it), at most one per thread
        for (int i = 2; i < dues.size() - 2; i++) {
            softly.assertThat((double) (dues.get(i) - dues.get(i - 1))).as("due time %d after %d", i, i - 1)
                    .isBetween(1e6 / rate - 1.5, 1e6 / rate + 1.5);
        }
        softly.assertThat((double) (dues.get(dues.size() - 1) - dues.get(2))).as("the due times' span")
                .isBetween((dues.size() - 3) * 1e6 / rate - 2, (dues.size() - 1) * 1e6 / rate + 2);
        String serverLog = new String(Files.readAllBytes(out.resolve("jmeter-server.log")), StandardCharsets.UTF_8);
        String clientLog = new String(Files.readAllBytes(out.resolve("jmeter.log")), StandardCharsets.UTF_8);
        softly.assertThat(serverLog).as("jmeter-server.log").contains("gRPC connections closed").doesNotContain(" ERROR ");
        softly.assertThat(clientLog).as("the client's jmeter.log").doesNotContain("gRPC connection");
        softly.assertAll();
    }

    /**
     * Browse for IDL addresses, as the dialog lists them, with the shipped 3.3 jar on a stock home's class path: the
     * grpc-java server's reflection and the triple provider's services from the .proto, each method's request template a
     * JSON object of the request's fields; the triple provider's missing reflection and an HTTP/1.1 server named.
     */
    @Test
    void browsesFromTheProtoAndFromReflection() throws Exception {
        Path home = dir.resolve("home-browse");
        SamplerHomes.withSampler(Path.of(System.getProperty("outside.jmeter.home")),
                Path.of(System.getProperty("outside.dubbo3.jar")), home);
        List<String> lines = SamplerProbeRun.run(home, Path.of(System.getProperty("outside.dubbo3.jar")), dir,
                "idl-browse", namespace,
                String.join("|", "idl-browse", "reflected", "grpc://127.0.0.1:" + grpcPort, ""),
                String.join("|", "idl-browse", "proto", "tri://127.0.0.1:" + triPort, proto),
                String.join("|", "idl-browse", "no-reflection", "tri://127.0.0.1:" + triPort, ""),
                String.join("|", "idl-browse", "http1", "grpc://127.0.0.1:" + http1Port, ""));
        lines.forEach(l -> System.out.println("idl browse: " + l));
        for (String label : new String[] {"reflected", "proto"}) {
            List<String> methods = lines.stream().filter(l -> l.startsWith(label + " method "))
                    .collect(java.util.stream.Collectors.toList());
            assertThat(methods).as(label).hasSize(5); // Upload, client-streaming, is not listed
            String place = methods.stream().filter(l -> l.contains("/Place(")).findFirst().orElseThrow();
            assertThat(place).startsWith(label + " method " + SERVICE + "/Place(io.dubbostress.outside.idl.Order)"
                    + " returns io.dubbostress.outside.idl.PlaceOrderReply template ");
            JsonNode template = JSON.readTree(place.substring(place.indexOf(" template ") + 10));
            assertThat(template.fieldNames()).toIterable().containsExactly("id", "customer", "lines", "labels",
                    "colour", "shipTo", "createdAt", "note", "signature", "priorities", "linesByNumber", "discount",
                    "express");
            assertThat(template.get("colour").asText()).isEqualTo("COLOUR_UNSPECIFIED");
            assertThat(template.get("lines").get(0).get("unitPrice").has("nanos")).isTrue();
            assertThat(methods).anyMatch(l -> l.contains("/Track(io.dubbostress.outside.idl.TrackRequest) returns"
                    + " stream io.dubbostress.outside.idl.TrackUpdate"));
        }
        assertThat(lines).anyMatch(l -> l.startsWith("no-reflection error tri://127.0.0.1:" + triPort + ": the server"
                + " offers no gRPC server reflection"));
        assertThat(lines).anyMatch(l -> l.startsWith("http1 error 127.0.0.1:" + http1Port + " is not an HTTP/2 (gRPC)"
                + " server: it answered 'HTTP/1.1 "));
    }

    private static void check(SoftAssertions softly, XmlJtl.Sample s, IdlCase c) throws IOException {
        if (s == null) {
            softly.fail("no sample for " + c.sampler.label);
            return;
        }
        softly.assertThat(s.code).as("code of " + s).matches(c.sampler.code);
        softly.assertThat(s.message).as("message of " + s).matches(c.sampler.message);
        softly.assertThat(s.success).as("success of " + s).isEqualTo("200".equals(c.sampler.code));
        if (c.answer != null) {
            JsonNode expected = JSON.readTree(c.answer);
            JsonNode actual = s.data == null || s.data.isEmpty() ? null : JSON.readTree(s.data);
            softly.assertThat(actual).as("answer of " + c.sampler.label + " (field by field)").isEqualTo(expected);
        }
    }

    /**
     * grpc-java's interop TestService and Health service (types from the server's reflection), for what they showed
     * (issue 35): a server stream that outlives the deadline, a wrong Parameter types value, reserved metadata
     * names, bad base64, a service-name typo.
     */
    static List<IdlCase> interopCases() {
        String interop = "grpc://127.0.0.1:" + interopPort;
        String test = "grpc.testing.TestService";
        List<IdlCase> out = new ArrayList<>();
        // A. two messages at once: a completed stream; one at once and one 20 s later, 3 s deadline: one arrived
        out.add(new IdlCase(Case.idl("interop stream", interop, test, "StreamingOutputCall",
                "{\"responseParameters\": [{\"size\": 3}, {\"size\": 3}]}", "").ok(null),
                "[{\"payload\": {\"body\": \"AAAA\"}}, {\"payload\": {\"body\": \"AAAA\"}}]"));
        out.add(new IdlCase(Case.idl("interop stream past its deadline", interop, test, "StreamingOutputCall",
                "{\"responseParameters\": [{\"size\": 3}, {\"size\": 3, \"intervalUs\": 20000000}]}", "")
                .set("timeout", "3000").fails("TIMEOUT", Pattern.quote("the stream of " + test
                        + "/StreamingOutputCall at " + interop + " did not end within 3000 ms: 1 message arrived (the"
                        + " deadline sent as grpc-timeout; the stream is cancelled)")),
                "[{\"payload\": {\"body\": \"AAAA\"}}]"));
        out.add(new IdlCase(Case.idl("interop health watch", interop, "grpc.health.v1.Health", "Watch", "{}", "")
                .set("timeout", "2000").fails("TIMEOUT", Pattern.quote("the stream of grpc.health.v1.Health/Watch at "
                        + interop + " did not end within 2000 ms: 1 message arrived (the deadline sent as"
                        + " grpc-timeout; the stream is cancelled)")), "[{\"status\": \"SERVING\"}]"));
        // B. Parameter types checked once reflection has resolved the method, as with a .proto
        out.add(new IdlCase(Case.idl("interop wrong parameter types", interop, "grpc.health.v1.Health", "Check", "{}",
                "").types("java.lang.String").fails("CONFIG", Pattern.quote("DubboSampler.parameterTypes:"
                        + " 'java.lang.String' is not the request type of grpc.health.v1.Health/Check"
                        + " (grpc.health.v1.HealthCheckRequest, from the server's reflection (" + interop
                        + "); leave it empty or give that)")), null));
        out.add(new IdlCase(Case.idl("interop right parameter types", interop, "grpc.health.v1.Health", "Check", "{}",
                "").types("grpc.health.v1.HealthCheckRequest").ok(null), "{\"status\": \"SERVING\"}"));
        // D. the transport's header names, and binary metadata that is not base64
        String[][] reserved = {{":path", "/x.Y/Z", "an HTTP/2 pseudo-header, which the transport sets"},
            {"grpc-timeout", "1n", "grpc-* names are gRPC's transport's (the deadline comes from"
                    + " DubboSampler.timeout)"},
            {"x-bin", "not base64 !", "a -bin value must be base64 (gRPC's binary metadata), was 'not base64 !'"}};
        for (String[] r : reserved) {
            out.add(new IdlCase(Case.idl("interop attachment " + r[0], interop, test, "EmptyCall", "{}", "")
                    .set("attachments", "{\"" + r[0] + "\": \"" + r[1] + "\"}").fails("CONFIG",
                            Pattern.quote("DubboSampler.attachments: '" + r[0] + "': " + r[2])), null));
        }
        out.add(new IdlCase(Case.idl("interop binary attachment", interop, test, "EmptyCall", "{}", "")
                .set("attachments", "{\"x-trace-bin\": \"AAEC\"}").ok(null), "{}"));
        // E. bad base64 in a bytes field: its path; a service-name typo: the field and the services there are
        out.add(new IdlCase(Case.idl("interop bad base64", interop, test, "UnaryCall",
                "{\"payload\": {\"body\": \"not base64 !\"}}", "").fails("CONFIG", Pattern.quote(
                        "DubboSampler.arguments: the request does not fit grpc.testing.SimpleRequest at payload.body:"
                        + " expected base64 text (bytes), was \"not base64 !\", which is not base64")), null));
        out.add(new IdlCase(Case.idl("interop service typo", interop, "grpc.health.v1.Helth", "Check", "{}", "")
                .fails("CONFIG", Pattern.quote("DubboSampler.interface: 'grpc.health.v1.Helth': the server's"
                        + " reflection (" + interop + ") does not know it; it serves [grpc.health.v1.Health,"
                        + " grpc.testing.TestService]")), null));
        // a MISMATCH has no message count (grpc_messages removed, as after every failure)
        out.add(new IdlCase(Case.idl("interop echo mismatch", interop, test, "UnaryCall",
                "{\"responseSize\": 2}", "").set("responseCheck", "echo").fails("MISMATCH", ".*differs from the"
                        + " request.*"), null));
        return out;
    }

    static String brokenProto() {
        Path broken = dir.resolve("broken/broken.proto");
        try {
            if (!Files.exists(broken)) {
                Files.createDirectories(broken.getParent());
                Files.write(broken, "syntax = \"proto3\";\npackage x;\nmessage M {\n  string name = 1\n}\n"
                        .getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return broken.toString();
    }

    /** What one bin/jmeter run left. */
    static final class Run {
        Map<String, XmlJtl.Sample> samples;
        List<XmlJtl.Sample> all;
        String log;
        String console;
    }

    /**
     * Runs {@code groups} (one thread each) and {@code shared} (four threads, two loops) with bin/jmeter of
     * {@code stock} with the 3.3 jar in place of its sampler, inside the namespace.
     */
    private static Run run(String name, Path stock, Map<String, List<Case>> groups, List<Case> shared)
            throws Exception {
        Path home = dir.resolve("home-" + name);
        SamplerHomes.withSampler(stock, Path.of(System.getProperty("outside.dubbo3.jar")), home);
        Path out = Files.createDirectories(dir.resolve(name));
        Path plan = PlanFile.write(out.resolve("idl.jmx"), groups, shared, 4, 2);
        Path jtl = out.resolve("results.jtl");
        List<String> command = Arrays.asList(home.resolve("bin/jmeter").toString(), "-n", "-t", plan.toString(), "-l",
                jtl.toString(), "-j", out.resolve("jmeter.log").toString(),
                "-Jjmeter.save.saveservice.output_format=xml", "-Jjmeter.save.saveservice.response_data=true",
                "-Jjmeter.save.saveservice.samplerData=true", "-Jjmeter.save.saveservice.bytes=true",
                "-Jsample_variables=grpc_messages");
        long started = System.nanoTime();
        Jvm jmeter = Jvm.start(namespace.inside(command), out, out.resolve("stdout.txt"), "HEAP",
                "-Xms256m -Xmx512m");
        int exit = jmeter.awaitExit(Duration.ofSeconds(180));
        Path kept = Files.createDirectories(Path.of("target", "idl-runs", name));
        try (java.util.stream.Stream<Path> files = Files.list(out)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, kept.resolve(f.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        System.out.printf("idl %s: bin/jmeter ran %d ms%n", name, (System.nanoTime() - started) / 1_000_000);
        assertThat(exit).as(jmeter.tail()).isZero();
        Run run = new Run();
        run.all = XmlJtl.readAll(jtl);
        run.samples = new LinkedHashMap<>();
        for (XmlJtl.Sample s : run.all) {
            run.samples.putIfAbsent(s.label, s);
        }
        run.log = new String(Files.readAllBytes(out.resolve("jmeter.log")), StandardCharsets.UTF_8);
        run.console = jmeter.output();
        return run;
    }

    /** A run's files kept under target/idl-runs/NAME for a look after the test. */
    private static void keep(Path out, String name) throws IOException {
        Path kept = Files.createDirectories(Path.of("target", "idl-runs", name));
        try (java.util.stream.Stream<Path> files = Files.list(out)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, kept.resolve(f.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
