package io.dubbostress.cli.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dubbostress.cli.UserError;
import io.dubbostress.cli.options.LiveOptions;
import io.dubbostress.cli.testkit.Cli;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live page's server: what it answers and to whom, the page self-contained (nothing it loads from elsewhere), a
 * port that cannot be had refused in one line before a run starts, and the options that go with it.
 */
class LiveServerTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static HttpResponse<String> get(String url) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void servesThePageItsDataAndTheReportOnceWritten() throws Exception {
        LiveRun run = LiveRun.unstarted(dir, LiveRun.Agent.NONE);
        try (LiveServer server = LiveServer.start(run, new LiveOptions.Live(true, "127.0.0.1", 0, false))) {
            assertThat(server.address()).matches("http://127\\.0\\.0\\.1:\\d+/");
            HttpResponse<String> page = get(server.address());
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(csp ->
                    assertThat(csp).contains("default-src 'none'", "connect-src 'self'"));
            // self-contained: no address of anywhere else, nothing loaded by URL
            String body = page.body().replace("'http://www.w3.org/2000/svg'", "SVG_NAMESPACE"); // a name, not a load
            assertThat(body).contains("<script>", "live.json", "SVG_NAMESPACE")
                    .doesNotContain("http://", "https://", "src=", "<link", "@import", "url(");

            HttpResponse<String> data = get(server.address() + "live.json");
            assertThat(data.statusCode()).isEqualTo(200);
            JsonNode json = JSON.readTree(data.body());
            assertThat(json.get("schema").asText()).isEqualTo("dubbo-stress/live/1");
            assertThat(json.at("/run/status").asText()).isEqualTo("following");
            assertThat(json.at("/run/report").isNull()).isTrue();

            assertThat(get(server.address() + "report.html").statusCode()).as("no report yet").isEqualTo(404);
            assertThat(get(server.address() + "run.json").statusCode()).as("nothing else of the folder").isEqualTo(404);
            assertThat(get(server.address() + "../run.json").statusCode()).isEqualTo(404);
            Files.writeString(dir.resolve("run.json"), "{\"status\": \"completed\", \"scenarios\": []}");
            Files.writeString(dir.resolve("report.html"), "<html>the report</html>");
            run.tick(System.currentTimeMillis());
            assertThat(JSON.readTree(get(server.address() + "live.json").body()).at("/run/report").asText())
                    .isEqualTo("report.html");
            HttpResponse<String> report = get(server.address() + "report.html");
            assertThat(report.statusCode()).isEqualTo(200);
            assertThat(report.body()).isEqualTo("<html>the report</html>");
            // marked once the last byte is written, which the client may have read a moment before
            await().atMost(java.time.Duration.ofSeconds(10))
                    .untilAsserted(() -> assertThat(server.reportServedMs()).isPositive());
        } finally {
            run.close();
        }
    }

    @Test
    void onLoopbackItAnswersOnlyRequestsAddressedToALoopbackName() throws Exception {
        LiveRun run = LiveRun.unstarted(dir, LiveRun.Agent.NONE);
        try (LiveServer server = LiveServer.start(run, new LiveOptions.Live(true, "127.0.0.1", 0, false))) {
            // a page elsewhere whose name resolves to 127.0.0.1 (DNS rebinding) sends its own name as Host
            assertThat(rawGet(server.port(), "evil.example:" + server.port())).startsWith("HTTP/1.1 403");
            assertThat(rawGet(server.port(), "localhost:" + server.port())).startsWith("HTTP/1.1 200");
            assertThat(rawGet(server.port(), "127.0.0.1:" + server.port())).startsWith("HTTP/1.1 200");
            HttpResponse<String> post = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create(server.address() + "live.json")).POST(HttpRequest.BodyPublishers.ofString("x")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(post.statusCode()).isEqualTo(405);
        } finally {
            run.close();
        }
        assertThat(LiveServer.loopbackHost("[::1]:7070")).isTrue();
        assertThat(LiveServer.loopbackHost("127.1.2.3")).isTrue();
        assertThat(LiveServer.loopbackHost("127.0.0.1.evil.example")).isFalse();
    }

    private static String rawGet(int port, String host) throws Exception {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            OutputStream out = s.getOutputStream();
            out.write(("GET /live.json HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void aPortTakenIsRefusedWhenGivenAndReplacedWhenItWasTheDefault() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            assertThatThrownBy(() -> LiveServer.bind(new LiveOptions.Live(true, "127.0.0.1", port, false)))
                    .isInstanceOf(UserError.class)
                    .hasMessageStartingWith("Invalid value for option '--live-port': cannot listen on 127.0.0.1:"
                            + port + " (");
            try (LiveServer server = LiveServer.bind(new LiveOptions.Live(true, "127.0.0.1", port, true))) {
                assertThat(server.port()).isNotEqualTo(port).isPositive();
            }
        }
    }

    @Test
    void stressRunRefusesTheLiveOptionsThatDoNotGoTogetherOrCannotBe() throws Exception {
        Cli both = Cli.run("run", "--no-live", "--live-port", "8090");
        assertThat(both.exit).isEqualTo(2);
        assertThat(both.firstErrLine()).isEqualTo("stress run: Option '--no-live' cannot be used with '--live-port' "
                + "(no live page: nowhere to serve it)");
        Cli bind = Cli.run("run", "--live-bind", "my-laptop");
        assertThat(bind.exit).isEqualTo(2);
        assertThat(bind.firstErrLine()).isEqualTo("stress run: Invalid value for option '--live-bind': 'my-laptop' "
                + "is not an IP address (e.g. 127.0.0.1, 0.0.0.0, ::1)");
        Cli port = Cli.run("run", "--live-port", "70000");
        assertThat(port.exit).isEqualTo(2);
        assertThat(port.firstErrLine()).isEqualTo("stress run: Invalid value for option '--live-port': 70000 is not a "
                + "port");
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Path out = dir.resolve("never");
            Cli busy = Cli.run("run", "--scenarios", "direct-1k", "--duration", "5s", "--live-port",
                    String.valueOf(taken.getLocalPort()), "--out", out.toString());
            assertThat(busy.exit).as(busy.err).isEqualTo(2);
            assertThat(busy.firstErrLine()).startsWith("stress run: Invalid value for option '--live-port': cannot "
                    + "listen on 127.0.0.1:" + taken.getLocalPort());
            assertThat(out).as("refused before the run folder is made").doesNotExist();
        }
        Cli live = Cli.run("live", dir.resolve("nowhere").toString());
        assertThat(live.exit).isEqualTo(2);
        assertThat(live.firstErrLine()).isEqualTo("stress live: Invalid value for RUN_FOLDER: '"
                + dir.resolve("nowhere") + "' does not exist");
    }
}
