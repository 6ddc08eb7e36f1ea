package io.dubbostress.cli.reliability;

import io.dubbostress.cli.testkit.Cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The catalogue of bad command lines, for every command: an unknown flag, a bad value, a missing or unusable file.
 * Each is refused before anything starts with one line on stderr that names the option (or file) and the value,
 * exit code 2, no stack trace, nothing on stdout. The commands run in this JVM as {@code main} runs them.
 */
class CliBadInputTest {

    @TempDir
    Path dir;

    private String out;
    private String err;

    private int stress(String... args) {
        Cli r = Cli.run(args);
        out = r.out;
        err = r.err;
        return r.exit;
    }

    /** Refused: exit code 2, {@code firstLine} first on stderr, nothing on stdout, no stack trace. */
    private void refused(String firstLine, String... args) {
        int code = stress(args);
        assertThat(code).as(String.join(" ", args) + "\nstderr: " + err).isEqualTo(2);
        assertThat(err.lines().findFirst()).as(String.join(" ", args)).hasValue(firstLine);
        assertThat(err).doesNotContain("\tat ", "Exception");
        assertThat(out).isEmpty();
    }

    @Test
    void unknownFlagsAreNamedWithASuggestionForEveryCommand() {
        refused("stress: Unknown option: '--verbose'", "--verbose");
        refused("stress run: Unknown options: '--thread', '4'", "run", "--thread", "4");
        assertThat(err).contains("Possible solutions: --threads").contains("Run 'stress run --help' for the options.");
        refused("stress report: Unknown option: '--output'", "report", "--output", "x", dir.toString());
        assertThat(err).contains("--out");
        refused("stress gc: Unknown option: '--gceasy-key'", "gc", "--gceasy-key", "k", "x.log");
        refused("stress agent: Unknown options: '--portt', '4444'", "agent", "--portt", "4444");
        refused("stress provider: Unknown option: '--cpu'", "provider", "--cpu", "1");
        refused("stress consumer: Unknown option: '--provider'", "consumer", "--provider", "dubbo://x:1");
        refused("stress compare: Unknown option: '--fail'", "compare", "--fail", "a", "b");
        assertThat(err).contains("--fail-on");
        refused("stress: unknown command 'rnu' (commands: help, report, compare, gc, agent, run, live, "
                + "rmi-keystore, provider, consumer)", "rnu");
        assertThat(err).contains("Run 'stress --help' for the options.");
    }

    @Test
    void badValuesNameTheOptionAndTheValue() {
        refused("stress run: Invalid value for option '--duration': '-5s' is not a duration (use e.g. 30s, 1.5s,"
                + " 500ms, 10m, 1h, 1m30s, or plain seconds)", "run", "--duration", "-5s");
        refused("stress run: Invalid value for option '--rate': '100,-200': every rate must be a positive number of"
                + " calls/s", "run", "--rate", "100,-200");
        refused("stress run: Invalid value for option '--rampup': 'slowly' is not a duration (use e.g. 30s, 1.5s,"
                + " 500ms, 10m, 1h, 1m30s, or plain seconds)", "run", "--rampup", "slowly");
        refused("stress report: Invalid value for option '--warmup': '1 minute' is not a duration (use e.g. 30s,"
                + " 1.5s, 500ms, 10m, 1h, 1m30s, or plain seconds)", "report",
                dir.toString(), "--warmup", "1 minute");
        refused("stress gc: --gceasy-timeout must be a positive number of seconds, not 0", "gc", "--gceasy-timeout",
                "0", "x.log");
        refused("stress gc: Invalid value for option '--gceasy-timeout': 'soon' is not an int", "gc",
                "--gceasy-timeout", "soon", "x.log");
        refused("stress agent: interval 0.0 is out of range (0.1 to 3600 seconds)", "agent", "--interval", "0");
        refused("stress agent: Invalid value for option '--interval': 'often' is not a double", "agent", "--interval",
                "often");
        refused("stress agent: max clients 0 is out of range (1 to 1024)", "agent", "--max-clients", "0");
        // a bracketed IPv6 literal that is not one: refused without a name lookup (no traffic off loopback)
        refused("stress agent: bind address '[::zz]' is not an IP address or a known host name (example: 127.0.0.1,"
                + " 0.0.0.0)", "agent", "--bind", "[::zz]");
        refused("stress provider: Invalid value for option '--port': 70000 is not a TCP port (1-65535)", "provider",
                "--port", "70000");
        refused("stress provider: Invalid value for option '--threads': 0 (must be >= 1)", "provider", "--threads", "0");
        refused("stress provider: Invalid value for option '--cpu-iterations': -1 (must be >= 0)", "provider",
                "--cpu-iterations", "-1");
        refused("stress provider: Invalid value for option '--port': 'twenty' is not an int", "provider", "--port",
                "twenty");
        refused("stress consumer: Invalid value for option '--port': 0 is not a TCP port (1-65535)", "consumer",
                "--port", "0");
        refused("stress consumer: Invalid value for option '--timeout-ms': 0 (must be >= 1)", "consumer",
                "--timeout-ms", "0");
    }

