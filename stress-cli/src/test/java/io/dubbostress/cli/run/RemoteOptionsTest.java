package io.dubbostress.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.cli.testkit.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad distributed-run options: one line naming the option and the value, exit code 2, nothing started. */
class RemoteOptionsTest {

    @TempDir
    Path dir;

    private void assertRefused(String expectedFirstLine, String... args) {
        String[] full = new String[args.length + 1];
        full[0] = "run";
        System.arraycopy(args, 0, full, 1, args.length);
        Cli r = Cli.run(full);
        assertThat(r.exit).as(String.join(" ", args)).isEqualTo(2);
        assertThat(r.err.lines().findFirst()).hasValue(expectedFirstLine);
        assertThat(r.err).doesNotContain("\tat ", "Exception");
        assertThat(r.out).isEmpty();
    }

    @Test
    void threadsThatDoNotSplitOverTheGeneratorsAreRefused() {
        assertRefused("stress run: Invalid value for option '--threads': 5 threads cannot be split evenly across 2 "
                + "load generators (--remote runs --threads / 2 threads on each): use a multiple of 2",
                "--remote", "10.0.0.7,10.0.0.8", "--threads", "5", "--out", dir.resolve("r1").toString());
    }

    @Test
    void sslAndPinnedCallbackPortsTogetherAreRefused() throws Exception {
        Path keystore = Files.writeString(dir.resolve("rmi_keystore.jks"), "not read here");
        assertRefused("stress run: Invalid value for option '--rmi-local-port': 4100 cannot be used with "
                + "--rmi-keystore: JMeter's SSL callbacks fail to share pinned ports (\"Address already in use\"); "
                + "with SSL the servers call back on any port of this machine",
                "--remote", "10.0.0.7", "--rmi-keystore", keystore.toString(), "--rmi-local-port", "4100",
                "--out", dir.resolve("r2").toString());
    }

    @Test
    void aMissingKeystoreAndGeneratorAgentsWithoutRemoteAreRefused() {
        assertRefused("stress run: Invalid value for option '--rmi-keystore': '" + dir.resolve("none.jks")
                + "' is not a readable file (make one with `stress rmi-keystore`)",
                "--remote", "10.0.0.7", "--rmi-keystore", dir.resolve("none.jks").toString());
        // a distributed run's options only with --remote (declared: an @ArgGroup)
        assertRefused("stress run: Option '--generator-agents' needs '--remote'", "--generator-agents",
                "10.0.0.7:4444");
        assertRefused("stress run: Option '--rmi-hostname', '--rmi-local-port' needs '--remote'", "--rmi-hostname",
                "10.0.0.1", "--rmi-local-port", "4100");
        // picocli names a list option's element by its label
        assertRefused("stress run: Invalid value for option '--generator-agents' (HOST:PORT): 'gen1' is not HOST:PORT",
                "--remote", "10.0.0.7", "--generator-agents", "gen1");
    }
}
