package io.dubbostress.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A real Prometheus (Debian's {@code prometheus}, 2.42 here) on a free port of 127.0.0.1, its TSDB in {@code dir},
 * scraping one target on loopback every {@code scrapeSeconds} with a scrape config this class writes. One per test
 * class.
 *
 * <pre>{@code
 * try (PrometheusServer prometheus = PrometheusServer.start(tempDir, "127.0.0.1:" + agentPort, 1)) {
 *     String json = prometheus.query("dubbostress_jvm_threads[1m]");
 * }
 * }</pre>
 */
public final class PrometheusServer extends DebianServer {

    private PrometheusServer(List<String> args, Path log, int port) {
        super("prometheus", args, log, port, "/-/ready");
    }

    public static PrometheusServer start(Path dir, String target, int scrapeSeconds) {
        int port = FreePort.find();
        Path config = dir.resolve("prometheus.yml");
        try {
            Files.createDirectories(dir.resolve("data"));
            Files.writeString(config, String.join("\n",
                    "global:",
                    "  scrape_interval: " + scrapeSeconds + "s",
                    "  scrape_timeout: " + scrapeSeconds + "s",
                    "scrape_configs:",
                    "  - job_name: agent",
                    "    static_configs:",
                    "      - targets: ['" + target + "']",
                    ""));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new PrometheusServer(List.of("--config.file=" + config, "--web.listen-address=127.0.0.1:" + port,
                "--storage.tsdb.path=" + dir.resolve("data"), "--log.level=warn"), dir.resolve("prometheus.log"),
                port);
    }

    /** An instant query ({@code /api/v1/query}): the JSON answer. */
    public String query(String promql) {
        try {
            HttpResponse<String> r = get("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
            if (r.statusCode() != 200) {
                throw new IllegalStateException("Prometheus refused " + promql + ": HTTP " + r.statusCode() + " "
                        + r.body());
            }
            return r.body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
