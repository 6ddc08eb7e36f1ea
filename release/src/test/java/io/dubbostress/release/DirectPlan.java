package io.dubbostress.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The release's direct plan ({@code plans/dubbo-direct.jmx}) run with {@code bin/jmeter} of a JMeter home against the
 * shared provider and PerfMon agent: two threads, a few seconds, the JTL and the PerfMon CSV in {@code work}.
 */
final class DirectPlan {

    final Path work;
    final int exit;
    final String console;

    private DirectPlan(Path work, int exit, String console) {
        this.work = work;
        this.exit = exit;
        this.console = console;
    }

    static DirectPlan run(Path home, Path work, SharedServices services) throws Exception {
        Files.createDirectories(work);
        Path out = work.resolve("console.txt");
        List<String> command = new ArrayList<>(List.of(home.resolve("bin/jmeter").toString(), "-n",
                "-t", ReleaseBuild.plan("dubbo-direct.jmx").toString(), "-l", work.resolve("direct.jtl").toString(),
                "-j", work.resolve("jmeter.log").toString(), "-Jthreads=2", "-Jduration=2",
                // the first call of a cold JVM took 19 s at a load average of 30: the plan's 5 s would fail it
                "-Jtimeout=120000",
                "-Jprovider_port=" + services.providerPort, "-Jperfmon_port=" + services.agentPort,
                "-Jperfmon_file=" + work.resolve("perfmon.csv"), "-Jsample_variables=elapsed_us",
                "-Jjmeter.save.saveservice.output_format=csv"));
        ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile())
                .redirectErrorStream(true).redirectOutput(out.toFile());
        // java.lang open: Dubbo 2.7 then compiles its adaptive classes with javassist instead of the JDK compiler,
        // which took 10-15 s of a loaded machine's CPU at the first call; running without flags is SamplerInStockJMeterIT's
        builder.environment().put("JVM_ARGS", "--add-opens java.base/java.lang=ALL-UNNAMED");
        builder.environment().put("HEAP", "-Xms256m -Xmx512m");
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process process = builder.start();
        if (!process.waitFor(300, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
            throw new AssertionError("bin/jmeter did not end in 300 s:\n" + Files.readString(out));
        }
        return new DirectPlan(work, process.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
    }

    String log() throws IOException {
        Path log = work.resolve("jmeter.log");
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    }

    /**
     * The plan ran: every sample a success with its echo checked, elapsed_us written, the sampler's line in
     * jmeter.log exactly once with the clients expected ({@code Dubbo 2.7.23}, or {@code Dubbo 3.3.5, Nacos client
     * 2.5.1}), and the PerfMon collector's CSV has readings.
     */
    void assertRanWith(String clients) throws IOException {
        assertThat(exit).as("bin/jmeter exit code; console:\n" + console + "\nlog:\n" + log()).isZero();
        Jtl jtl = new Jtl(work.resolve("direct.jtl"));
        assertThat(jtl.header).contains("elapsed_us", "success", "label");
        assertThat(jtl.rows).as("samples").isNotEmpty();
        for (String[] row : jtl.rows) {
            assertThat(jtl.cell(row, "label")).isEqualTo("direct");
            assertThat(jtl.cell(row, "success")).as(String.join(",", row)).isEqualTo("true");
            assertThat(Long.parseLong(jtl.cell(row, "elapsed_us"))).isPositive();
        }
        String line = "dubbo-stress Dubbo Sampler " + ReleaseBuild.VERSION + " (" + clients + ")";
        assertThat(log().lines().filter(l -> l.contains("dubbo-stress Dubbo Sampler")))
                .as("the sampler's line in jmeter.log: once per JVM, %d samples", jtl.rows.size())
                .singleElement().satisfies(l -> assertThat(l).endsWith(line));
        assertThat(log()).doesNotContain("jars with the Dubbo Sampler's classes");
        Jtl perfmon = new Jtl(work.resolve("perfmon.csv"));
        assertThat(perfmon.rows).as("PerfMon readings (the collector the Plugins Manager installed)").isNotEmpty();
        assertThat(perfmon.rows.stream().map(r -> perfmon.cell(r, "label")))
                .anyMatch(label -> label.contains("CPU"));
    }
}
