package io.dubbostress.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The licences a user sees: LICENSE (Apache-2.0) and NOTICE in the repository, in the release folder and in
 * {@code META-INF/} of every jar the release ships, and each shaded jar's list of the libraries it bundles with their
 * licences ({@code META-INF/THIRD-PARTY.txt}, from the repository's {@code licenses/}), the texts of the licences
 * other than Apache-2.0 beside it ({@code META-INF/licenses/}).
 *
 * <p>The bundled libraries are derived from the shade plugin's inputs, not from a list kept here: the runtime
 * dependencies the module's build hands to the shade plugin ({@code target/shade-inputs.txt}, written by
 * {@code dependency:list} in the same build) less the artifactSet excludes of its shade configuration (read from its
 * pom.xml), and, counted independently, every Maven descriptor ({@code META-INF/maven/.../pom.properties}) inside the
 * jar (which also finds what a bundled library bundles in turn). A library without a line, a line for a library that
 * is not bundled, or a licence whose text is missing fails the test.
 */
@Execution(ExecutionMode.CONCURRENT)
class LicencesIT {

    private static final Pattern DEPENDENCY = Pattern.compile("^\\s+([^:\\s]+):([^:\\s]+):jar:.*:(compile|runtime)\\b.*$");
    private static final Pattern INSIDE = Pattern.compile("\\(in ([A-Za-z0-9_.-]+)");
    private static final Path LICENSE = ReleaseBuild.HOME.resolve("LICENSE");
    private static final Path NOTICE = ReleaseBuild.HOME.resolve("NOTICE");

    @Test
    void theRepositoryAndTheReleaseFolderCarryLicenseNoticeAndTheLists() throws Exception {
        assertThat(Files.readString(LICENSE)).contains("Apache License", "Version 2.0, January 2004",
                "END OF TERMS AND CONDITIONS");
        assertThat(Files.readString(NOTICE)).startsWith("dubbo-stress\nCopyright 2026 The dubbo-stress maintainers\n");
        assertThat(Sha256Sums.of(ReleaseBuild.DIST.resolve("LICENSE"))).isEqualTo(Sha256Sums.of(LICENSE));
        assertThat(Sha256Sums.of(ReleaseBuild.DIST.resolve("NOTICE"))).isEqualTo(Sha256Sums.of(NOTICE));
        Path licenses = ReleaseBuild.HOME.resolve("licenses");
        try (Stream<Path> walk = Files.walk(licenses)) {
            for (Path file : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                assertThat(Sha256Sums.of(ReleaseBuild.DIST.resolve("licenses").resolve(licenses.relativize(file).toString())))
                        .as("dist/licenses/%s", licenses.relativize(file)).isEqualTo(Sha256Sums.of(file));
            }
        }
        // the published POMs name the same licence
        for (String artifactId : DistCommand.PUBLISHED) {
            Path pom = ReleaseBuild.STAGING.resolve("io/dubbostress/" + artifactId + "/" + ReleaseBuild.VERSION + "/"
                    + artifactId + "-" + ReleaseBuild.VERSION + ".pom");
            assertThat(Files.readString(pom)).contains("<name>Apache-2.0</name>");
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jmeter-dubbo-sampler", "jmeter-dubbo3-sampler", "perfmon"})
    void everyLibraryAShadedJarBundlesHasItsLicenceInTheJar(String module) throws Exception {
        Path jar = module.equals("perfmon") ? ReleaseBuild.agentJar()
                : module.equals("jmeter-dubbo-sampler") ? ReleaseBuild.samplerJar() : ReleaseBuild.sampler3Jar();
        String listName = module.equals("perfmon") ? "perfmon-agent" : module;
        Set<String> bundled = shadeInputs(ReleaseBuild.HOME.resolve(module));
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            assertThat(text(zip, "META-INF/LICENSE")).as("META-INF/LICENSE of " + jar).isEqualTo(Files.readString(LICENSE));
            assertThat(text(zip, "META-INF/NOTICE").stripLeading()).as("META-INF/NOTICE of " + jar)
                    .startsWith("dubbo-stress\nCopyright 2026 The dubbo-stress maintainers\n")
                    .contains(Files.readString(NOTICE).lines().skip(3).findFirst().orElseThrow());
            String list = text(zip, "META-INF/THIRD-PARTY.txt");
            assertThat(list).as("the jar's list is the repository's")
                    .isEqualTo(Files.readString(ReleaseBuild.HOME.resolve("licenses").resolve(listName).resolve("THIRD-PARTY.txt")));
            Set<String> described = descriptors(zip);
            Map<String, String[]> lines = lines(list);

            Set<String> all = new TreeSet<>(bundled);
            all.addAll(described);
            List<String> missing = new ArrayList<>();
            for (String library : all) {
                String[] line = lineFor(lines, library);
                if (line == null) {
                    missing.add(library + (bundled.contains(library) ? " (a shade input)" : " (a Maven descriptor in the jar)"));
                    continue;
                }
                String licence = line[1];
                if (licence.equals("Apache-2.0")) {
                    continue; // META-INF/LICENSE, checked above
                }
                assertThat(line).as("%s (%s) names its licence's text", library, licence).hasSizeGreaterThan(2);
                String textFile = line[2];
                assertThat(text(zip, "META-INF/licenses/" + textFile)).as("the text of %s's licence in %s", library, jar)
                        .isEqualTo(Files.readString(ReleaseBuild.HOME.resolve("licenses/texts").resolve(textFile)));
                assertThat(Files.readString(ReleaseBuild.DIST.resolve("licenses/texts").resolve(textFile))).isNotEmpty();
            }
            assertThat(missing).as("libraries %s bundles without a line in licenses/%s/THIRD-PARTY.txt", jar.getFileName(),
                    listName).isEmpty();
            // and no line for a library that is not bundled (a stale list); a library inside a bundled one, without a
            // Maven descriptor of its own, says "(in <that artifactId>...)"
            for (Map.Entry<String, String[]> line : lines.entrySet()) {
                String key = line.getKey();
                Matcher inside = INSIDE.matcher(String.join(" ", line.getValue()));
                boolean used = key.endsWith(":*") ? all.stream().anyMatch(l -> l.startsWith(key.substring(0, key.length() - 1)))
                        : all.contains(key) || (inside.find() && all.stream().anyMatch(l -> l.endsWith(":" + inside.group(1))));
                assertThat(used).as("licenses/%s/THIRD-PARTY.txt names %s, which %s does not bundle", listName, key,
                        jar.getFileName()).isTrue();
            }
        }
    }

    @Test
    void thePublishedSourcesJarsCarryLicenseAndNotice() throws Exception {
        for (String artifactId : DistCommand.PUBLISHED) {
            Path sources = ReleaseBuild.STAGING.resolve("io/dubbostress/" + artifactId + "/" + ReleaseBuild.VERSION + "/"
                    + artifactId + "-" + ReleaseBuild.VERSION + "-sources.jar");
            try (ZipFile zip = new ZipFile(sources.toFile())) {
                assertThat(text(zip, "META-INF/LICENSE")).isEqualTo(Files.readString(LICENSE));
                assertThat(text(zip, "META-INF/NOTICE")).isEqualTo(Files.readString(NOTICE));
            }
        }
    }

    /** groupId:artifactId of what the module's shade plugin bundles: its runtime dependencies less its excludes. */
    static Set<String> shadeInputs(Path module) throws Exception {
        Path inputs = module.resolve("target/shade-inputs.txt");
        assertThat(inputs).as("written by the module's build (dependency:list, prepare-package)").exists();
        List<Pattern> excludes = shadeExcludes(module.resolve("pom.xml"));
        Set<String> bundled = new TreeSet<>();
        for (String line : Files.readAllLines(inputs, StandardCharsets.UTF_8)) {
            Matcher m = DEPENDENCY.matcher(line);
            if (m.matches()) {
                String key = m.group(1) + ":" + m.group(2);
                if (!key.startsWith("io.dubbostress:") && excludes.stream().noneMatch(p -> p.matcher(key).matches())) {
                    bundled.add(key);
                }
            }
        }
        assertThat(bundled).as("bundled libraries of " + module).isNotEmpty();
        return bundled;
    }

    /** The shade plugin's artifactSet excludes in a pom, as patterns ({@code org.slf4j:*}). */
    private static List<Pattern> shadeExcludes(Path pom) throws Exception {
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
        List<Pattern> patterns = new ArrayList<>();
        NodeList plugins = doc.getElementsByTagName("plugin");
        for (int i = 0; i < plugins.getLength(); i++) {
            Element plugin = (Element) plugins.item(i);
            if (!"maven-shade-plugin".equals(child(plugin, "artifactId"))) {
                continue;
            }
            NodeList sets = plugin.getElementsByTagName("artifactSet");
            for (int s = 0; s < sets.getLength(); s++) {
                NodeList excludes = ((Element) sets.item(s)).getElementsByTagName("exclude");
                for (int e = 0; e < excludes.getLength(); e++) {
                    String glob = excludes.item(e).getTextContent().trim();
                    patterns.add(Pattern.compile(Stream.of(glob.split("\\*", -1)).map(Pattern::quote)
                            .collect(Collectors.joining(".*"))));
                }
            }
        }
        return patterns;
    }

    private static String child(Element element, String name) {
        NodeList children = element.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            if (children.item(i) instanceof Element && children.item(i).getNodeName().equals(name)) {
                return children.item(i).getTextContent().trim();
            }
        }
        return null;
    }

