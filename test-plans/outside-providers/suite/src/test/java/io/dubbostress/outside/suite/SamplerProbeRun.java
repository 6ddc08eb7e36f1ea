package io.dubbostress.outside.suite;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Runs {@code nacos/SamplerProbe.java} (a source file, compiled by the launcher) in a child JVM whose class path is a
 * JMeter home's lib/*.jar and lib/ext/*.jar, with {@code samplerJar} as the only sampler jar: the shaded jar as
 * shipped, no test class path around it. Optionally inside a network namespace.
 *
 * <pre>{@code
 * List<String> lines = SamplerProbeRun.run(home, dubbo3Jar, dir, null, "sample|a|nacos://127.0.0.1:8848|||io.x.S|3000");
 * }</pre>
 */
final class SamplerProbeRun {

    private SamplerProbeRun() {
    }

    /** The probe's {@code PROBE ...} lines (without the prefix); the whole output is in {@code <dir>/<name>.log}. */
    static List<String> run(Path home, Path samplerJar, Path dir, String name, NetworkNamespace namespace,
            String... steps) throws IOException, InterruptedException {
        Path source = dir.resolve("SamplerProbe.java");
        if (!Files.exists(source)) {
            try (InputStream in = SamplerProbeRun.class.getResourceAsStream("/nacos/SamplerProbe.java")) {
                Files.copy(in, source);
            }
        }
        List<String> classPath = new ArrayList<>();
        for (String folder : new String[] {"lib", "lib/ext"}) {
            try (Stream<Path> jars = Files.list(home.resolve(folder))) {
                classPath.addAll(jars.filter(j -> j.toString().endsWith(".jar"))
                        .filter(j -> !j.getFileName().toString().startsWith("jmeter-dubbo"))
                        .map(Path::toString).sorted().collect(Collectors.toList()));
            }
        }
        classPath.add(samplerJar.toString());
        List<String> command = new ArrayList<>(Arrays.asList(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                // the Nacos client's caches and logs in the run's folder, not the home directory
                "-DJM.SNAPSHOT.PATH=" + dir.resolve("nacos-client"), "-DJM.LOG.PATH=" + dir.resolve("nacos-logs"),
                "-cp", String.join(":", classPath), source.toString()));
        command.addAll(Arrays.asList(steps));
        Path log = dir.resolve(name + ".log");
        try (Jvm probe = Jvm.start(namespace == null ? command : namespace.inside(command), dir, log)) {
            int exit = probe.awaitExit(Duration.ofSeconds(240));
            if (exit != 0 || !probe.output().contains("PROBE done")) {
                throw new IllegalStateException("the probe ended with " + exit + ":\n" + probe.tail());
            }
            return Arrays.stream(probe.output().split("\n")).filter(l -> l.startsWith("PROBE "))
                    .map(l -> l.substring("PROBE ".length())).collect(Collectors.toList());
        }
    }
}
