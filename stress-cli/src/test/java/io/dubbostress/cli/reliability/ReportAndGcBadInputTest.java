package io.dubbostress.cli.reliability;

import io.dubbostress.cli.testkit.Cli;

import io.dubbostress.report.TestResources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged input to {@code stress report} and {@code stress gc} through the command line, in this JVM: a JTL with
 * garbage lines and a torn last line, a PerfMon CSV with error rows, a GC log of a format nobody knows, and GCeasy
 * answering 401, 403, 500, late, with a page instead of JSON or with nothing. What was measured is still reported,
 * each problem is one line, the API key is never shown. (GCeasy is a local server answering as its documentation
 * says; the real one cannot be reached from the build machine.)
 */
class ReportAndGcBadInputTest {

    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,"
            + "success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect,"
            + "\"elapsed_us\"";
    private static final long START = 1_795_300_000_000L;
    private static final String KEY = "9f3c1d2e-aaaa-bbbb-cccc-0123456789ab";

    @TempDir
    Path dir;

    private String out;
    private String err;
    private HttpServer gcEasy;

    @AfterEach
    void stopGcEasy() {
        if (gcEasy != null) {
            gcEasy.stop(0);
        }
    }

    private int stress(String... args) {
        Cli r = Cli.run(args);
        out = r.out;
        err = r.err;
        return r.exit;
    }