    /** groupId:artifactId of every META-INF/maven/G/A/pom.properties in the jar, but ours. */
    private static Set<String> descriptors(ZipFile zip) {
        Set<String> found = new TreeSet<>();
        for (Enumeration<? extends ZipEntry> entries = zip.entries(); entries.hasMoreElements(); ) {
            String name = entries.nextElement().getName();
            String[] parts = name.split("/");
            if (parts.length == 5 && name.startsWith("META-INF/maven/") && parts[4].equals("pom.properties")
                    && !parts[2].equals("io.dubbostress")) {
                found.add(parts[2] + ":" + parts[3]);
            }
        }
        return found;
    }

    /** THIRD-PARTY.txt's lines by their first token: {@code [library, licence, text file or note...]}. */
    private static Map<String, String[]> lines(String list) {
        Map<String, String[]> lines = new LinkedHashMap<>();
        for (String line : list.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] tokens = line.trim().split("\\s+");
            assertThat(tokens).as("a line: library licence [text file] (%s)", line).hasSizeGreaterThan(1);
            lines.put(tokens[0], tokens);
        }
        return lines;
    }

    private static String[] lineFor(Map<String, String[]> lines, String library) {
        String[] exact = lines.get(library);
        return exact != null ? exact : lines.get(library.substring(0, library.indexOf(':')) + ":*");
    }

    private static String text(ZipFile zip, String name) throws IOException {
        ZipEntry entry = zip.getEntry(name);
        assertThat(entry).as(name + " in " + zip.getName()).isNotNull();
        try (InputStream in = zip.getInputStream(entry)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
