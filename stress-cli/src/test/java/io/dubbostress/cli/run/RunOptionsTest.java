package io.dubbostress.cli.run;

import io.dubbostress.cli.testkit.Cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input to {@code stress run}: one clear line naming the option and the value, exit code 2, nothing started. */
class RunOptionsTest {

    @TempDir
    Path dir;

    private final StringBuilder out = new StringBuilder();
    private final StringBuilder err = new StringBuilder();

    private int run(String... args) {
        Cli r = Cli.run(args);
        out.append(r.out);
        err.append(r.err);
        return r.exit;
    }

    private void assertRefused(String expectedFirstLine, String... args) {
        String[] full = new String[args.length + 1];
        full[0] = "run";
        System.arraycopy(args, 0, full, 1, args.length);
        int code = run(full);
        assertThat(code).as(String.join(" ", args)).isEqualTo(2);
        assertThat(err.toString().lines().findFirst()).hasValue(expectedFirstLine);
        assertThat(err.toString()).doesNotContain("\tat ", "Exception");
        assertThat(out.toString()).isEmpty();
        err.setLength(0);
    }

    @Test
    void refusesBadValuesNamingTheOptionAndTheValue() {
        assertRefused("stress run: Invalid value for option '--duration': '10x' is not a duration (use e.g. 30s, 1.5s,"
                + " 500ms, 10m, 1h, 1m30s, or plain seconds)", "--duration", "10x");
        assertRefused("stress run: Invalid value for option '--threads': 0 (must be >= 1)", "--threads", "0");
        assertRefused("stress run: Invalid value for option '--threads': 'many' is not an int", "--threads", "many");
        assertRefused("stress run: Invalid value for option '--warmup': 1m is not shorter than --duration 30s",
                "--warmup", "1m", "--duration", "30s");
        assertRefused("stress run: Invalid value for option '--rate': 'fast' is not a rate: use calls/s like 500, "
                + "steps like 100,200,400 or 100:30s,200:1m, or a ramp like 0..1000:60s", "--rate", "fast");
        // the capacity search's options go together (declared: an @ArgGroup), so one without the other is refused
        assertRefused("stress run: Option '--find-max-rate' needs '--slo'", "--find-max-rate");
        assertRefused("stress run: Option '--slo' needs '--find-max-rate'", "--slo", "p99=20ms");
        assertRefused("stress run: Option '--search-trials' needs '--find-max-rate' and '--slo'", "--search-trials",
                "3");
        assertRefused("stress run: Invalid value for option '--slo': 'p99<20ms' is not an SLO: use percentiles of the "
                + "response time with a unit, and an optional error budget, e.g. p99=20ms or p50=2ms,p99=20ms,errors=1%",
                "--find-max-rate",
                "--slo", "p99<20ms");
        assertRefused("stress run: Invalid value for option '--rate': with --find-max-rate it is the first trial's "
                + "constant rate, e.g. 200, not '100,200'", "--find-max-rate", "--slo", "p99=20ms", "--rate",
                "100,200");
        assertRefused("stress run: Invalid value for option '--provider': 'nohost' is not HOST:PORT",
                "--provider", "nohost");
        assertRefused("stress run: Invalid value for option '--agent': port 70000 is not 1-65535",
                "--agent", "127.0.0.1:70000");
        assertRefused("stress run: Invalid value for option '--consumer-url': 'ftp://x' is not an http(s) URL like "
                + "http://10.0.0.6:8080", "--consumer-url", "ftp://x");
        assertRefused("stress run: Invalid value for option '--registry': 'zk-host:2181' is not a registry URL "
                + "(e.g. zookeeper://127.0.0.1:2181)", "--registry", "zk-host:2181");
        assertRefused("stress run: Invalid scenario 'direct-1x': use <kind>-<payload> with kind direct, hop or "
                + "hop-http and payload like 1k, 100k or 512 (bytes), e.g. direct-1k,hop-1k,direct-100k,hop-100k",
                "--scenarios", "direct-1k,direct-1x");
        assertRefused("stress run: Invalid value for option '--timeout-ms': -1 (must be >= 1)", "--timeout-ms", "-1");
    }

    @Test
    void refusesUnknownFlagsWithASuggestion() {
        int code = run("run", "--thread", "4");
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).startsWith("stress run: Unknown options: '--thread', '4'")
                .contains("--threads")
                .contains("Run 'stress run --help' for the options.");
    }

    @Test
    void refusesAJMeterHomeThatIsNot() {
        Path notJMeter = dir.resolve("not-jmeter");
        assertRefused("stress run: Invalid value for option '--jmeter-home': " + notJMeter.toAbsolutePath()
                + " is not a JMeter home (no bin/ApacheJMeter.jar)", "--jmeter-home", notJMeter.toString());
    }

    @Test
    void refusesAnOutFolderThatIsAFile() throws Exception {
        Path file = Files.createFile(dir.resolve("file"));
        assertRefused("stress run: Invalid value for option '--out': " + file.toAbsolutePath()
                + " exists and is not a folder", "--out", file.toString(), "--duration", "5s");
    }

    @Test
    void helpListsEveryOption() {
        assertThat(run("run", "--help")).isZero();
        assertThat(out.toString()).contains("--scenarios=LIST", "--threads=N", "--duration=TIME", "--warmup=TIME",
                "--rate=RATE", "--jmeter-home=DIR", "--provider=HOST:PORT", "--provider-url=URL", "--consumer-url=URL",
                "--agent=HOST:PORT", "--registry=URL", "--remote=HOSTS", "--out=DIR", "--find-max-rate", "--slo=SLO",
                "--search-trials=N", "Default: direct-1k,hop-1k,direct-100k,hop-100k");
    }

    @Test
    void defaultWarmupIsTheRampupAndATenthOfTheDurationAtMostHalfOfIt() {
        java.time.Duration oneSecond = java.time.Duration.ofSeconds(1);
        assertThat(io.dubbostress.cli.options.LoadOptions.defaultWarmup(java.time.Duration.ofSeconds(30), oneSecond).toMillis()).isEqualTo(4000);
        assertThat(io.dubbostress.cli.options.LoadOptions.defaultWarmup(java.time.Duration.ofMinutes(10), oneSecond).getSeconds()).isEqualTo(61);
        assertThat(io.dubbostress.cli.options.LoadOptions.defaultWarmup(java.time.Duration.ofHours(1), oneSecond).getSeconds()).isEqualTo(61);
        // a short run: the first connects (started within the 1 s ramp-up) are warm-up, not steady state
        assertThat(io.dubbostress.cli.options.LoadOptions.defaultWarmup(java.time.Duration.ofSeconds(5), oneSecond).toMillis()).isEqualTo(1500);
        assertThat(io.dubbostress.cli.options.LoadOptions.defaultWarmup(java.time.Duration.ofSeconds(2), java.time.Duration.ofSeconds(2))
                .toMillis()).isEqualTo(1000);
    }

    @Test
    void durationsTheThreadGroupCannotTakeAreRefused() {
        assertRefused("stress run: Invalid value for option '--duration': 1.5s is not a whole number of seconds"
                + " (JMeter's thread group counts in seconds)", "--duration", "1.5s");
        assertRefused("stress run: Invalid value for option '--rampup': 500ms is not a whole number of seconds"
                + " (JMeter's thread group counts in seconds)", "--rampup", "500ms");
    }
}
