package io.dubbostress.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The sample inputs of this module's tests ({@code gc/jdk8/*.log}, {@code report/...}), read from the class path so
 * that they work from the test-jar other modules' tests use as well as from {@code target/test-classes}:
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
