package io.dubbostress.cli.options;

import io.dubbostress.cli.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --influxdb URL} and the options that only mean something with it (an {@code @ArgGroup(exclusive = false)}:
 * picocli refuses {@code --influxdb-token-file} without {@code --influxdb}). The token is read from a file or from the
 * environment ({@code INFLUX_TOKEN}, the name InfluxDB's own CLI reads), never from the command line, where {@code ps},
 * the shell's history and JMeter's log would keep it.
 *
 * <pre>{@code
 * @ArgGroup(exclusive = false) InfluxOptions influx;   // null: no InfluxDB
 * stress run --influxdb http://127.0.0.1:8086/write?db=stress
 * INFLUX_TOKEN=... stress run --influxdb 'http://10.0.0.9:8086/api/v2/write?org=perf&bucket=stress'
 * }</pre>
 */
public final class InfluxOptions {

    /** The environment variable a token is read from when no file is given. */
    public static final String TOKEN_ENV = "INFLUX_TOKEN";

    @Option(names = "--influxdb", paramLabel = "URL", required = true, converter = InfluxTarget.Converter.class,
            description = "Send the run to InfluxDB while it runs: JMeter's own Backend Listener "
                    + "(InfluxdbBackendListenerClient, measurement jmeter) in every scenario's plan, and beside it "
                    + "this run's own figures (from-due latency at the target rate, service time in microseconds, "
                    + "errors by failure code, the agent's server and JVM readings, annotations). 1.x: "
                    + "http://HOST:8086/write?db=NAME (the database is made if missing); 2.x: "
                    + "http://HOST:8086/api/v2/write?org=ORG&bucket=BUCKET with a token. docs/RUN.md, Watching a run.")
    InfluxTarget target;

    @Option(names = "--influxdb-token-file", paramLabel = "FILE",
            description = "With --influxdb: the token (2.x), or user:password for an InfluxDB 1.x with "
                    + "authentication (this run's own figures on any 1.x, JMeter's listener on 1.8+), read from this "
                    + "file. Default: the environment variable " + TOKEN_ENV
                    + " when set, else none.")
    Path tokenFile;

    /** The target, with its token from the file or the environment. */
    public InfluxTarget value() {
        return value(System.getenv());
    }

    InfluxTarget value(Map<String, String> environment) {
        if (tokenFile == null) {
            return target.withToken(environment.get(TOKEN_ENV));
        }
        String token;
        try {
            token = Files.readString(tokenFile, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw new UserError("Invalid value for option '--influxdb-token-file': cannot read " + tokenFile + " ("
                    + e.getClass().getSimpleName() + ")");
        }
        if (token.isEmpty() || token.contains("\n")) {
            // the contents are never echoed: a file with a token and more is said to be wrong, not shown
            throw new UserError("Invalid value for option '--influxdb-token-file': " + tokenFile + " should hold the "
                    + "token alone on one line (it " + (token.isEmpty() ? "is empty" : "has several lines") + ")");
        }
        return target.withToken(token);
    }
}
