package io.dubbostress.plans.perfmon;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.FreePort;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * JMeter's PerfMon Metrics Collector ({@code kg.apc:jmeter-plugins-perfmon:2.1}, in the assembled homes' lib/ext),
 * configured as the dubbo-stress plans configure it, run with {@code bin/jmeter} of stock JMeter 5.6.3 and 5.1.1:
 * against our agent ({@code java -jar perfmon-agent.jar}) it writes a CSV with CPU, memory, disk and network rows and
 * no error row; against an address where no agent listens it records the error and the plan still finishes.
 */
class PerfMonCollectorIT {

    private static final long JMETER_TIMEOUT_SECONDS = 180;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "JMeter {0}")
    @ValueSource(strings = {"5.6.3", "5.1.1"})
    void againstOurAgentTheCsvHasEveryMetricAndNoError(String version) throws Exception {
        int port = FreePort.find();
        try (ChildJvm agent = ChildJvm.jar(agentJar()).jvmArgs("-Xmx64m")
                .args("--tcp-port", String.valueOf(port)).log(dir.resolve("agent.log")).start()) {
            agent.awaitLog(line -> line.startsWith("perfmon agent listening on tcp 127.0.0.1:" + port),
                    "the agent's listening line", Duration.ofSeconds(60));
            Path csv = dir.resolve("perfmon-" + version + ".csv");

            int exit = runJMeter(version, port, csv, 6);

            assertThat(exit).as("bin/jmeter's exit code; log:\n%s", text(dir.resolve("jmeter-" + version + ".log")))
                    .isZero();
            List<Map<String, String>> rows = readCsv(csv);
            Map<String, List<Map<String, String>>> byLabel = rows.stream()
                    .collect(Collectors.groupingBy(row -> row.get("label"), LinkedHashMap::new, Collectors.toList()));
            assertThat(rows).as("no error rows: %s", rows).allMatch(row -> "true".equals(row.get("success")));
            assertThat(byLabel.keySet()).containsExactlyInAnyOrder("127.0.0.1 CPU", "127.0.0.1 Memory",
                    "127.0.0.1 Disks I/O writebytes", "127.0.0.1 Network I/O lo-recv");
            for (Map.Entry<String, List<Map<String, String>>> metric : byLabel.entrySet()) {
                assertThat(metric.getValue()).as("rows of %s over 6 s at 1 s", metric.getKey()).hasSizeGreaterThanOrEqualTo(3);
            }
            // the collector keeps a value as elapsed = value * 1000
            assertThat(byLabel.get("127.0.0.1 CPU")).allSatisfy(row ->
                    assertThat(Long.parseLong(row.get("elapsed"))).isBetween(0L, 100_000L));
            assertThat(byLabel.get("127.0.0.1 Memory")).allSatisfy(row ->
                    assertThat(Long.parseLong(row.get("elapsed"))).isBetween(1L, 100_000L));
            assertThat(byLabel.get("127.0.0.1 Network I/O lo-recv").stream()
                    .mapToLong(row -> Long.parseLong(row.get("elapsed"))).sum())
                    .as("bytes received on lo: at least the collector's own traffic with the agent").isPositive();
        }
    }

    @ParameterizedTest(name = "JMeter {0}")
    @ValueSource(strings = {"5.6.3", "5.1.1"})
    void againstADeadAgentTheErrorIsRecordedAndThePlanFinishes(String version) throws Exception {
        int port = FreePort.find(); // nothing listens there
        Path csv = dir.resolve("perfmon-dead-" + version + ".csv");

        int exit = runJMeter(version, port, csv, 3);

        assertThat(exit).as("bin/jmeter's exit code; log:\n%s", text(dir.resolve("jmeter-" + version + ".log")))
                .isZero();
        List<Map<String, String>> rows = readCsv(csv);
        assertThat(rows).isNotEmpty();
        assertThat(rows).allSatisfy(row -> {
            assertThat(row.get("success")).isEqualTo("false");
            assertThat(row.get("responseMessage")).contains("Connection refused");
        });
    }

    private static Path agentJar() {
        Path jar = Path.of(System.getProperty("perfmon.agent.jar"));
        assertThat(jar).as("the agent jar (./mvnw -pl perfmon package)").isRegularFile();
        return jar;
    }

    private static Path home(String version) {
        Path home = Path.of(System.getProperty("jmeter.home." + version));
        assertThat(home.resolve("bin/jmeter")).as("JMeter %s home", version).isExecutable();
        return home;
    }

    /** {@code bin/jmeter -n -t perfmon-collector.jmx ...} as a user runs it; returns the exit code. */
    private int runJMeter(String version, int agentPort, Path csv, int seconds) throws Exception {
        Path plan = dir.resolve("perfmon-collector.jmx");
        try (InputStream in = PerfMonCollectorIT.class.getResourceAsStream("/perfmon/perfmon-collector.jmx")) {
            Files.copy(in, plan, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        List<String> command = new ArrayList<>(Arrays.asList(home(version).resolve("bin/jmeter").toString(),
                "-n", "-t", plan.toString(), "-l", dir.resolve("main-" + version + ".jtl").toString(),
                "-j", dir.resolve("jmeter-" + version + ".log").toString(),
                "-Jperfmon_host=127.0.0.1", "-Jperfmon_port=" + agentPort, "-Jperfmon_file=" + csv,
                "-Jduration=" + seconds));
        Path out = dir.resolve("jmeter-" + version + ".out");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(out.toFile()));
        builder.environment().remove("JVM_ARGS");
        builder.environment().put("HEAP", "-Xms128m -Xmx256m");
        Process jmeter = builder.start();
        try {
            if (!jmeter.waitFor(JMETER_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new AssertionError("bin/jmeter " + version + " did not end within " + JMETER_TIMEOUT_SECONDS
                        + " s; output:\n" + text(out));
            }
            return jmeter.exitValue();
        } finally {
            jmeter.descendants().forEach(ProcessHandle::destroyForcibly);
            jmeter.destroyForcibly();
        }
    }

    private static String text(Path file) throws IOException {
        return Files.exists(file) ? new String(Files.readAllBytes(file), StandardCharsets.UTF_8) : "(none)";
    }

    /** A JMeter CSV with its header line: a map per row (fields in double quotes may hold commas). */
    static List<Map<String, String>> readCsv(Path csv) throws IOException {
        assertThat(csv).as("the collector's CSV").isRegularFile();
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        assertThat(lines).as("a header line").isNotEmpty();
        List<String> header = split(lines.get(0));
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isEmpty()) {
                continue;
            }
            List<String> fields = split(line);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size() && i < fields.size(); i++) {
                row.put(header.get(i), fields.get(i));
            }
            rows.add(row);
        }
        return rows;
    }

    private static List<String> split(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }
}
