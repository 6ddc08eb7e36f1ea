package io.dubbostress.release;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The release's Maven repository as one file for the release page: the published artifacts (the two sampler jars, each
 * with its POM, sources, javadoc and checksums) in Maven's layout ({@code io/dubbostress/jmeter-dubbo-sampler/0.2.0/
 * ...}), taken from the repository the build stages for Maven Central (target/staging-deploy). Unzipped, it is a
 * repository Maven reads as {@code file:///...}; a company's repository manager imports it. Without
 * {@code maven-metadata.xml} (a release's fixed versions need none, and it holds the time of the build), entries in
 * name order with one fixed time: the same build gives the same bytes.
 *
 * <pre>{@code
 * Path zip = MavenRepositoryZip.write(stagingRepository, "0.2.0", List.of("jmeter-dubbo-sampler", "jmeter-dubbo3-sampler"),
 *         "2026-11-21T00:00:00Z", dist.resolve(MavenRepositoryZip.fileName("0.2.0")));
 * }</pre>
 */
public final class MavenRepositoryZip {

    static final String GROUP_PATH = "io/dubbostress";

    private MavenRepositoryZip() {
    }

    /** {@code dubbo-stress-0.2.0-maven-repository.zip}. */
    public static String fileName(String version) {
        return "dubbo-stress-" + version + "-maven-repository.zip";
    }

    /**
     * Writes the zip; every artifact must be staged with its jar and POM for this version, or this fails naming what
     * is missing. Returns the entry names written.
     */
    public static List<String> write(Path staging, String version, List<String> artifactIds, String timestamp, Path zip)
            throws IOException {
        List<Path> files = new ArrayList<>();
        for (String artifactId : artifactIds) {
            Path dir = staging.resolve(GROUP_PATH).resolve(artifactId).resolve(version);
            for (String required : new String[] {artifactId + "-" + version + ".jar", artifactId + "-" + version + ".pom"}) {
                if (!Files.isRegularFile(dir.resolve(required))) {
                    throw new IllegalStateException("not staged: " + dir.resolve(required)
                            + " (the build stages it in verify: ./mvnw -B -ntp verify -DskipTests)");
                }
            }
            try (Stream<Path> listed = Files.list(dir)) {
                files.addAll(listed.filter(Files::isRegularFile)
                        .filter(p -> !p.getFileName().toString().startsWith("maven-metadata"))
                        .collect(Collectors.toList()));
            }
        }
        LocalDateTime time = OffsetDateTime.parse(timestamp).atZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
        List<String> names = files.stream().map(p -> staging.relativize(p).toString().replace('\\', '/')).sorted()
                .collect(Collectors.toList());
        try (OutputStream out = Files.newOutputStream(zip); ZipOutputStream entries = new ZipOutputStream(out)) {
            for (String name : names) {
                ZipEntry entry = new ZipEntry(name);
                entry.setTimeLocal(time);
                entries.putNextEntry(entry);
                Files.copy(staging.resolve(name), entries);
                entries.closeEntry();
            }
        }
        return names;
    }
}
