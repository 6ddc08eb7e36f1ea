package io.dubbostress.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.FreePort;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stock-JMeter command lines of test-plans/README.md, run exactly as written (the README's own shell block, with
 * the services on free ports given through the variables the lines read), against the embedded JMeter.
 */
class PlansReadmeIT {

    @TempDir
    Path dir;

    @Test
    void theReadmeCommandLinesRunAsWritten() throws Exception {
        String script = commandBlock(StressCli.HOME.resolve("test-plans/README.md"));
        assertThat(script).contains("$JMETER -n -t test-plans/dubbo-direct.jmx", "./stress report");

        int providerPort = FreePort.find();
        int consumerPort = FreePort.find();
        int agentPort = FreePort.find();
        try (ChildJvm provider = ChildJvm.jar(StressCli.HOME.resolve("stress-provider/target/stress-provider.jar"))
                     .args("--stress.provider.port=" + providerPort, "--stress.provider.host=127.0.0.1",
                             "--stress.provider.cpu-iterations=1000")
                     .log(dir.resolve("provider.log")).start();
             ChildJvm consumer = ChildJvm.jar(StressCli.HOME.resolve("stress-consumer/target/stress-consumer.jar"))
                     .args("--server.port=" + consumerPort, "--server.address=127.0.0.1",
                             "--stress.consumer.provider-url=dubbo://127.0.0.1:" + providerPort)
                     .log(dir.resolve("consumer.log")).start();
             ChildJvm agent = ChildJvm.jar(StressCli.HOME.resolve("perfmon/target/perfmon-agent.jar"))
                     .args("--tcp-port", String.valueOf(agentPort))
                     .log(dir.resolve("agent.log")).start()) {
            provider.awaitLog(l -> l.contains("stress-provider ready:"), "provider ready", Duration.ofSeconds(120));
            consumer.awaitLog(l -> l.contains("stress-consumer ready:"), "consumer ready", Duration.ofSeconds(120));
            agent.awaitPort(agentPort, Duration.ofSeconds(60));

            // a working folder that looks like the repository root to the relative paths of the README
            Files.createSymbolicLink(dir.resolve("test-plans"), StressCli.HOME.resolve("test-plans"));
            Files.createSymbolicLink(dir.resolve("stress"), StressCli.HOME.resolve("stress"));
            Path scriptFile = Files.writeString(dir.resolve("readme-commands.sh"), "set -e\n" + script);
            ProcessBuilder builder = new ProcessBuilder("sh", scriptFile.toString()).directory(dir.toFile())
                    .redirectErrorStream(true).redirectOutput(dir.resolve("readme-commands.out").toFile());
            builder.environment().put("PROVIDER_PORT", String.valueOf(providerPort));
            builder.environment().put("CONSUMER_PORT", String.valueOf(consumerPort));
            builder.environment().put("AGENT_PORT", String.valueOf(agentPort));
            builder.environment().put("THREADS", "2");
            // long enough that each plan has steady samples after a slow first connect on a loaded machine (the
            // report exits 1 for a scenario that measured nothing, and the script stops at it): 6 s on a quiet box
            builder.environment().put("DURATION", String.valueOf(io.dubbostress.testsupport.BoxLoad.scaled(6, 30)));
            Process shell = builder.start();
            try {
                assertThat(shell.waitFor(12, TimeUnit.MINUTES)).as("the commands end").isTrue();
            } finally {
                shell.descendants().forEach(ProcessHandle::destroyForcibly);
                shell.destroyForcibly();
            }
            String output = Files.readString(dir.resolve("readme-commands.out"));
            assertThat(shell.exitValue()).as(output).isZero();

            for (String jtl : new String[] {"direct-1k.jtl", "hop-1k.jtl", "hop-http-100k.jtl"}) {
                List<String> lines = Files.readAllLines(dir.resolve(jtl));
                assertThat(lines).as(jtl).hasSizeGreaterThan(1);
                assertThat(lines.subList(1, lines.size())).as(jtl)
                        .allSatisfy(row -> assertThat(row).contains(",200,").contains(",true,"));
            }
            assertThat(Files.readAllLines(dir.resolve("direct-1k.jtl")).get(0))
                    .endsWith("\"elapsed_us\",\"due_us\",\"lag_us\",\"response_us\"");
            assertThat(Files.readString(dir.resolve("direct-1k-perfmon.csv"))).contains("CPU combined");
            assertThat(output).contains("| direct-1k |", "| hop-1k |", "| hop-http-100k |");
        }
    }

    /** The first ```sh block after the "Command lines" heading. */
    static String commandBlock(Path readme) throws IOException {
        String text = Files.readString(readme);
        int section = text.indexOf("## Command lines");
        assertThat(section).as("README section").isNotNegative();
        Matcher block = Pattern.compile("```sh\\n(.*?)```", Pattern.DOTALL).matcher(text.substring(section));
        assertThat(block.find()).as("a sh block in the section").isTrue();
        return block.group(1);
    }
}
