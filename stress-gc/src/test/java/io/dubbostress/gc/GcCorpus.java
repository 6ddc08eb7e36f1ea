package io.dubbostress.gc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The GC log corpus the analysis is measured against: GCViewer's public test logs (outside material, kept beside the
 * repository in {@code ../shared/gc-corpus/gcviewer}, never in it: see {@link #outside()}) and logs written here, at
 * test time, by real JVMs: the JDK 17 and the Temurin 25 of this machine running {@link GcLoad} with each collector
 * and with the decorator and rotation variants people use.
 *
 * <pre>{@code
 * for (GcCorpus.Log log : GcCorpus.all(tempDir)) {
 *     GcGroundTruth.Truth truth = GcGroundTruth.of(log.files());
 * }
 * }</pre>
 */
final class GcCorpus {

    static final Path JDK17 = Paths.get(System.getProperty("gc.corpus.jdk17", "/usr/lib/jvm/java-17-openjdk-amd64"));
    static final Path JDK25 = Paths.get(System.getProperty("gc.corpus.jdk25", "/usr/lib/jvm/temurin-25-jdk-amd64"));
    private static final String DECORATORS = "time,uptime,level,tags"; // what stress run writes
    private static final long JVM_DEADLINE_SECONDS = 120;

    /** One log of the corpus: a name and its files (several for a rotated set, in no particular order). */
    static final class Log {
        private final String name;
        private final List<Path> files;

        Log(String name, List<Path> files) {
            this.name = name;
            this.files = Collections.unmodifiableList(new ArrayList<>(files));
        }

        String name() {
            return name;
        }

        List<Path> files() {
            return files;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** A JVM the corpus runs: which JDK, the collector and logging flags, and how long and hard it allocates. */
    static final class Writer {
        final String name;
        final Path jdk;
        final String collector;
        final String xlog; // {file} stands for the log's path
        final long runMs;
        final long liveMb;
        final long mbPerSecond;

        Writer(String name, Path jdk, String collector, String xlog, long runMs, long liveMb, long mbPerSecond) {
            this.name = name;
            this.jdk = jdk;
            this.collector = collector;
            this.xlog = xlog;
            this.runMs = runMs;
            this.liveMb = liveMb;
            this.mbPerSecond = mbPerSecond;
        }
    }

    private GcCorpus() {
    }

    /** The logs the corpus writes with real JVMs; names say JDK, collector and what is special about the log. */
    static List<Writer> writers() {
        String all = "-Xlog:gc*:file={file}:";
        return Arrays.asList(
                new Writer("jdk17-g1", JDK17, "-XX:+UseG1GC", all + DECORATORS, 1200, 12, 300),
                new Writer("jdk17-parallel", JDK17, "-XX:+UseParallelGC", all + DECORATORS, 1200, 12, 300),
                new Writer("jdk17-serial", JDK17, "-XX:+UseSerialGC", all + DECORATORS, 1200, 12, 300),
                new Writer("jdk17-zgc", JDK17, "-XX:+UseZGC", all + DECORATORS, 1200, 12, 100),
                new Writer("jdk17-shenandoah", JDK17, "-XX:+UseShenandoahGC", all + DECORATORS, 1200, 12, 300),
                new Writer("jdk17-g1-pid-tid", JDK17, "-XX:+UseG1GC", all + "time,uptime,pid,tid,level,tags",
                        1200, 12, 300),
                new Writer("jdk17-parallel-uptimemillis-pid", JDK17, "-XX:+UseParallelGC",
                        all + "uptimemillis,pid,tid,level,tags", 1200, 12, 300),
                new Writer("jdk17-g1-time-only", JDK17, "-XX:+UseG1GC", all + "time", 1200, 12, 300),
                new Writer("jdk17-serial-default-decorators", JDK17, "-XX:+UseSerialGC", "-Xlog:gc*:file={file}",
                        1200, 12, 300),
                new Writer("jdk17-g1-gc-tag-only", JDK17, "-XX:+UseG1GC", "-Xlog:gc:file={file}:" + DECORATORS,
                        1200, 12, 0),
                new Writer("jdk17-g1-rotated", JDK17, "-XX:+UseG1GC",
                        all + DECORATORS + ":filecount=3,filesize=8k", 1500, 12, 300),
                new Writer("jdk25-g1", JDK25, "-XX:+UseG1GC", all + DECORATORS, 1200, 12, 0),
                new Writer("jdk25-parallel", JDK25, "-XX:+UseParallelGC", all + DECORATORS, 1200, 12, 300),
                new Writer("jdk25-serial", JDK25, "-XX:+UseSerialGC", all + DECORATORS, 1200, 12, 300),
                new Writer("jdk25-zgc-generational", JDK25, "-XX:+UseZGC", all + DECORATORS, 1200, 12, 100),
                new Writer("jdk25-shenandoah", JDK25, "-XX:+UseShenandoahGC", all + DECORATORS, 1200, 12, 300),
                new Writer("jdk25-zgc-pid-tid-uptimemillis", JDK25, "-XX:+UseZGC",
                        all + "utctime,uptimemillis,pid,tid,level,tags", 1200, 12, 100),
                new Writer("jdk25-shenandoah-uptime-tid", JDK25, "-XX:+UseShenandoahGC", all + "uptime,tid",
                        1200, 12, 300),
                new Writer("jdk25-g1-rotated", JDK25, "-XX:+UseG1GC",
                        all + DECORATORS + ":filecount=3,filesize=128k", 1500, 12, 0));
    }

    /**
     * Where GCViewer's test logs are: {@code -Dgc.corpus.outside=DIR}, else {@code ../shared/gc-corpus/gcviewer} from
     * the repository's root (the module's parent folder, where Maven runs the tests from the module's folder). They
     * are another project's files (LGPL 2.1; origin and licence in that folder's README), so the repository holds none.
     */
    static Path outside() {
        String configured = System.getProperty("gc.corpus.outside");
        if (configured != null && !configured.isEmpty()) {
            return Paths.get(configured);
        }
        Path root = Paths.get("").toAbsolutePath().getParent();
        return root.resolveSibling("shared").resolve("gc-corpus").resolve("gcviewer");
    }

    /** Whether {@link #outside()} holds the logs; the one line a test prints when it does not. */
    static boolean outsidePresent() {
        return Files.isDirectory(outside().resolve("openjdk"));
    }

    static String outsideAbsent() {
        return "the outside GC corpus was not checked: " + outside() + " is absent (GCViewer's test logs, see "
                + "docs/GC.md; -Dgc.corpus.outside=DIR to point elsewhere)";
    }

    /** One of GCViewer's logs, by its path under {@link #outside()}. */
    static Path outsideLog(String name) {
        return outside().resolve(name);
    }

    /** GCViewer's logs: each file one log, the JDK 8 rotated series one log of seven files. */
    static List<Log> gcViewerLogs() {
        Path root = outside();
        List<Log> logs = new ArrayList<>();
        for (String folder : new String[] {"openjdk", "unified-jvm-logging"}) {
            for (Path file : list(root.resolve(folder))) {
                logs.add(new Log("gcviewer/" + folder + "/" + file.getFileName(), Collections.singletonList(file)));
            }
        }
        logs.add(new Log("gcviewer/jdk8-rotated (7 files)", list(root.resolve("jdk8-rotated"))));
        return logs;
    }

    /** Writes every {@link #writers()} log under {@code dir}, two JVMs at a time, and returns them. */
    static List<Log> writeAll(Path dir) throws Exception {
        for (Path jdk : new Path[] {JDK17, JDK25}) {
            if (!Files.isExecutable(jdk.resolve("bin/java"))) {
                throw new IllegalStateException("the GC corpus needs a JDK at " + jdk + " (JDK 17 and Temurin 25, "
                        + "see docs/GC.md, the corpus; other paths: -Dgc.corpus.jdk17=... "
                        + "-Dgc.corpus.jdk25=...)");
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Log>> futures = new ArrayList<>();
            for (Writer writer : writers()) {
                futures.add(pool.submit(() -> write(dir, writer)));
            }
            List<Log> logs = new ArrayList<>();
            for (Future<Log> future : futures) {
                logs.add(future.get(JVM_DEADLINE_SECONDS * 2, TimeUnit.SECONDS));
            }
            return logs;
        } finally {
            pool.shutdownNow();
        }
    }

    /** Runs one writer's JVM to the end and returns its log (all its files when it rotated). */
    static Log write(Path dir, Writer writer) throws IOException, InterruptedException {
        Path folder = Files.createDirectories(dir.resolve(writer.name));
        Path log = folder.resolve(writer.name + ".log");
        List<String> command = new ArrayList<>(Arrays.asList(
                writer.jdk.resolve("bin/java").toString(), "-Xms32m", "-Xmx32m", writer.collector,
                writer.xlog.replace("{file}", log.toString()),
                "-cp", classes(), GcLoad.class.getName(),
                Long.toString(writer.runMs), Long.toString(writer.mbPerSecond), Long.toString(writer.liveMb)));
        Path out = folder.resolve("stdout.txt");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        try {
            if (!process.waitFor(JVM_DEADLINE_SECONDS, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException(writer.name + ": the JVM did not finish cleanly: "
                        + new String(Files.readAllBytes(out)));
            }
        } finally {
            process.destroyForcibly();
        }
        List<Path> files;
        try (Stream<Path> stream = Files.list(folder)) {
            files = stream.filter(p -> p.getFileName().toString().startsWith(writer.name + ".log"))
                    .sorted().collect(Collectors.toList());
        }
        return new Log(writer.name, files);
    }

    private static String classes() {
        try {
            return Paths.get(GcLoad.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Path> list(Path folder) {
        try (Stream<Path> stream = Files.list(folder)) {
            return stream.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
