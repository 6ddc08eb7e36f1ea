package io.dubbostress.gc;

import io.dubbostress.testsupport.ChildJvm;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;

/** A GC log written by a real JVM running {@link GcLoad}, with the unified-logging decorators stress run uses. */
public final class RealGcLog {

    private RealGcLog() {
    }

    /**
     * Runs {@link GcLoad} in a child JVM with the collector flag {@code gc} (e.g. {@code -XX:+UseG1GC}) for {@code ms}
     * at {@code mbPerSecond} (0: unpaced), keeping {@code liveMb} alive, and returns its log {@code dir/name}.
     */
    public static Path write(Path dir, String name, String gc, long ms, long mbPerSecond, long liveMb) throws Exception {
        Files.createDirectories(dir);
        Path log = dir.resolve(name);
        String classes = Paths.get(GcLoad.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        try (ChildJvm jvm = ChildJvm.mainClass(GcLoad.class.getName(), classes)
                .jvmArgs(gc, "-Xms64m", "-Xmx64m", "-Xlog:gc*:file=" + log + ":time,uptime,level,tags:filecount=0")
                .args(Long.toString(ms), Long.toString(mbPerSecond), Long.toString(liveMb))
                .log(dir.resolve(name + ".out"))
                .start()) {
            if (!jvm.waitFor(Duration.ofSeconds(120)) || !jvm.logText().contains("allocated ")) {
                throw new IllegalStateException("GcLoad did not finish: " + jvm.logTail(20));
            }
        }
        return log;
    }
}
