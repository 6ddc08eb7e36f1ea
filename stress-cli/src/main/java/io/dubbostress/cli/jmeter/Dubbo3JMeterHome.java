package io.dubbostress.cli.jmeter;

import io.dubbostress.cli.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The embedded JMeter home with the Dubbo 3.3 sampler (jmeter-dubbo3-sampler) in lib/ext instead of the Dubbo 2.7
 * one: the two hold the same classes, so one home has one of them. Made for a run in a temporary folder (bin/
 * copied, since JMeter finds its home from there; every jar linked) and removed when the run ends. {@code stress run
 * --provider-url tri://} and {@code stress bench}'s Dubbo 3.3 sides use it.
 *
 * <pre>{@code
 * Path home = Dubbo3JMeterHome.create(stressHome.embeddedJMeterHome(), stressHome.dubbo3SamplerJar());
 * ...
 * Dubbo3JMeterHome.remove(home);
 * }</pre>
 */
public final class Dubbo3JMeterHome {

    private Dubbo3JMeterHome() {
    }

    public static Path create(Path embedded, Path dubbo3Jar) {
        try {
            Path target = Files.createTempDirectory("stress-jmeter-dubbo3-");
            try (Stream<Path> files = Files.walk(embedded)) {
                for (Path source : (Iterable<Path>) files::iterator) {
                    Path relative = embedded.relativize(source);
                    Path copy = target.resolve(relative.toString());
                    if (Files.isDirectory(source)) {
                        Files.createDirectories(copy);
                    } else if (relative.startsWith("lib")) {
                        if (!source.getFileName().toString().startsWith("jmeter-dubbo-sampler")) {
                            Files.createSymbolicLink(copy, source.toAbsolutePath());
                        }
                    } else {
                        Files.copy(source, copy, StandardCopyOption.COPY_ATTRIBUTES);
                    }
                }
            }
            Files.createSymbolicLink(target.resolve("lib/ext").resolve(dubbo3Jar.getFileName()),
                    dubbo3Jar.toAbsolutePath());
            return target;
        } catch (IOException | UncheckedIOException e) {
            throw new UserError("cannot make a JMeter home with the Dubbo 3.3 sampler from " + embedded + ": "
                    + e.getMessage());
        }
    }

    /** Removes the home (links, not what they point to); quietly, at the end of a run. */
    public static void remove(Path home) {
        if (home == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(home)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a temporary folder left behind is no failure of the run
        }
    }
}
