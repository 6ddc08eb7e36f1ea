package io.dubbostress.cli.home;

import io.dubbostress.cli.UserError;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the built pieces are, relative to the repository root the {@code ./stress} script passes as
 * {@code -Dstress.home}: the provider and consumer jars, the PerfMon agent jar, the embedded JMeter home and the
 * plans. A missing piece is a clear error that says how to build it.
 */
public final class StressHome {

    static final String BUILD_HINT = "build it with ./mvnw -B -DskipTests package";

    private final Path root;

    public StressHome(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    /** {@code -Dstress.home}, else the working directory. */
    public static StressHome fromSystemProperty() {
        return new StressHome(Path.of(System.getProperty("stress.home", ".")));
    }

    public Path root() {
        return root;
    }

    public Path providerJar() {
        return existing(root.resolve("stress-provider/target/stress-provider.jar"), "the provider jar");
    }

    public Path consumerJar() {
        return existing(root.resolve("stress-consumer/target/stress-consumer.jar"), "the consumer jar");
    }

    public Path agentJar() {
        return existing(root.resolve("perfmon/target/perfmon-agent.jar"), "the PerfMon agent jar");
    }

    /** Our sampler jar, as installed in the embedded JMeter home's lib/ext. */
    public Path samplerJar() {
        Path ext = embeddedJMeterHome().resolve("lib/ext");
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(ext, "jmeter-dubbo-sampler-*.jar")) {
            for (Path jar : jars) {
                return jar;
            }
        } catch (IOException e) {
            throw new UserError("cannot list " + ext + ": " + e.getMessage());
        }
        throw new UserError("the sampler jar is missing from " + ext + ": " + BUILD_HINT);
    }

    /**
     * The Dubbo 3.3 flavour of the sampler jar (jmeter-dubbo3-sampler), as built: the main artifact of this release,
     * not its -sources or -javadoc jar beside it.
     */
    public Path dubbo3SamplerJar() {
        Path target = root.resolve("jmeter-dubbo3-sampler/target");
        Path jar = target.resolve("jmeter-dubbo3-sampler-" + BuildVersions.get("dubbo-stress") + ".jar");
        if (Files.isRegularFile(jar)) {
            return jar;
        }
        throw new UserError("the Dubbo 3.3 sampler jar is missing from " + target + " (" + jar.getFileName() + "): "
                + BUILD_HINT);
    }

    /** The JMeter 5.6.3 home assembled at build time, with our sampler and the PerfMon collector in lib/ext. */
    public Path embeddedJMeterHome() {
        return existing(root.resolve("test-plans/jmeter-5.6.3/target/apache-jmeter-5.6.3"), "the embedded JMeter home");
    }

    public Path plansDir() {
        return existing(root.resolve("test-plans"), "the test-plans folder");
    }

    public Path plan(String fileName) {
        return existing(plansDir().resolve(fileName), "the plan " + fileName);
    }

    private static Path existing(Path path, String what) {
        if (!Files.exists(path)) {
            throw new UserError(what + " is missing (" + path + "): " + BUILD_HINT);
        }
        return path;
    }
}