    /** {@code samples} good rows of label {@code label}, 10 ms apart, 1 in 10 failed. */
    private static List<String> rows(String label, int samples) {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < samples; i++) {
            boolean ok = i % 10 != 9;
            rows.add(String.format(Locale.ROOT, "%d,%d,%s,%s,%s,group 1-1,text,%s,,1024,1024,1,1,null,%d,0,0,%d",
                    START + i * 10L, 1 + i % 3, label, ok ? "200" : "NETWORK", ok ? "OK" : "\"closed, by peer\"", ok,
                    1 + i % 3, 1000 + (i % 3) * 1000));
        }
        return rows;
    }

    @Test
    void aJtlWithGarbageLinesAndATornLastLineIsReportedWithItsGoodRowsAndTheBadOnesCounted() throws Exception {
        List<String> good = rows("direct-1k", 2000);
        Random random = new Random(7);
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        for (int i = 0; i < good.size(); i++) {
            text.append(good.get(i)).append('\n');
            if (i == 500 || i == 1000 || i == 1500) { // a line of binary junk: no quote, no line break inside
                byte[] junk = new byte[200];
                random.nextBytes(junk);
                for (byte b : junk) {
                    char c = (char) (b & 0xff);
                    text.append(c == '\n' || c == '\r' || c == '"' ? '?' : c);
                }
                text.append('\n');
            }
        }
        text.append(good.get(0).substring(0, 25)); // JMeter killed mid-row: no line break at the end
        Path jtl = dir.resolve("direct-1k.jtl");
        Files.write(jtl, text.toString().getBytes(StandardCharsets.ISO_8859_1));

        int code = stress("report", jtl.toString(), "--warmup", "0", "--out", dir.resolve("out").toString());

        assertThat(code).as(err).isZero();
        JsonNode scenario = new ObjectMapper().readTree(dir.resolve("out/report.json").toFile()).at("/scenarios/0");
        assertThat(scenario.get("samples").asLong()).isEqualTo(2000);
        assertThat(scenario.at("/errors/count").asLong()).isEqualTo(200);
        assertThat(scenario.get("malformedRows").asLong()).isEqualTo(4);
        assertThat(out).contains("direct-1k: 4 malformed rows skipped (");
        assertThat(err).doesNotContain("Exception", "\tat ");
    }

    @Test
    void aStrayQuoteInAGarbageLineDoesNotSwallowTheRowsAfterIt() throws Exception {
        List<String> good = rows("direct-1k", 1000);
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        for (int i = 0; i < good.size(); i++) {
            text.append(good.get(i)).append('\n');
            if (i == 100) {
                text.append("\u0000\u0007garbage \"opened, never closed\n");
            }
        }
        Path jtl = dir.resolve("direct-1k.jtl");
        Files.write(jtl, text.toString().getBytes(StandardCharsets.ISO_8859_1));

        int code = stress("report", jtl.toString(), "--warmup", "0", "--quiet", "--out", dir.resolve("out").toString());

        assertThat(code).as(err).isZero();
        JsonNode scenario = new ObjectMapper().readTree(dir.resolve("out/report.json").toFile()).at("/scenarios/0");
        long samples = scenario.get("samples").asLong();
        long malformed = scenario.get("malformedRows").asLong();
        assertThat(samples).as("good rows read").isEqualTo(1000);
        assertThat(malformed).as("the garbage line").isEqualTo(1);
    }

    @Test
    void perfMonErrorRowsAreLeftOutOfTheServerFiguresAndTheRestIsReported() throws Exception {
        Path jtl = dir.resolve("direct-1k.jtl");
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        lines.addAll(rows("direct-1k", 3000)); // 30 s
        Files.write(jtl, lines, StandardCharsets.UTF_8);
        Path csv = dir.resolve("perfmon.csv");
        List<String> metrics = new ArrayList<>();
        metrics.add(HEADER);
        for (int s = 0; s <= 30; s++) {
            long t = START + s * 1000L;
            if (s < 10) { // the agent answers for 10 s, then the collector records errors
                metrics.add(t + ",20000,127.0.0.1 CPU,,,,,true,,0,0,0,0,null,0,0,0,null");
            } else {
                metrics.add(t + ",-1000,127.0.0.1 CPU,,java.net.SocketException: Connection reset,,,false,,0,0,0,0,"
                        + "null,0,0,0,null");
            }
        }
        Files.write(csv, metrics, StandardCharsets.UTF_8);

        int code = stress("report", jtl.toString(), csv.toString(), "--warmup", "0", "--quiet", "--out",
                dir.resolve("out").toString());

        assertThat(code).as(err).isZero();
        JsonNode report = new ObjectMapper().readTree(dir.resolve("out/report.json").toFile());
        JsonNode cpu = report.at("/scenarios/0/server/0/cpuPercent");
        assertThat(cpu.get("avg").asDouble()).isEqualTo(20.0);
        assertThat(cpu.get("points").asLong()).isEqualTo(10);
        assertThat(report.at("/scenarios/0/samples").asLong()).isEqualTo(3000);
        // and the report says so
        assertThat(report.get("warnings").toString()).contains("scenario direct-1k: server metrics are partial");
        assertThat(Files.readString(dir.resolve("out/report.md"))).contains("server metrics are partial");
    }

    @Test
    void aGcLogOfAnUnknownFormatIsOneWarningAndTheReportIsStillWritten() throws Exception {
        Path jtl = dir.resolve("direct-1k.jtl");
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        lines.addAll(rows("direct-1k", 500));
        Files.write(jtl, lines, StandardCharsets.UTF_8);
        Path log = Files.write(dir.resolve("provider-gc.log"), ("[0.001s] something else entirely\n"
                + "2026-11-22 10:00:00 INFO application started\n").getBytes(StandardCharsets.UTF_8));

        int code = stress("report", jtl.toString(), log.toString(), "--warmup", "0", "--quiet", "--out",
                dir.resolve("out").toString());

        assertThat(code).as(err).isZero();
        JsonNode report = new ObjectMapper().readTree(dir.resolve("out/report.json").toFile());
        assertThat(report.at("/scenarios/0/samples").asLong()).isEqualTo(500);
        assertThat(report.get("gc")).isEmpty();
        assertThat(report.get("warnings").toString()).contains("GC log " + log + " is not a GC log: no JDK 8");
        assertThat(dir.resolve("out/report.html")).isNotEmptyFile();
    }

    @Test
    void aGcLogWhoseFiguresAreNotSureIsMarkedInTheReportAndWarned() throws Exception {
        Path jtl = dir.resolve("direct-1k.jtl");
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        lines.addAll(rows("direct-1k", 500));
        Files.write(jtl, lines, StandardCharsets.UTF_8);
        // ZGC with -Xlog:gc only: collections, but no pause line
        Path log = Files.write(dir.resolve("provider-gc.log"), ("[0.995s][info][gc] Using The Z Garbage Collector\n"
                + "[1.221s][info][gc] GC(0) Garbage Collection (Metadata GC Threshold) 106M(0%)->88M(0%)\n")
                .getBytes(StandardCharsets.UTF_8));

        int code = stress("report", jtl.toString(), log.toString(), "--warmup", "0", "--quiet", "--out",
                dir.resolve("out").toString());

        assertThat(code).as(err).isZero();
        JsonNode report = new ObjectMapper().readTree(dir.resolve("out/report.json").toFile());
        assertThat(report.at("/gc/0/warnings/0").asText()).contains("none states a pause");
        assertThat(report.get("warnings").toString()).contains("GC figures not sure");
        assertThat(Files.readString(dir.resolve("out/report.md"))).contains("NOT SURE " + log);
    }

    /** How the stand-in answers. */
    private enum Answer {
        UNAUTHORIZED("answered HTTP 401: {\"fault\": {\"reason\": \"Invalid API key ***\"}}"),
        FORBIDDEN("answered HTTP 403: <html><body>403 Forbidden: key *** has no credits</body></html>"),
        SERVER_ERROR("answered HTTP 500: Internal Server Error"),
        TOO_LATE("did not answer within 1 s"),
        HTML("GCeasy's answer is not a JSON object: <html><body>We are down for maintenance</body></html>"),
        EMPTY("GCeasy's answer was empty");

        /** What the line says about it. */
        final String says;

        Answer(String says) {
            this.says = says;
        }
    }

    private final AtomicInteger requests = new AtomicInteger();

    private String startGcEasy(Answer answer, CountDownLatch release) throws IOException {
        gcEasy = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        gcEasy.createContext("/analyzeGC", exchange -> {
            requests.incrementAndGet();
            exchange.getRequestBody().transferTo(new ByteArrayOutputStream());
            int status;
            String body;
            switch (answer) {
                case UNAUTHORIZED:
                    status = 401;
                    body = "{\"fault\": {\"reason\": \"Invalid API key " + KEY + "\"}}";
                    break;
                case FORBIDDEN:
                    status = 403;
                    body = "<html><body>403 Forbidden: key " + KEY + " has no credits</body></html>";
                    break;
                case SERVER_ERROR:
                    status = 500;
                    body = "Internal Server Error";
                    break;
                case HTML:
                    status = 200;
                    body = "<html><body>We are down for maintenance</body></html>";
                    break;
                case EMPTY:
                    status = 200;
                    body = "";
                    break;
                default:
                    try {
                        release.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    status = 200;
                    body = "{}";
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
            try (OutputStream o = exchange.getResponseBody()) {
                o.write(bytes);
            }
        });
        gcEasy.start();
        return "http://127.0.0.1:" + gcEasy.getAddress().getPort() + "/analyzeGC";
    }

    @Test
    void everyKindOfGcEasyFailureIsOneLineTheOfflineAnalysisStaysAndTheKeyIsNeverShown() throws Exception {
        Path keyFile = Files.write(dir.resolve("gceasy.key"), (KEY + "\n").getBytes(StandardCharsets.UTF_8));
        String original = TestResources.read("gc/jdk8/parallel-gc.log");
        for (Answer answer : Answer.values()) {
            CountDownLatch release = new CountDownLatch(1);
            String endpoint = startGcEasy(answer, release);
            Path log = Files.writeString(Files.createDirectories(dir.resolve(answer.name())).resolve("provider-gc.log"),
                    original);
            try {
                int code = stress("gc", "--gceasy-url", endpoint, "--gceasy-key-file", keyFile.toString(),
                        // 1 s only where the stand-in never answers: an answer due at once may take longer than
                        // that to arrive on a busy machine, and would then read as a timeout
                        "--gceasy-timeout", answer == Answer.TOO_LATE ? "1" : "30", log.toString());
                assertThat(code).as(answer + ": " + err).isZero();
                assertThat(err.lines()).as(answer.name()).hasSize(1);
                assertThat(err).as(answer.name()).startsWith("stress gc: provider-gc.log: ")
                        .endsWith("(the offline analysis is in provider-gc.analysis.json)" + System.lineSeparator())
                        .contains(answer.says)
                        .doesNotContain(KEY, "Exception", "\tat ");
                assertThat(out).as(answer.name()).contains("provider-gc.log").doesNotContain(KEY);
                assertThat(log.resolveSibling("provider-gc.analysis.json")).isNotEmptyFile();
                assertThat(log.resolveSibling("provider-gc.gceasy.json")).doesNotExist();
                assertThat(Files.readString(log)).isEqualTo(original);
                for (Path file : Files.list(log.getParent()).toArray(Path[]::new)) {
                    assertThat(Files.readString(file, StandardCharsets.ISO_8859_1)).as(file.toString())
                            .doesNotContain(KEY);
                }
            } finally {
                release.countDown();
                gcEasy.stop(0);
                gcEasy = null;
            }
        }
    }

    @Test
    void anEmptyGcLogIsNamedAndNothingIsUploaded() throws Exception {
        Path keyFile = Files.write(dir.resolve("gceasy.key"), (KEY + "\n").getBytes(StandardCharsets.UTF_8));
        String endpoint = startGcEasy(Answer.EMPTY, new CountDownLatch(0));
        Path empty = Files.write(dir.resolve("provider-gc.log"), new byte[0]);

        int code = stress("gc", "--gceasy-url", endpoint, "--gceasy-key-file", keyFile.toString(), empty.toString());

        assertThat(code).isEqualTo(2);
        assertThat(err.trim()).isEqualTo("stress gc: GC log " + empty + " is empty");
        assertThat(requests.get()).as("uploads").isZero();
    }
}
