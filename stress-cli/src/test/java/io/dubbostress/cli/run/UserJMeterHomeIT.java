package io.dubbostress.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dubbostress.testsupport.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stress run --jmeter-home} with a user's own JMeter 5.1.1 that has neither our sampler nor the PerfMon
 * collector: the run adds both for itself (class path properties), gives 5.1.1 the JVM flags it needs on Java 17,
 * and leaves the installation as it was.
 */
class UserJMeterHomeIT {

    @TempDir
    Path dir;

    @Test
    void runsTheScenariosInAPlainJMeter511() throws Exception {
        Path plain = plainJMeter511(dir.resolve("apache-jmeter-5.1.1"));
        List<String> before = listing(plain);
        Path run = dir.resolve("run");
        try (ChildJvm cli = StressCli.start(dir.resolve("stress.out"), "run", "--jmeter-home", plain.toString(),
                "--scenarios", "direct-1k", "--threads", "2", "--duration", "8s", "--out", run.toString())) {
            assertThat(cli.waitFor(Duration.ofMinutes(5))).isTrue();
            assertThat(cli.stop(Duration.ofSeconds(1))).as(cli.logTail(40)).isZero();
        }
        JsonNode runJson = new ObjectMapper().readTree(run.resolve("run.json").toFile());
        assertThat(runJson.at("/versions/jmeterUsed").asText()).isEqualTo("5.1.1");
        for (String scenario : new String[] {"direct-1k"}) {
            Path folder = run.resolve("scenarios").resolve(scenario);
            List<String> lines = Files.readAllLines(folder.resolve("results.jtl"));
            assertThat(lines.get(0)).endsWith("\"elapsed_us\",\"due_us\",\"lag_us\",\"response_us\"");
            assertThat(lines.subList(1, lines.size())).isNotEmpty()
                    .allSatisfy(row -> assertThat(row).contains(",200,").contains(",true,"));
            assertThat(Files.readString(folder.resolve("perfmon.csv"))).contains("CPU combined");
            assertThat(folder.resolve("dashboard/index.html")).exists();
            // JMeter 5.1.1 ran with the opens it needs on 17 and our plugins on its class path
            assertThat(Files.readString(folder.resolve("jmeter.log"))).contains("user.classpath");
            // no --influxdb: the plan JMeter ran is the shipped one without its Backend Listener, which never started
            assertThat(Files.readString(folder.resolve("dubbo-direct.jmx")))
                    .contains("testclass=\"BackendListener\" testname=\"Backend Listener: JMeter's InfluxDB client, on "
                            + "with -Jinfluxdb_url=URL\" enabled=\"false\"");
            assertThat(Files.readString(folder.resolve("jmeter.log"))).doesNotContain("InfluxDB Backend Listener");
        }
        assertThat(listing(plain)).as("the user's JMeter is left as it was").isEqualTo(before);
    }

    /**
     * A 5.1.1 installation as a user has it: JMeter's own files only. Made of links to the assembled home's files,
     * leaving out our sampler and the PerfMon plugin.
     */
    static Path plainJMeter511(Path target) throws IOException {
        Path assembled = StressCli.HOME.resolve("test-plans/jmeter-5.1.1/target/apache-jmeter-5.1.1");
        linkAll(assembled.resolve("bin"), Files.createDirectories(target.resolve("bin")), name -> true);
        linkAll(assembled.resolve("lib"), Files.createDirectories(target.resolve("lib")), name -> name.endsWith(".jar"));
        linkAll(assembled.resolve("lib/ext"), Files.createDirectories(target.resolve("lib/ext")),
                name -> name.startsWith("ApacheJMeter_"));
        Files.createDirectories(target.resolve("lib/junit"));
        return target;
    }

    private static void linkAll(Path from, Path to, java.util.function.Predicate<String> names) throws IOException {
        try (Stream<Path> files = Files.list(from)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                String name = file.getFileName().toString();
                if (names.test(name) && !Files.isDirectory(file)) {
                    Files.createSymbolicLink(to.resolve(name), file);
                }
            }
        }
    }

    private static List<String> listing(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.map(p -> root.relativize(p).toString()).sorted().collect(java.util.stream.Collectors.toList());
        }
    }
}
