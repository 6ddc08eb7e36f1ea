package io.dubbostress.bench;

import io.dubbostress.cli.options.Scenario;
import com.fasterxml.jackson.databind.JsonNode;
import io.dubbostress.cli.process.JavaRuntime;
import io.dubbostress.cli.process.ManagedProcess;
import io.dubbostress.cli.process.ProcessFailedException;
import io.dubbostress.report.Json;
import io.dubbostress.report.jtl.JtlReader;
import io.dubbostress.report.jtl.JtlRow;
import io.dubbostress.cli.home.StressHome;
import io.dubbostress.cli.jmeter.JMeterHome;
import io.dubbostress.cli.jmeter.JMeterRun;
import io.dubbostress.cli.jmeter.Progress;
import io.dubbostress.cli.service.ServiceCommands;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Runs one load generator for one payload: the raw client ({@link RawClient} in a JVM of its own) or JMeter with the
 * shipped plan ({@link JMeterRun}, the JTL settings of {@code stress run}), both with the same JVM options, for
 * warm-up + measured window + tail, and measures the window: calls, latencies, and the CPU of the load generator,
 * the provider and the consumer ({@link CpuRecorder}).
 */
final class LoadRunner {

    /** How long JMeter's first sample (creating the Dubbo reference) may take before the run is cut short. */
    static final long MAX_FIRST_SAMPLE_SECONDS = 60;

    /** The CPU series of the reference provider ({@code dubbo://}) and of the triple one. */
    static final String PROVIDER = "provider";
    static final String TRIPLE_PROVIDER = "triple-provider";
    /** The CPU series of the grpc-java server of the grpc sides. */
    static final String GRPC_SERVER = "grpc-server";

    /**
     * The JMeter homes and sampler jars the sides run on: the measured home and its jar (sampler, raw), the second
     * home and its jar (sampler-b, raw-b; null without {@code --jmeter-home-b}), the home the bench made with the Dubbo
     * 3.3 sampler and that jar (sampler-3, sampler-tri, grpc-sampler; raw-3, raw-tri; null when no side needs them).
     */
    record Homes(JMeterHome jmeter, JMeterHome jmeterB, JMeterHome dubbo3, Path samplerJar, Path samplerJarB,
            Path dubbo3Jar) {

        JMeterHome home(BenchSide side) {
            if (side == BenchSide.SAMPLER_B && jmeterB != null) {
                return jmeterB;
            }
            return side.usesDubbo3Jar() || side == BenchSide.GRPC_SAMPLER ? dubbo3 : jmeter;
        }

        Path rawClientJar(BenchSide side) {
            return side == BenchSide.RAW_B ? samplerJarB : side.usesDubbo3Jar() ? dubbo3Jar : samplerJar;
        }
    }

    private final BenchSettings settings;
    private final JavaRuntime java;
    private final Homes homes;
    private final Path directPlan;
    private final Path hopPlan;
    private final Path planB;
    private final Path groovyPlan;
    private final BenchServices services;
    private final CpuRecorder cpu;
    private final PrintStream err;
    private final boolean terminal;
    /** The grpc sides: the IDL plan, the IDL service's files; or null. */
    private Path idlPlan;
    private GrpcBenchFiles grpcFiles;
    private StressHome stressHome;

    LoadRunner(BenchSettings settings, JavaRuntime java, Homes homes, Path directPlan, Path hopPlan, Path planB,
            Path groovyPlan, BenchServices services, CpuRecorder cpu, PrintStream err, boolean terminal) {
        this.settings = settings;
        this.java = java;
        this.homes = homes;
        this.directPlan = directPlan;
        this.hopPlan = hopPlan;
        this.planB = planB;
        this.groovyPlan = groovyPlan;
        this.services = services;
        this.cpu = cpu;
        this.err = err;
        this.terminal = terminal;
    }

    /** What the grpc sides run: the IDL plan (in the home with jmeter-dubbo3-sampler); the raw client's files. */
    LoadRunner withGrpc(StressHome home, Path plan, GrpcBenchFiles files) {
        this.stressHome = home;
        this.idlPlan = plan;
        this.grpcFiles = files;
        return this;
    }

