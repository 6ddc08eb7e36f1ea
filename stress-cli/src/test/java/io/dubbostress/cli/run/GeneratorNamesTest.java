package io.dubbostress.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.cli.remote.GeneratorWatch;
import io.dubbostress.cli.remote.RemoteGenerators;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A distributed scenario that failed names the load generator that made it fail, in its run.json message and so in
 * the run's closing line: one JMeter could not configure or start (its own console words, as JMeter 5.6.3 printed
 * them for {@code -R 127.0.0.1:99999} and for a server that never started), or one that had not ended its test when
 * JMeter had to be stopped (a frozen or cut-off server still takes connections on its RMI port, so it is not seen
 * lost; only jmeter.log's missing "Finished remote host" tells).
 */
class GeneratorNamesTest {

    @TempDir
    Path dir;

    @Test
    void jmetersOwnLinesAboutServersItCouldNotConfigureOrStartAreFound() {
        String configured = "Creating summariser <summary>\n"
                + "Configuring remote engine: 127.0.0.1:99999\n"
                + "Error in NonGUIDriver java.lang.RuntimeException: Following remote engines could not be"
                + " configured:[127.0.0.1:99999]\n"
                + "An error occurred: Error in NonGUIDriver Following remote engines could not be"
                + " configured:[127.0.0.1:99999]\n";
        assertThat(ScenarioRunner.remoteNotStarted(configured))
                .isEqualTo("Following remote engines could not be configured:[127.0.0.1:99999]");
        assertThat(ScenarioRunner.remoteNotStarted("Starting distributed test with remote engines: [a:1099, b:1099]\n"
                + "The following remote engines have not started:[b:1099]\n"))
                .isEqualTo("Following remote engines have not started:[b:1099]");
        assertThat(ScenarioRunner.remoteNotStarted("Starting distributed test with remote engines: [a:1099]\n"))
                .isNull();
    }

    @Test
    void aStoppedDistributedTestNamesTheServersThatHadNotEnded() throws Exception {
        Path log = dir.resolve("jmeter.log");
        RemoteGenerators two = new RemoteGenerators(List.of("10.0.0.7", "10.0.0.8:1099"), "127.0.0.1", 0, null);
        GeneratorWatch watch = new GeneratorWatch(two, log, new PrintStream(new ByteArrayOutputStream()), "direct-1k");
        Files.writeString(log, "2026-11-26 02:41:36,100 INFO o.a.j.e.ClientJMeterEngine: Finished remote host:"
                + " 10.0.0.7:1099 (1795660896100)\n");
        assertThat(watch.unfinishedMessage()).isEqualTo("load generator 10.0.0.8:1099 had not ended the test when"
                + " JMeter was stopped (no 'Finished remote host:' in jmeter.log): frozen, cut off, or still running");
        Files.writeString(log, "");
        assertThat(watch.unfinishedMessage()).startsWith("load generators 10.0.0.7, 10.0.0.8:1099 had not ended");
        Files.writeString(log, "Finished remote host: 10.0.0.7:1099 (1)\nFinished remote host: 10.0.0.8:1099 (2)\n");
        assertThat(watch.unfinishedMessage()).isNull();
        GeneratorWatch local = new GeneratorWatch(RemoteGenerators.none(), log,
                new PrintStream(new ByteArrayOutputStream()), "direct-1k");
        assertThat(local.unfinishedMessage()).isNull();
    }
}
