package io.dubbostress.sampler.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.FreePort;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Java 17 without any --add-opens: which calls work through the sampler's Dubbo setup (JDK compiler, JDK proxies,
 * reflection wrapper), and that the ones that cannot work fail with the exact JVM_ARGS to add. The table in
 * docs/SAMPLER.md is this test's expectation.
 */
class FlagFreeIT {

    @TempDir
    Path dir;

    /** The probe's log outlives the temporary directory: target/flag-free-probe.log. */
    private static void keepLog(Path log) {
        try {
            Files.copy(log, Path.of("target", "flag-free-probe.log"), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            // only a convenience
        }
    }

    @Test
    void callsWorkWithoutJvmFlagsExceptThoseThatNeedAnOpenAndThoseSayWhichOne() {
        int port = FreePort.find();
        try (ChildJvm provider = ChildJvm.jar(Path.of(System.getProperty("stress.provider.jar"))).jvmArgs("-Xmx256m")
                .args("--stress.provider.port=" + port, "--stress.provider.host=127.0.0.1",
                        "--stress.provider.cpu-iterations=100", "--dubbo.application.qos-enable=false")
                .log(dir.resolve("provider.log")).start()) {
            provider.awaitLog(l -> l.contains("stress-provider ready"), "provider ready", io.dubbostress.sampler.StartupDeadline.scaled(Duration.ofSeconds(120)));
            try (ChildJvm probe = ChildJvm.mainClass(FlagFreeProbe.class.getName(), System.getProperty("java.class.path"))
                    .jvmArgs("-Xmx256m") // and nothing else: no --add-opens
                    .args("dubbo://127.0.0.1:" + port).log(dir.resolve("probe.log")).start()) {
                probe.awaitLog(l -> l.contains("PROBE DONE"), "the probe's calls", io.dubbostress.sampler.StartupDeadline.scaled(Duration.ofSeconds(120)));
                keepLog(probe.log());
                assertThat(probe.command()).noneMatch(arg -> arg.contains("add-opens"));
                Map<String, String[]> results = new LinkedHashMap<>();
                probe.logText().lines().filter(l -> l.startsWith("RESULT\t"))
                        .forEach(l -> {
                            String[] cells = l.split("\t", -1);
                            results.put(cells[1], new String[] {cells[2], cells[3]});
                        });
                assertThat(results).hasSize(21);
                // real calls that succeed end to end
                for (String label : new String[] {"generic String", "typed String", "typed Order", "generic Order map"}) {
                    assertThat(results.get(label)[0]).as(label + ": " + results.get(label)[1]).isEqualTo("OK");
                }
                // these serialise fine without flags: the provider answers (it has no echo(T) for them)
                for (String label : new String[] {"int", "long", "double", "boolean", "char", "BigDecimal", "LocalDate",
                    "LocalDateTime", "Instant", "Duration", "java.util.Date", "int[]", "String[]", "List", "Set", "Map"}) {
                    assertThat(results.get(label)[0]).as(label + ": " + results.get(label)[1])
                            .isEqualTo("PROVIDER_ERROR");
                }
                // BigInteger needs java.math opened, and the message says exactly how
                assertThat(results.get("BigInteger")[0]).isEqualTo("JVM_ARGS");
                assertThat(results.get("BigInteger")[1])
                        .contains("JVM_ARGS=\"--add-opens java.base/java.math=ALL-UNNAMED\"");
            }
        }
    }
}
