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
 * A real InfluxDB 1.x (Debian's {@code influxd}, 1.6.7 here) on a free port of 127.0.0.1, its meta, data and WAL in
 * {@code dir}, usage reporting off, its other listeners (the RPC service for backups) on 127.0.0.1 as well. One per
 * test class.
 *
 * <pre>{@code
 * try (InfluxDbServer influx = InfluxDbServer.start(tempDir)) {
 *     String url = influx.writeUrl("stress");    // http://127.0.0.1:PORT/write?db=stress
 *     String json = influx.query("stress", "SELECT sum(\"count\") FROM \"calls\"");
 * }
 * }</pre>
 */
public final class InfluxDbServer extends DebianServer {

    /** {@code &u=...&p=...} on every query of this test's own, for a server with authentication; empty without. */
    private String credentials = "";

    private InfluxDbServer(Path config, Path log, int port) {
        super("influxd", List.of("run", "-config", config.toString()), log, port, "/ping");
    }

    public static InfluxDbServer start(Path dir) {
        return start(dir, false);
    }

    /**
     * One with authentication on ({@code [http] auth-enabled = true}): an admin {@code user} with {@code password} is
     * made first, through the /query API (InfluxDB takes {@code CREATE USER ... WITH ALL PRIVILEGES} without
     * credentials while it has no user), and every write and query then needs them; this class's own queries send
     * them.
     */
    public static InfluxDbServer startWithAuth(Path dir, String user, String password) {
        InfluxDbServer server = start(dir, true);
        try {
            String statement = "CREATE USER \"" + user + "\" WITH PASSWORD '" + password.replace("'", "\\'")
                    + "' WITH ALL PRIVILEGES";
            HttpResponse<String> r = server.postForm("/query", "q=" + URLEncoder.encode(statement,
                    StandardCharsets.UTF_8));
            if (r.statusCode() != 200 || r.body().contains("\"error\"")) {
                server.close();
                throw new IllegalStateException("InfluxDB refused to make its admin user: HTTP " + r.statusCode());
            }
        } catch (IOException e) {
            server.close();
            throw new UncheckedIOException(e);
        }
        server.credentials = "&u=" + URLEncoder.encode(user, StandardCharsets.UTF_8) + "&p="
                + URLEncoder.encode(password, StandardCharsets.UTF_8);
        return server;
    }

    private static InfluxDbServer start(Path dir, boolean auth) {
        int port = FreePort.find();
        Path config = dir.resolve("influxdb.conf");
        try {
            Files.createDirectories(dir);
            Files.writeString(config, String.join("\n",
                    "reporting-disabled = true",
                    "bind-address = \"127.0.0.1:" + FreePort.find() + "\"",
                    "[meta]",
                    "  dir = \"" + dir.resolve("meta") + "\"",
                    "[data]",
                    "  dir = \"" + dir.resolve("data") + "\"",
                    "  wal-dir = \"" + dir.resolve("wal") + "\"",
                    "  query-log-enabled = false",
                    "[monitor]",
                    "  store-enabled = false",
                    "[http]",
                    "  bind-address = \"127.0.0.1:" + port + "\"",
                    "  log-enabled = false",
                    "  auth-enabled = " + auth,
                    "[logging]",
                    "  level = \"warn\"",
                    ""));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new InfluxDbServer(config, dir.resolve("influxd.log"), port);
    }

    /** The 1.x write URL of database {@code db}. */
    public String writeUrl(String db) {
        return baseUrl() + "/write?db=" + URLEncoder.encode(db, StandardCharsets.UTF_8);
    }

    /** InfluxQL {@code statement} on database {@code db}: the JSON answer, times as epoch milliseconds. */
    public String query(String db, String statement) {
        try {
            HttpResponse<String> r = get("/query?epoch=ms&db=" + URLEncoder.encode(db, StandardCharsets.UTF_8) + "&q="
                    + URLEncoder.encode(statement, StandardCharsets.UTF_8) + credentials);
            if (r.statusCode() != 200 || r.body().contains("\"error\"")) {
                throw new IllegalStateException("InfluxDB refused " + statement + ": HTTP " + r.statusCode() + " "
                        + r.body());
            }
            return r.body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** CREATE DATABASE (a no-op when it exists). */
    public void createDatabase(String db) {
        try {
            // InfluxDB reads u= and p= from the URL's query, not from a form's body
            HttpResponse<String> r = postForm(credentials.isEmpty() ? "/query" : "/query?" + credentials.substring(1),
                    "q=" + URLEncoder.encode("CREATE DATABASE \"" + db + "\"", StandardCharsets.UTF_8));
            if (r.statusCode() != 200 || r.body().contains("\"error\"")) {
                throw new IllegalStateException("InfluxDB refused CREATE DATABASE " + db + ": HTTP " + r.statusCode()
                        + " " + r.body());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
