package io.dubbostress.release;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code SHA256SUMS}: one line per file of a folder (and its subfolders), in the format of GNU {@code sha256sum}, so
 * that a user checks a download with {@code sha256sum -c SHA256SUMS}:
 *
 * <pre>
 * 3f2a...e9  jmeter-dubbo-sampler-0.2.0.jar
 * 9b41...07  plans/dubbo-direct.jmx
 * </pre>
 */
public final class Sha256Sums {

    public static final String FILE_NAME = "SHA256SUMS";

    private Sha256Sums() {
    }

    /** Writes {@code folder/SHA256SUMS} over every other file in it, sorted by path; returns the lines. */
    public static List<String> write(Path folder) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(folder)) {
            files = walk.filter(Files::isRegularFile).filter(p -> !p.equals(folder.resolve(FILE_NAME))).sorted()
                    .collect(Collectors.toList());
        }
        List<String> lines = new java.util.ArrayList<>();
        for (Path file : files) {
            lines.add(of(file) + "  " + folder.relativize(file).toString().replace('\\', '/'));
        }
        Files.write(folder.resolve(FILE_NAME), lines, StandardCharsets.UTF_8);
        return lines;
    }

    /** The file's SHA-256, in lower-case hex. */
    public static String of(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
