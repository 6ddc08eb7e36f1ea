package io.dubbostress.outside.suite;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * JMeter homes with one sampler jar or the other in lib/ext (never both: they hold the same classes).
 *
 * <pre>{@code
 * SamplerHomes.withSampler(stockHome, dubbo3Jar, tmp.resolve("home"));   // bin/ copied, every jar linked
 * SamplerHomes.dubboLine(home);                                           // "3.3"
 * }</pre>
 */
final class SamplerHomes {

    private SamplerHomes() {
    }

    /** "3.3" when the home's lib/ext holds jmeter-dubbo3-sampler, "2.7" when it holds jmeter-dubbo-sampler. */
    static String dubboLine(Path home) {
        List<String> jars = samplerJars(home.resolve("lib/ext"));
        if (jars.size() != 1) {
            throw new IllegalStateException(home + "/lib/ext must hold exactly one sampler jar, not " + jars);
        }
        return jars.get(0).startsWith("jmeter-dubbo3-sampler") ? "3.3" : "2.7";
    }

    /**
     * A home at {@code target} that is {@code stock} with {@code samplerJar} as its only sampler: bin/ copied (JMeter
     * finds its home from the script's folder), lib/ and lib/ext/ jars linked.
     */
    static void withSampler(Path stock, Path samplerJar, Path target) throws IOException {
        if (!Files.isRegularFile(samplerJar)) {
            throw new IllegalStateException("no sampler jar at " + samplerJar + " (build jmeter-dubbo3-sampler)");
        }
        try (Stream<Path> files = Files.walk(stock)) {
            for (Path source : (Iterable<Path>) files::iterator) {
                Path relative = stock.relativize(source);
                Path copy = target.resolve(relative.toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(copy);
                } else if (relative.startsWith("lib")) {
                    if (!isSamplerJar(source.getFileName().toString())) {
                        Files.createSymbolicLink(copy, source.toAbsolutePath());
                    }
                } else {
                    Files.copy(source, copy, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        Files.createSymbolicLink(target.resolve("lib/ext").resolve(samplerJar.getFileName()),
                samplerJar.toAbsolutePath());
    }

    private static List<String> samplerJars(Path ext) {
        try (Stream<Path> files = Files.list(ext)) {
            return files.map(f -> f.getFileName().toString()).filter(SamplerHomes::isSamplerJar)
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isSamplerJar(String name) {
        return name.startsWith("jmeter-dubbo-sampler") || name.startsWith("jmeter-dubbo3-sampler");
    }
}
