package io.dubbostress.cli.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code java} executable and its feature version, and the flags the project's JVMs need on it: Dubbo's opens on
 * Java 9+, GC logging in the format that version writes (unified {@code -Xlog} on 9+, {@code -Xloggc} on 8).
 */
public final class JavaRuntime {

    /** Dubbo 2.7 on Java 9+ (javassist, hessian2 BigInteger/BigDecimal, unmodifiable collections). */
    public static final List<String> DUBBO_OPENS = List.of(
            "--add-opens", "java.base/java.lang=ALL-UNNAMED",
            "--add-opens", "java.base/java.math=ALL-UNNAMED",
            "--add-opens", "java.base/java.util=ALL-UNNAMED");

    private static final Pattern VERSION = Pattern.compile("version \"(1\\.)?(\\d+)");

    private final Path executable;
    private final int featureVersion;

    private JavaRuntime(Path executable, int featureVersion) {
        this.executable = executable;
        this.featureVersion = featureVersion;
    }

    /** The Java running the stress command. */
    public static JavaRuntime current() {
        return new JavaRuntime(Path.of(System.getProperty("java.home"), "bin", "java"), Runtime.version().feature());
    }

    /** The Java of a JDK or JRE home, its version read from its {@code release} file or {@code java -version}. */
    public static JavaRuntime ofHome(Path javaHome) {
        Path java = javaHome.resolve("bin").resolve("java");
        if (!Files.isExecutable(java)) {
            throw new IllegalArgumentException("no executable bin/java under " + javaHome);
        }
        return new JavaRuntime(java, readVersion(javaHome, java));
    }

    private static int readVersion(Path home, Path java) {
        try {
            Path release = home.resolve("release");
            String text = Files.exists(release) ? new String(Files.readAllBytes(release), StandardCharsets.UTF_8)
                    : versionOutput(java);
            Matcher m = VERSION.matcher(text.replace("JAVA_VERSION=", "version "));
            if (m.find()) {
                return Integer.parseInt(m.group(2));
            }
        } catch (IOException | RuntimeException e) {
            // fall through
        }
        throw new IllegalArgumentException("cannot tell the Java version of " + java);
    }

    private static String versionOutput(Path java) throws IOException {
        Process p = new ProcessBuilder(java.toString(), "-version").redirectErrorStream(true).start();
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    public Path executable() {
        return executable;
    }

    public int featureVersion() {
        return featureVersion;
    }

    /** The opens Dubbo needs, or none on Java 8. */
    public List<String> dubboOpens() {
        return featureVersion >= 9 ? DUBBO_OPENS : List.of();
    }

    /**
     * GC logging to {@code file}: every GC event with wall-clock and uptime decorations on 9+; the JDK 8 details
     * format with date stamps on 8.
     */
    public List<String> gcLogging(Path file) {
        List<String> flags = new ArrayList<>();
        if (featureVersion >= 9) {
            flags.add("-Xlog:gc*:file=" + file.toAbsolutePath() + ":time,uptime,level,tags:filecount=0");
        } else {
            flags.add("-Xloggc:" + file.toAbsolutePath());
            flags.add("-XX:+PrintGCDetails");
            flags.add("-XX:+PrintGCDateStamps");
            flags.add("-XX:+PrintGCTimeStamps");
        }
        return flags;
    }

    @Override
    public String toString() {
        return executable + " (Java " + featureVersion + ")";
    }
}