    /**
     * Runs {@code side} once with {@code threads} calling threads; {@code index}/{@code count} number the run for the
     * progress line.
     */
    LoadResult run(BenchSide side, int threads, int payloadBytes, int round, int index, int count) {
        String name = side.label() + "-" + Scenario.sizeLabel(payloadBytes)
                + (settings.threadCounts.size() > 1 ? "-t" + threads : "") + "-r" + round;
        Path dir = settings.out.resolve("runs").resolve(name);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir, e);
        }
        LoadResult result = side.isRaw() ? runRaw(side, threads, payloadBytes, round, dir, name)
                : runJMeter(side, threads, payloadBytes, round, dir, name, index, count);
        result.loadCpuMs = cpu.cpuMillis("load", result.windowStartEpochMs, result.windowEndEpochMs);
        result.loadJitCpuMs = cpu.jitCpuMillis("load", result.windowStartEpochMs, result.windowEndEpochMs);
        result.loadCpuMsByThreadGroup = cpu.threadGroupCpuMillis("load", result.windowStartEpochMs,
                result.windowEndEpochMs);
        // the triple sides' server is the triple reference provider, the grpc sides' the grpc-java server
        result.providerCpuMs = cpu.cpuMillis(side.isTriple() ? TRIPLE_PROVIDER : side.isGrpc() ? GRPC_SERVER : PROVIDER,
                result.windowStartEpochMs,
                result.windowEndEpochMs);
        result.consumerCpuMs = cpu.cpuMillis("consumer", result.windowStartEpochMs, result.windowEndEpochMs);
        result.machineCpuMs = cpu.cpuMillis(CpuRecorder.MACHINE, result.windowStartEpochMs, result.windowEndEpochMs);
        result.jvmThreads = cpu.maxThreads("load", result.windowStartEpochMs, result.windowEndEpochMs);
        result.heapAfterGcKb = GcLogWindow.maxHeapAfterGcKb(dir.resolve("gc.log"), result.windowStartEpochMs,
                result.windowEndEpochMs);
        result.loadAllocatedBytes = AllocationWindow.allocatedBytes(dir.resolve(AllocationWindow.FILE),
                result.windowStartEpochMs, result.windowEndEpochMs);
        err.printf(Locale.ROOT, "[%d/%d] %-18s %,9.0f calls/s  p50 %,7.0f us  p99 %,7.0f us  load CPU %6.1f ms/1000 calls"
                        + " (JIT %.1f)  %,.0f B allocated per call  heap after GC %s  JVM threads %d  other load %.2f"
                        + " cores  errors %d%s%n", index, count, name, result.tps(), result.percentile(50),
                result.percentile(99), result.perThousandCalls(result.loadCpuMs),
                result.perThousandCalls(result.loadJitCpuMs), result.allocatedBytesPerCall(),
                result.heapAfterGcKb < 0 ? "-" : (result.heapAfterGcKb >> 10) + " MiB", result.jvmThreads,
                result.otherCores(), result.errors,
                result.firstError == null ? "" : " (" + result.firstError + ")");
        if (!settings.keepFiles) {
            deleteQuietly(dir.resolve("results.jtl"));
            deleteQuietly(dir.resolve(AllocationWindow.FILE));
        }
        return result;
    }

    private List<String> loadJvmArgs(Path dir) {
        List<String> args = ServiceCommands.splitArgs(settings.loadJvmArgs);
        args.addAll(AllocationWindow.recordingFlags(dir)); // bytes allocated per call: every run, one event a second
        if (settings.jfr) {
            // the profile settings, Java code sampled every millisecond (Java 17's JFR takes event settings here)
            args.add("-XX:StartFlightRecording=filename=" + dir.resolve("load.jfr").toAbsolutePath()
                    + ",settings=profile,jdk.ExecutionSample#period=1ms");
        }
        return args;
    }

    private long totalMillis() {
        return settings.warmup.toMillis() + settings.duration.toMillis() + settings.tail.toMillis();
    }

    // ------------------------------------------------------------------------------------------------- raw

    private LoadResult runRaw(BenchSide side, int threads, int payloadBytes, int round, Path dir, String name) {
        Path out = dir.resolve("raw.json");
        List<String> command = new ArrayList<>();
        command.add(java.executable().toString());
        command.addAll(loadJvmArgs(dir));
        command.addAll(java.dubboOpens());
        command.addAll(java.gcLogging(dir.resolve("gc.log")));
        command.add("-cp");
        if (side == BenchSide.GRPC_RAW) {
            command.add(grpcFiles.rawClientClassPath(stressHome, System.getProperty("java.class.path")));
            command.add(RawGrpcClient.class.getName());
            command.add("--address");
            command.add("127.0.0.1:" + services.grpcPort());
        } else {
            command.add(homes.rawClientJar(side) + File.pathSeparator + System.getProperty("java.class.path"));
            command.add(RawClient.class.getName());
            command.add("--address");
            command.add(side.isTriple() ? services.tripleProviderUrl() : "dubbo://" + services.providerAddress());
        }
        command.add("--threads");
        command.add(String.valueOf(threads));
        command.add("--payload");
        command.add(String.valueOf(payloadBytes));
        if (side != BenchSide.GRPC_RAW) {
            command.add("--invocation");
            command.add(side == BenchSide.RAW_TYPED ? "typed" : "generic");
        }
        command.add("--warmup-ms");
        command.add(String.valueOf(settings.warmup.toMillis()));
        command.add("--measure-ms");
        command.add(String.valueOf(settings.duration.toMillis()));
        command.add("--tail-ms");
        command.add(String.valueOf(settings.tail.toMillis()));
        command.add("--timeout-ms");
        command.add(String.valueOf(settings.timeoutMs));
        command.add("--out");
        command.add(out.toString());
        ManagedProcess process = ManagedProcess.start(name, command, Map.of(), dir.resolve("raw.out"));
        try {
            cpu.watchJvm("load", BenchProcesses.javaPid(process.pid()));
            if (!process.waitFor(Duration.ofMillis(totalMillis()).plusMinutes(3))) {
                throw new ProcessFailedException("the raw client " + name + " did not end in time; its output:\n"
                        + process.logTail(20));
            }
            if (process.exitValue() != 0 || !Files.exists(out)) {
                throw new ProcessFailedException("the raw client " + name + " failed (exit code "
                        + process.exitValue() + "); its output (" + process.log() + ") ends with:\n"
                        + process.logTail(20));
            }
        } finally {
            process.stop(Duration.ofSeconds(5));
        }
        try {
            JsonNode json = Json.MAPPER.readTree(out.toFile());
            byte[] encoded = Base64.getDecoder().decode(json.get("histogramMicros").asText());
            Histogram histogram = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(encoded), 0);
            JsonNode firstError = json.get("firstError");
            return new LoadResult(side, threads, payloadBytes, round, json.get("windowStartEpochMs").asLong(),
                    json.get("windowEndEpochMs").asLong(), json.get("calls").asLong(), json.get("errors").asLong(),
                    firstError == null || firstError.isNull() ? null : firstError.asText(), histogram);
        } catch (IOException | java.util.zip.DataFormatException | RuntimeException e) {
            throw new ProcessFailedException("cannot read the raw client's result " + out + ": " + e);
        }
    }

    // ---------------------------------------------------------------------------------------------- JMeter

    private LoadResult runJMeter(BenchSide side, int threads, int payloadBytes, int round, Path dir, String name,
            int index, int count) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("threads", String.valueOf(threads));
        properties.put("rampup", "1");
        // an upper bound only: the run is ended by a graceful shutdown once the window and the tail are over, counted
        // from the first answer (the first sample creates the Dubbo reference, which takes a few seconds)
        properties.put("duration", String.valueOf((totalMillis() + 999) / 1000 + MAX_FIRST_SAMPLE_SECONDS));
        properties.put("payload", String.valueOf(payloadBytes));
        properties.put("timeout", String.valueOf(settings.timeoutMs));
        properties.put("rate", side.isPaced() ? String.valueOf(settings.paceRate) : "0");
        if (side.isTriple()) {
            properties.put("provider_url", services.tripleProviderUrl());
        } else {
            properties.put("provider_host", "127.0.0.1");
            properties.put("provider_port", String.valueOf(services.providerPort()));
        }
        if (side.isHop()) {
            properties.put("consumer_host", "127.0.0.1");
            properties.put("consumer_port", String.valueOf(services.consumerPort()));
        }
        if (side == BenchSide.GRPC_SAMPLER) {
            properties.put("idl_address", "grpc://127.0.0.1:" + services.grpcPort());
            properties.put("proto_files", grpcFiles.proto().toString());
            properties.put("proto_path", grpcFiles.protoRoot().toString());
            properties.put("check", "echo");
        }
        Path jtl = dir.resolve("results.jtl");
        Path plan = side.isHop() ? hopPlan : side == BenchSide.SAMPLER_B ? planB
                : side == BenchSide.PACED_GROOVY ? groovyPlan : side == BenchSide.GRPC_SAMPLER ? idlPlan : directPlan;
        JMeterRun run = JMeterRun.prepare(java, homes.home(side),
                JMeterRun.Spec.of("jmeter " + name, plan, dir)
                        .withJvmArgs(loadJvmArgs(dir)).withGcLog(dir.resolve("gc.log")).withProperties(properties));
        Progress progress = new Progress(err, terminal, name, index, count, Duration.ofMillis(totalMillis()));
        int code;
        Thread ender = new Thread(() -> endAfterTheWindow(run, jtl), "bench-jmeter-ender");
        ender.setDaemon(true);
        try {
            run.start();
            cpu.watchJvm("load", BenchProcesses.javaPid(run.pid()));
            ender.start();
            code = run.await(progress);
        } finally {
            ender.interrupt();
            run.stop();
        }
        if (code != 0 || run.testStartMs() == 0 || !Files.exists(jtl)) {
            throw new ProcessFailedException("JMeter did not run the plan for " + name + " (exit code " + code
                    + "); see " + dir.resolve("jmeter.out") + ":\n" + run.consoleTail(15));
        }
        return window(side, threads, payloadBytes, round, jtl);
    }

    /**
     * Watches the JTL for its first row (the first answer), then asks JMeter to shut down gracefully once warm-up,
     * window and tail have passed since then: every run lasts as long after its first answer, however long the
     * reference took to create.
     */
    private void endAfterTheWindow(JMeterRun run, Path jtl) {
        try {
            long firstAnswer = -1;
            while (firstAnswer < 0) {
                Thread.sleep(100); // polling the JTL as JMeter writes it
                firstAnswer = firstAnswerEpochMs(jtl);
            }
            long end = firstAnswer + totalMillis();
            long wait;
            while ((wait = end - System.currentTimeMillis()) > 0) {
                Thread.sleep(Math.min(wait, 200));
            }
            run.requestShutdown(Duration.ofSeconds(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The end of the sample in the JTL's first row (timeStamp + elapsed), or -1 while there is none. */
    static long firstAnswerEpochMs(Path jtl) {
        if (!Files.exists(jtl)) {
            return -1;
        }
        try (BufferedReader in = Files.newBufferedReader(jtl, StandardCharsets.UTF_8)) {
            String header = in.readLine();
            String row = in.readLine();
            if (header == null || row == null) {
                return -1;
            }
            List<String> names = Arrays.asList(header.split(","));
            String[] fields = row.split(",");
            int time = names.indexOf("timeStamp");
            int elapsed = names.indexOf("elapsed");
            if (time < 0 || elapsed < 0 || fields.length <= Math.max(time, elapsed)) {
                return -1;
            }
            return Long.parseLong(fields[time]) + Long.parseLong(fields[elapsed]);
        } catch (IOException | NumberFormatException e) {
            return -1; // a row still being written
        }
    }

    /**
     * The measured window of a JTL: from the end of the first sample + warm-up, for the duration; the samples that
     * start in it count. (The first sample of each thread creates or waits for the Dubbo reference, as the raw client
     * does before its clock starts: the warm-up counts from when calls begin to flow.)
     */
    LoadResult window(BenchSide side, int threads, int payloadBytes, int round, Path jtl) {
        long first = Long.MAX_VALUE;
        try (JtlReader reader = JtlReader.open(jtl)) {
            JtlRow row = reader.row();
            while (reader.next()) {
                first = Math.min(first, row.timeStampMs() + row.elapsedMs());
            }
        }
        if (first == Long.MAX_VALUE) {
            throw new ProcessFailedException("JMeter wrote no samples to " + jtl);
        }
        long windowStart = first + settings.warmup.toMillis();
        long windowEnd = windowStart + settings.duration.toMillis();
        Histogram histogram = new Histogram(60_000_000L, 3);
        long calls = 0;
        long errors = 0;
        String firstError = null;
        try (JtlReader reader = JtlReader.open(jtl)) {
            JtlRow row = reader.row();
            while (reader.next()) {
                long t = row.timeStampMs();
                if (t < windowStart || t >= windowEnd) {
                    continue;
                }
                long us = row.elapsedUs() != JtlRow.NO_MICROS ? row.elapsedUs() : row.elapsedMs() * 1000;
                histogram.recordValue(Math.max(0, Math.min(us, 60_000_000L)));
                calls++;
                if (!row.success()) {
                    errors++;
                    if (firstError == null) {
                        firstError = row.responseCode() + ": " + row.errorText();
                    }
                }
            }
        }
        return new LoadResult(side, threads, payloadBytes, round, windowStart, windowEnd, calls, errors, firstError, histogram);
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // a kept file is no harm
        }
    }
}
