package io.dubbostress.cli.gc;

import io.dubbostress.report.TestResources;

import io.dubbostress.gc.ApiKey;
import io.dubbostress.gc.FakeGcEasy;
import io.dubbostress.gc.GcEasyAnswer;
import io.dubbostress.gc.GcEasyClient;
import io.dubbostress.gc.GcEasyException;
import io.dubbostress.gc.GcLogSet;
import io.dubbostress.gc.TimeWindow;

import io.dubbostress.cli.ErrorHandler;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The GCeasy client against a local server answering as GCeasy's documentation describes. */
class GcEasyClientTest {

    /** A key shaped like GCeasy's (a UUID), unlikely to appear anywhere by chance. */
    private static final String KEY = "3f8e2a9c-71d4-4b6e-9a05-c2d7e18b4f63";

    @TempDir
    Path dir;

    private FakeGcEasy gcEasy;
    private Path log;

    @BeforeEach
    void start() throws Exception {
        gcEasy = new FakeGcEasy(KEY);
        log = TestResources.copy("gc/jdk8/parallel-gc.log", dir.resolve("provider-gc.log"));
    }

    @AfterEach
    void stop() {
        gcEasy.close();
    }

    private GcEasyClient client(String key, Duration timeout, long compressAbove) {
        return new GcEasyClient(gcEasy.endpoint(), ApiKey.of(key), timeout, compressAbove);
    }

    @Test
    void uploadsTheRawLogAsDocumentedAndReadsTheKpis() throws Exception {
        GcEasyAnswer answer = client(KEY, Duration.ofSeconds(30), Long.MAX_VALUE).analyze(log);
        FakeGcEasy.Received request = gcEasy.received().get(0);
        assertThat(request.method).isEqualTo("POST");
        assertThat(request.apiKey).isEqualTo(KEY);
        assertThat(request.contentType).isEqualTo("text");
        assertThat(request.contentEncoding).isNull();
        assertThat(request.log()).isEqualTo(Files.readString(log));
        assertThat(answer.throughputPercent()).isEqualTo(89.579);
        assertThat(answer.averagePauseMs()).isEqualTo(10.124);
        assertThat(answer.maxPauseMs()).isEqualTo(49.375);
        assertThat(answer.isProblem()).isTrue();
        assertThat(answer.problems()).containsExactly("Our analysis tells that Full GCs are running in your application.");
        assertThat(answer.webReport()).startsWith("https://gceasy.io/my-gc-report.jsp?p=");
    }

    @Test
    void bigLogsAreZipped() throws Exception {
        client(KEY, Duration.ofSeconds(30), 100).analyze(log);
        FakeGcEasy.Received request = gcEasy.received().get(0);
        assertThat(request.contentEncoding).isEqualTo("zip");
        assertThat(request.body.length).isLessThan((int) Files.size(log));
        assertThat(request.log()).isEqualTo(Files.readString(log));
    }

    @Test
    void aRefusedKeyAServerErrorANonJsonAnswerAndATimeoutAreOneLineEachWithoutTheKey() throws Exception {
        String wrongKey = "0000aaaa-bad0-key0-0000-000000000000";
        assertThatThrownBy(() -> client(wrongKey, Duration.ofSeconds(30), Long.MAX_VALUE).analyze(log))
                .isInstanceOf(GcEasyException.class)
                .hasMessage("GCeasy refused the request: Invalid API key '***'");

        gcEasy.mode(FakeGcEasy.Mode.SERVER_ERROR);
        assertThatThrownBy(() -> client(KEY, Duration.ofSeconds(30), Long.MAX_VALUE).analyze(log))
                .isInstanceOf(GcEasyException.class)
                .hasMessage("GCeasy (" + gcEasy.endpoint() + ") answered HTTP 503: "
                        + "<html><body>503 Service Unavailable</body></html>");

        gcEasy.mode(FakeGcEasy.Mode.NOT_JSON);
        assertThatThrownBy(() -> client(KEY, Duration.ofSeconds(30), Long.MAX_VALUE).analyze(log))
                .isInstanceOf(GcEasyException.class)
                .hasMessage("GCeasy's answer is not a JSON object: <html><body>Maintenance</body></html>");

        gcEasy.mode(FakeGcEasy.Mode.SLOW);
        assertThatThrownBy(() -> client(KEY, Duration.ofSeconds(1), Long.MAX_VALUE).analyze(log))
                .isInstanceOf(GcEasyException.class)
                .hasMessage("GCeasy (" + gcEasy.endpoint() + ") did not answer within 1 s");
        gcEasy.release();
    }

