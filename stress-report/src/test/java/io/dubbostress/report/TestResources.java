package io.dubbostress.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/**
 * The sample inputs of the tests ({@code report/...} here, {@code gc/jdk8/*.log} in stress-gc's test-jar), read from
 * the class path so that they work from the test-jars other modules' tests use as well as from
 * {@code target/test-classes}:
 *
 * <pre>
 * Path log = TestResources.copy("gc/jdk8/parallel-gc.log", dir.resolve("provider-gc.log"));
 * </pre>
 */
public final class TestResources {

    private TestResources() {
    }

    /** Copies the resource to {@code target} (its folders created) and returns {@code target}. */
    public static Path copy(String resource, Path target) {
        try (InputStream in = open(resource)) {
            Files.createDirectories(target.toAbsolutePath().getParent());
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Copies the resource into {@code dir} under its own file name. */
    public static Path copyInto(String resource, Path dir) {
        return copy(resource, dir.resolve(resource.substring(resource.lastIndexOf('/') + 1)));
    }

    /**
     * Copies the resource folder {@code resource} (a run folder: {@code report/golden-run}) into {@code target}, files
     * and sub-folders; only from a folder on the class path ({@code target/test-classes}), not from a jar.
     */
    public static Path copyFolder(String resource, Path target) {
        URL url = TestResources.class.getResource("/" + resource);
        if (url == null || !"file".equals(url.getProtocol())) {
            throw new IllegalArgumentException("no test resource folder " + resource + " on the class path"
                    + (url == null ? "" : " (it is in " + url + ": only folders are copied)"));
        }
        try (Stream<Path> files = Files.walk(Paths.get(url.toURI()))) {
            Path source = Paths.get(url.toURI());
            for (Path from : (Iterable<Path>) files::iterator) {
                Path to = target.resolve(source.relativize(from).toString());
                if (Files.isDirectory(from)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
                }
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(e);
        }
    }

    public static String read(String resource) {
        try (InputStream in = open(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream open(String resource) {
        InputStream in = TestResources.class.getResourceAsStream("/" + resource);
        if (in == null) {
            throw new IllegalArgumentException("no test resource " + resource + " on the class path");
        }
        return in;
    }
}
