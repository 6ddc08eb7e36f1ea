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
        assertRefused("stress run: Invalid value for option '--rate': 1e9 calls/s cannot be reached by 20 threads "
                + "(--threads): a thread makes at most one call per 10 us (100,000 calls/s), so 2,000,000 calls/s at "
                + "most", "--rate", "1e9");
        assertRefused("stress run: Invalid value for option '--rate': 99999999999999999999999 calls/s cannot be "
                + "reached by 20 threads (--threads): a thread makes at most one call per 10 us (100,000 calls/s), so "
                + "2,000,000 calls/s at most", "--rate", "99999999999999999999999");
        assertRefused("stress run: Invalid value for option '--rate': the schedule 100:30s,200:1m lasts 1m30s, longer "
                + "than --duration 30s: what comes after 30s would never run; give a --duration that holds it, or a "
                + "shorter schedule", "--rate", "100:30s,200:1m", "--duration", "30s");
        assertRefused("stress run: Invalid value for option '--rate': 1e9 calls/s cannot be reached by 20 threads "
                + "(--threads): a thread makes at most one call per 10 us (100,000 calls/s), so 2,000,000 calls/s at "
                + "most", "--find-max-rate", "--slo", "p99=20ms", "--rate", "1e9");
        assertRefused("stress run: Invalid value for option '--repeat': 0 (1 to 100 trials)", "--repeat", "0");
        assertRefused("stress run: Option '--repeat' is for ordinary runs, not the capacity search (--find-max-rate)",
                "--repeat", "2", "--find-max-rate", "--slo", "p99=20ms");
        assertRefused("stress run: Option '--find-max-rate' cannot be used with '--remote': the search judges each step "
                + "from the moment this machine's JMeter started its schedule; run it with a local JMeter",
                "--find-max-rate", "--slo", "p99=20ms", "--remote", "10.0.0.7");
        assertRefused("stress run: Invalid value for option '--slo': 'p99<20ms' is not an SLO: use percentiles of the "
                + "response time with a unit, and an optional error budget, e.g. p99=20ms or p50=2ms,p99=20ms,errors=1%",
                "--find-max-rate",
                "--slo", "p99<20ms");
        assertRefused("stress run: Invalid value for option '--rate': with --find-max-rate it is the first trial's "
                + "constant rate, e.g. 200, not '100,200'", "--find-max-rate", "--slo", "p99=20ms", "--rate",
                "100,200");
        // issue 41: --rate 0 became 100 calls/s without a word
        assertRefused("stress run: Invalid value for option '--rate': 0 is no rate (the closed model); with"
                + " --find-max-rate --rate is the first trial's constant rate, e.g. 200 (leave it out for 100)",
                "--find-max-rate", "--slo", "p99=20ms", "--rate", "0");
        assertRefused("stress run: Invalid value for option '--provider-url': it names the provider, so it cannot be "
                + "combined with --provider or --registry", "--provider-url", "tri://127.0.0.1:50051", "--registry",
                "zookeeper://127.0.0.1:2181");
        assertRefused("stress run: Invalid value for option '--provider-url': it names the provider, so it cannot be "
                + "combined with --provider or --registry", "--provider", "127.0.0.1:20880", "--provider-url",
                "dubbo://127.0.0.1:20880");
        assertRefused("stress run: Option '--profile' profiles a run's scenarios, not a capacity search's trials: "
                + "drop --find-max-rate, or --profile", "--find-max-rate", "--slo", "p99=20ms", "--profile");
        assertRefused("stress run: Option '--profile-kernel' profiles a run's scenarios, not a capacity search's "
                + "trials: drop --find-max-rate, or --profile-kernel", "--find-max-rate", "--slo", "p99=20ms",
                "--profile-kernel");
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
    void refusesOutFoldersThatCannotBeBeforeAnythingStarts() throws Exception {
        Path file = Files.createFile(dir.resolve("notes.txt"));
        Path under = file.resolve("run");
        assertRefused("stress run: Invalid value for option '--out': " + under.toAbsolutePath() + ": "
                + file.toAbsolutePath() + " is a file, so no folder can be made under it", "--out", under.toString());
        Path target = dir.resolve("gone/results");
        Path dangling = Files.createSymbolicLink(dir.resolve("results-link"), target);
        assertRefused("stress run: Invalid value for option '--out': " + dangling.toAbsolutePath() + " is a symbolic"
                + " link to " + target + ", which does not exist", "--out", dangling.toString());
        assertRefused("stress run: Invalid value for option '--out': " + dangling.resolve("run").toAbsolutePath()
                + ": " + dangling.toAbsolutePath() + " is a symbolic link to " + target + ", which does not exist",
                "--out", dangling.resolve("run").toString());
        // "" would be the current folder to Java: never what was meant
        assertRefused("stress run: Invalid value for option '--out': an empty path; give a folder (e.g. --out"
                + " results/run-1)", "--out", "");
        assertThat(Files.exists(target)).isFalse();
        assertThat(Files.exists(dir.resolve("gone"))).isFalse();
        // stress report's --out too
        int code = run("report", dir.toString(), "--out", "");
        assertThat(code).isEqualTo(2);
        assertThat(err.toString().trim()).isEqualTo("stress report: Invalid value for option '--out': an empty path;"
                + " give a folder (e.g. --out results/run-1)");
    }

    @Test
    void refusesARemotePortThatIsNoneBeforeAnyServiceStarts() {
        // checked by the option's converter: picocli names a list option's element by its label
        assertRefused("stress run: Invalid value for option '--remote' (HOSTS): port 99999 is not 1-65535", "--remote",
                "127.0.0.1:99999");
        assertRefused("stress run: Invalid value for option '--remote' (HOSTS): '10.0.0.7:rmi' has no numeric port",
                "--remote", "10.0.0.8,10.0.0.7:rmi");
    }

    @Test
    void refusesAnSloThatCouldNeverBeJudgedHonestly() {
        String[] run = {"--find-max-rate", "--slo"};
        assertRefused("stress run: Invalid value for option '--slo': 'p99=5s,errors=150%': errors=150%: the"
                + " error budget must be between 0 and 100 %", concat(run, "p99=5s,errors=150%"));
        assertRefused("stress run: Invalid value for option '--slo': 'p99=5s,errors=-1%': errors=-1%: the"
                + " error budget must be between 0 and 100 %", concat(run, "p99=5s,errors=-1%"));
        assertRefused("stress run: Invalid value for option '--slo': 'p99=5ms,p99=10ms': p99 is given twice"
                + " ('p99=5ms' and 'p99=10ms'): give each percentile once", concat(run, "p99=5ms,p99=10ms"));
        assertRefused("stress run: Invalid value for option '--slo': 'p999=1ms,p99.9=2ms': p99.9 is given twice"
                + " ('p999=1ms' and 'p99.9=2ms'): give each percentile once", concat(run, "p999=1ms,p99.9=2ms"));
        assertRefused("stress run: Invalid value for option '--slo': 'p99=1s,errors=1%,errors=2%': the error budget"
                + " is given twice: give errors=N% once", concat(run, "p99=1s,errors=1%,errors=2%"));
        assertRefused("stress run: Invalid value for option '--slo': 'p99=0ms': a limit below 1 us can"
                + " never hold (every call takes time)", concat(run, "p99=0ms"));
        assertRefused("stress run: Invalid value for option '--slo': 'p99=2h' is not an SLO: use"
                + " percentiles of the response time with a unit, and an optional error budget, e.g. p99=20ms or"
                + " p50=2ms,p99=20ms,errors=1%", concat(run, "p99=2h"));
        assertRefused("stress run: Invalid value for option '--slo': 'p99=7200s': a limit above 1 h"
                + " cannot be checked (calls longer than an hour are recorded as one hour)", concat(run, "p99=7200s"));
        assertRefused("stress run: Invalid value for option '--slo': 'p99=1s,errors=5': errors=5: not an error"
                + " budget: give a share of the calls in percent, e.g. errors=0.5%", concat(run, "p99=1s,errors=5"));
        // p99.999 of the first trial's ~1,700 calls would be their maximum
        assertRefused("stress run: Invalid value for option '--slo': p99.999 needs at least 100,000 calls per trial"
                + " to be more than their maximum; the first trial makes about 1,700 (100 calls/s over 17 s of steady"
                + " state): raise --duration or --rate, or judge a lower percentile",
                concat(run, "p99.999=5s", "--duration", "20s"));
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
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