    @Test
    void stressGcSavesTheAnswerAndTheKeyAppearsNowhere() throws Exception {
        Path second = Files.copy(log, dir.resolve("consumer-gc.log"));
        Path keyFile = Files.write(dir.resolve("gceasy.key"), (KEY + "\n").getBytes(StandardCharsets.UTF_8));
        PrintStream systemOut = System.out;
        PrintStream systemErr = System.err;
        ByteArrayOutputStream capturedOut = new ByteArrayOutputStream();
        ByteArrayOutputStream capturedErr = new ByteArrayOutputStream();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int fromEnv;
        int fromFile;
        int refused;
        try {
            System.setOut(new PrintStream(capturedOut, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(capturedErr, true, StandardCharsets.UTF_8));
            fromEnv = run(Map.of(ApiKey.ENV, KEY), out, err, log.toString());
            fromFile = run(Map.of(), out, err, "--gceasy-key-file", keyFile.toString(), second.toString());
            gcEasy.mode(FakeGcEasy.Mode.ANALYSE);
            refused = run(Map.of(ApiKey.ENV, KEY + "-revoked"), out, err, second.toString());
            gcEasy.mode(FakeGcEasy.Mode.SERVER_ERROR);
            run(Map.of(ApiKey.ENV, KEY), out, err, second.toString());
        } finally {
            System.setOut(systemOut);
            System.setErr(systemErr);
        }
        assertThat(fromEnv).isZero();
        assertThat(fromFile).isZero();
        assertThat(refused).as("a GCeasy failure leaves the offline analysis: not an error").isZero();
        assertThat(gcEasy.received()).extracting(r -> r.apiKey)
                .containsExactly(KEY, KEY, KEY + "-revoked", KEY);

        JsonNode saved = new ObjectMapper().readTree(dir.resolve("provider-gc.gceasy.json").toFile());
        assertThat(saved.get("gcKPI").get("throughputPercentage").asDouble()).isEqualTo(89.579);
        assertThat(dir.resolve("provider-gc.analysis.json")).exists();
        assertThat(out.toString()).contains("provider-gc.log: GCeasy: throughput 89.58 %")
                .contains("report: https://gceasy.io/my-gc-report.jsp?p=");
        assertThat(err.toString()).contains("stress gc: consumer-gc.log: GCeasy refused the request: Invalid API key "
                + "'***' (the offline analysis is in consumer-gc.analysis.json)");
        assertThat(err.toString()).contains("answered HTTP 503");

        String everything = out + "\n" + err + "\n" + capturedOut.toString(StandardCharsets.UTF_8) + "\n"
                + capturedErr.toString(StandardCharsets.UTF_8);
        assertThat(everything).doesNotContain(KEY).doesNotContain(KEY.substring(0, 18));
        List<Path> written;
        try (Stream<Path> files = Files.walk(dir)) {
            written = files.filter(Files::isRegularFile).filter(p -> !p.equals(keyFile)).collect(Collectors.toList());
        }
        assertThat(written).extracting(p -> p.getFileName().toString()).contains("provider-gc.gceasy.json",
                "provider-gc.analysis.json", "consumer-gc.gceasy.json", "consumer-gc.analysis.json");
        for (Path file : written) {
            assertThat(Files.readString(file, StandardCharsets.ISO_8859_1)).as(file.toString()).doesNotContain(KEY);
        }
        assertThat(Files.readString(log)).isEqualTo(TestResources.read("gc/jdk8/parallel-gc.log"));
    }

    @Test
    void theClientSpeaksHttp11WithoutAskingToUpgrade() throws Exception {
        client(KEY, Duration.ofSeconds(30), Long.MAX_VALUE).analyze(log);
        FakeGcEasy.Received request = gcEasy.received().get(0);
        assertThat(request.protocol).isEqualTo("HTTP/1.1");
        assertThat(request.upgrade).isNull();
        // the stand-in refuses what some proxies break on: the JDK client's default h2c upgrade with a body
        java.net.http.HttpResponse<String> upgraded = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create(gcEasy.endpoint() + "?apiKey=" + KEY))
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString("x")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(gcEasy.received().get(1).upgrade).isEqualTo("h2c");
        assertThat(upgraded.statusCode()).isEqualTo(400);
    }