    @Test
    void missingOrUnusableFilesAreNamed() throws Exception {
        Path missing = dir.resolve("nothing-here");
        Path folder = Files.createDirectories(dir.resolve("a-folder"));
        Path text = Files.write(dir.resolve("notes.txt"), "hello\n".getBytes(StandardCharsets.UTF_8));
        refused("stress run: Invalid value for option '--jmeter-home': " + missing + " is not a JMeter home (no"
                + " bin/ApacheJMeter.jar)", "run", "--jmeter-home", missing.toString());
        refused("stress run: Invalid value for option '--out': " + text + " exists and is not a folder", "run",
                "--out", text.toString());
        refused("stress report: " + missing + " does not exist", "report", missing.toString());
        refused("stress report: " + folder + " is a folder but not a run folder (no run.json, no scenarios/)",
                "report", folder.toString());
        refused("stress report: JTL file " + text + " has no 'timeStamp' column (header: hello)", "report",
                text.toString());
        refused("stress gc: GC log " + missing + " does not exist", "gc", missing.toString());
        refused("stress gc: GC log " + folder + " is a folder; give the log files in it", "gc", folder.toString());
        refused("stress gc: --gceasy-key-file " + missing + " does not exist", "gc", "--gceasy-key-file",
                missing.toString(), text.toString());
        refused("stress agent: allow-tail '" + missing + "' does not exist or cannot be read", "agent",
                "--allow-tail", missing.toString());
    }

    @Test
    void theServicesJarsMissingIsSaidWithHowToBuildThem() {
        String previous = System.getProperty("stress.home");
        System.setProperty("stress.home", dir.toString());
        try {
            refused("stress provider: the provider jar is missing (" + dir.resolve(
                    "stress-provider/target/stress-provider.jar") + "): build it with ./mvnw -B -DskipTests package",
                    "provider", "--port", "20880");
            refused("stress consumer: the consumer jar is missing (" + dir.resolve(
                    "stress-consumer/target/stress-consumer.jar") + "): build it with ./mvnw -B -DskipTests package",
                    "consumer", "--port", "8080");
            refused("stress run: the embedded JMeter home is missing (" + dir.resolve(
                    "test-plans/jmeter-5.6.3/target/apache-jmeter-5.6.3") + "): build it with ./mvnw -B -DskipTests"
                    + " package", "run", "--duration", "5s", "--out", dir.resolve("run").toString());
            assertThat(dir.resolve("run")).as("nothing written before the run could start").doesNotExist();
        } finally {
            if (previous == null) {
                System.clearProperty("stress.home");
            } else {
                System.setProperty("stress.home", previous);
            }
        }
    }
}