    @Test
    void aRotatedSetGoesAsOneZipOfItsPiecesOldestFirst() throws Exception {
        Path current = Files.write(dir.resolve("gc.log"), List.of(
                "[2026-11-21T10:00:09.000+0000][9.000s][info][gc] GC(9) Pause Young (Normal) (G1 Evacuation Pause) "
                        + "9M->1M(32M) 1.000ms"));
        Path older = Files.write(dir.resolve("gc.log.0"), List.of(
                "[2026-11-21T10:00:07.000+0000][0.010s][info][gc] Using G1",
                "[2026-11-21T10:00:08.000+0000][8.000s][info][gc] GC(8) Pause Young (Normal) (G1 Evacuation Pause) "
                        + "9M->1M(32M) 1.000ms"));
        client(KEY, Duration.ofSeconds(30), Long.MAX_VALUE).analyze(GcLogSet.group(List.of(current, older)).get(0),
                null);
        FakeGcEasy.Received request = gcEasy.received().get(0);
        assertThat(request.contentEncoding).isEqualTo("zip");
        assertThat(request.entries().keySet()).containsExactly("gc.log.0", "gc.log");
        assertThat(request.entries().get("gc.log.0")).isEqualTo(Files.readString(older));
        assertThat(request.entries().get("gc.log")).isEqualTo(Files.readString(current));
    }

    @Test
    void aTimeWindowBecomesGcEasysStartTimeAndEndTimeFilters() throws Exception {
        long from = java.time.OffsetDateTime.parse("2026-11-21T10:00:00.250+01:00").toInstant().toEpochMilli();
        TimeWindow steady = new TimeWindow(from, from + 600_000);
        client(KEY, Duration.ofSeconds(30), Long.MAX_VALUE).analyze(GcLogSet.of(log), steady);
        FakeGcEasy.Received request = gcEasy.received().get(0);
        assertThat(request.startTime).isEqualTo("2026-11-21T09:00:00.250+0000");
        assertThat(request.endTime).isEqualTo("2026-11-21T09:10:00.250+0000");
        assertThat(request.log()).isEqualTo(Files.readString(log));
        // without a window, no filter
        client(KEY, Duration.ofSeconds(30), Long.MAX_VALUE).analyze(log);
        assertThat(gcEasy.received().get(1).startTime).isNull();
        assertThat(gcEasy.received().get(1).endTime).isNull();
    }

    @Test
    void aLogTheOfflineAnalysisCannotReadIsStillUploadedWithAKey() throws Exception {
        // an OpenJ9 verbose GC log: not a format the offline analysis reads, one GCeasy knows
        Path j9 = Files.write(dir.resolve("j9-gc.log"), List.of("<?xml version=\"1.0\" ?>",
                "<verbosegc xmlns=\"http://www.ibm.com/j9/verbosegc\" version=\"0.42\">",
                "<exclusive-start id=\"2\" timestamp=\"2026-11-21T10:00:00.000\" intervalms=\"0.000\">",
                "</verbosegc>"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = run(Map.of(ApiKey.ENV, KEY), out, err, j9.toString());
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("stress gc: GC log " + j9 + " is not a GC log")
                .contains("stress gc: j9-gc.log: GCeasy read it: throughput 89.58 %, max pause 49.38 ms "
                        + "(saved in j9-gc.gceasy.json)");
        assertThat(gcEasy.received()).hasSize(1);
        assertThat(gcEasy.received().get(0).log()).isEqualTo(Files.readString(j9));
        assertThat(dir.resolve("j9-gc.gceasy.json")).exists();
        assertThat(dir.resolve("j9-gc.analysis.json")).doesNotExist();
    }

    @Test
    void aMissingKeyFileIsNamedButItsContentNever() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Path missing = dir.resolve("no.key");
        int exit = run(Map.of(), out, err, "--gceasy-key-file", missing.toString(), log.toString());
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString().trim()).isEqualTo("gc: --gceasy-key-file " + missing + " does not exist");
        assertThat(ApiKey.of(KEY).toString()).isEqualTo("***");
    }

    private int run(Map<String, String> env, StringWriter out, StringWriter err, String... args) {
        GcCommand command = new GcCommand();
        command.environment = env;
        CommandLine cli = new CommandLine(command);
        cli.setExecutionExceptionHandler(new ErrorHandler());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        String[] all = new String[args.length + 2];
        all[0] = "--gceasy-url";
        all[1] = gcEasy.endpoint().toString();
        System.arraycopy(args, 0, all, 2, args.length);
        return cli.execute(all);
    }
}
