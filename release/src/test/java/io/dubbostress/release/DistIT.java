package io.dubbostress.release;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The release folder (target/dist, what scripts/release.sh copies to dist/): its files, its SHA-256 sums (checked by
 * our own digest and by GNU sha256sum, as a user checks them), the Plugins Manager descriptor against the jars and
 * plans it describes, and the version in every jar the build makes.
 */
@Execution(ExecutionMode.CONCURRENT)
class DistIT {

    private static final String V = ReleaseBuild.VERSION;

    @Test
    void holdsTheJarsThePlansTheDescriptorAndTheSums() throws Exception {
        Set<String> files;
        try (Stream<Path> walk = Files.walk(ReleaseBuild.DIST)) {
            files = walk.filter(Files::isRegularFile).map(p -> ReleaseBuild.DIST.relativize(p).toString())
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        Set<String> licences;
        try (Stream<Path> walk = Files.walk(ReleaseBuild.HOME.resolve("licenses"))) {
            licences = walk.filter(Files::isRegularFile)
                    .map(p -> "licenses/" + ReleaseBuild.HOME.resolve("licenses").relativize(p))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        List<String> expected = new ArrayList<>(List.of("README.md", "CHANGELOG.md", "SHA256SUMS", "repo.json",
                "sampler-gui.png", "jmeter-dubbo-sampler-" + V + ".jar", "jmeter-dubbo3-sampler-" + V + ".jar",
                "dubbo-stress-perfmon-agent-" + V + ".jar", "plans/dubbo-direct.jmx", "plans/dubbo-hop.jmx",
                "plans/http-hop.jmx", "plans/dubbo3-idl.jmx", MavenRepositoryZip.fileName(V), "LICENSE", "NOTICE"));
        expected.addAll(licences);
        assertThat(licences).hasSizeGreaterThan(3);
        assertThat(files).containsExactlyInAnyOrderElementsOf(expected);
        // the plans are the repository's, every one of them, unchanged
        assertThat(shippedPlans()).containsExactlyInAnyOrder("dubbo-direct.jmx", "dubbo-hop.jmx", "http-hop.jmx",
                "dubbo3-idl.jmx");
        for (String plan : shippedPlans()) {
            assertThat(Sha256Sums.of(ReleaseBuild.plan(plan)))
                    .isEqualTo(Sha256Sums.of(ReleaseBuild.HOME.resolve("test-plans").resolve(plan)));
        }
        assertThat(Files.readString(ReleaseBuild.DIST.resolve("README.md"))).contains("# dubbo-stress " + V)
                .doesNotContain("${");
    }

    @Test
    void theSumsAreRightByOurDigestAndBySha256sum() throws Exception {
        List<String> lines = Files.readAllLines(ReleaseBuild.DIST.resolve("SHA256SUMS"), StandardCharsets.UTF_8);
        Map<String, String> sums = new TreeMap<>();
        for (String line : lines) {
            String[] parts = line.split("  ", 2);
            sums.put(parts[1], parts[0]);
        }
        long files;
        try (Stream<Path> walk = Files.walk(ReleaseBuild.DIST)) {
            files = walk.filter(Files::isRegularFile).count() - 1; // every file but SHA256SUMS itself
        }
        assertThat(sums).hasSize(lines.size()).hasSize((int) files).doesNotContainKey("SHA256SUMS");
        for (Map.Entry<String, String> e : sums.entrySet()) {
            assertThat(Sha256Sums.of(ReleaseBuild.DIST.resolve(e.getKey()))).as(e.getKey()).isEqualTo(e.getValue());
        }
        Process check = new ProcessBuilder("sha256sum", "-c", "SHA256SUMS").directory(ReleaseBuild.DIST.toFile())
                .redirectErrorStream(true).start();
        String out = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(check.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(check.exitValue()).as(out).isZero();
        assertThat(out.lines().filter(l -> l.endsWith(": OK"))).hasSize((int) files);
    }

    @Test
    void theDescriptorMatchesTheJarsAndThePlans() throws Exception {
        JsonNode repo = new ObjectMapper().readTree(ReleaseBuild.DIST.resolve("repo.json").toFile());
        Map<String, JsonNode> byId = new TreeMap<>();
        repo.forEach(p -> byId.put(p.get("id").asText(), p));
        assertThat(byId).containsOnlyKeys("dubbo-stress", "dubbo-stress-dubbo3", "jpgc-perfmon", "jmeter-core");
        // what the Plugins Manager 1.3 reads without a default: id, name, description, helpUrl, vendor, markerClass
        for (JsonNode plugin : repo) {
            for (String field : List.of("name", "description", "helpUrl", "vendor", "markerClass", "versions")) {
                assertThat(plugin.has(field)).as(plugin.get("id") + " has " + field).isTrue();
            }
        }

        JsonNode dubbo27 = byId.get("dubbo-stress");
        JsonNode dubbo33 = byId.get("dubbo-stress-dubbo3");
        assertThat(dubbo27.at("/versions/" + V + "/downloadUrl").asText())
                .isEqualTo(ReleaseBuild.BASE_URL + "jmeter-dubbo-sampler-" + V + ".jar");
        assertThat(dubbo33.at("/versions/" + V + "/downloadUrl").asText())
                .isEqualTo(ReleaseBuild.BASE_URL + "jmeter-dubbo3-sampler-" + V + ".jar");
        for (JsonNode p : List.of(dubbo27, dubbo33)) {
            assertThat(p.at("/versions/" + V + "/depends").toString()).isEqualTo("[\"jmeter-core\"]");
            assertThat(p.at("/versions/" + V + "/changes").asText()).isNotBlank();
        }
        // each markerClass is in its own jar only; the installer is in both
        String marker27 = dubbo27.get("markerClass").asText();
        String marker33 = dubbo33.get("markerClass").asText();
        try (JarFile jar27 = new JarFile(ReleaseBuild.samplerJar().toFile());
                JarFile jar33 = new JarFile(ReleaseBuild.sampler3Jar().toFile())) {
            assertThat(jar27.getEntry(classFile(marker27))).isNotNull();
            assertThat(jar33.getEntry(classFile(marker27))).isNull();
            assertThat(jar33.getEntry(classFile(marker33))).isNotNull();
            assertThat(jar27.getEntry(classFile(marker33))).isNull();
            for (JsonNode p : List.of(dubbo27, dubbo33)) {
                assertThat(jar27.getEntry(classFile(p.get("installerClass").asText()))).isNotNull();
                assertThat(jar33.getEntry(classFile(p.get("installerClass").asText()))).isNotNull();
            }
            // componentClasses: every class of ours the shipped plans name (read from the plans), each in both jars;
            // only the 3.3 plugin lists them (the jar that runs every plan, the IDL one too), so install-for-jmx
            // picks one jar
            Set<String> inPlans = ourClassesInThePlans();
            assertThat(inPlans).hasSizeGreaterThanOrEqualTo(6);
            List<String> components = new ArrayList<>();
            dubbo33.get("componentClasses").forEach(c -> components.add(c.asText()));
            assertThat(components).containsExactlyInAnyOrderElementsOf(inPlans);
            for (String c : components) {
                assertThat(jar27.getEntry(classFile(c))).as(c).isNotNull();
                assertThat(jar33.getEntry(classFile(c))).as(c).isNotNull();
            }
            assertThat(dubbo27.has("componentClasses")).isFalse();
            // the descriptions name the Dubbo each jar carries (from its manifest)
            assertThat(dubbo27.get("description").asText()).contains("Dubbo " + dubboIn(jar27) + " client");
            assertThat(dubbo33.get("description").asText()).contains("Dubbo " + dubboIn(jar33) + " client");
        }

        // the PerfMon listener: the jars the build's 5.6.3 home runs the plans' collector with, from the Maven URL
        JsonNode perfmon = byId.get("jpgc-perfmon");
        assertThat(perfmon.get("markerClass").asText()).isEqualTo("kg.apc.jmeter.perfmon.PerfMonCollector");
        List<String> urls = new ArrayList<>();
        perfmon.get("versions").fields().forEachRemaining(e -> {
            urls.add(e.getValue().get("downloadUrl").asText());
            e.getValue().get("libs").forEach(u -> urls.add(u.asText()));
        });
        Set<String> names = new TreeSet<>();
        for (String url : urls) {
            assertThat(url).startsWith(ReleaseBuild.MAVEN_URL + "kg/apc/");
            names.add(url.substring(url.lastIndexOf('/') + 1));
            // the URL's path is where Maven keeps that jar: the build's local repository has it
            assertThat(ReleaseBuild.LOCAL_REPOSITORY.resolve(url.substring(ReleaseBuild.MAVEN_URL.length())))
                    .isRegularFile();
        }
        Set<String> inHome;
        try (Stream<Path> ext = Files.list(ReleaseBuild.jmeterHome("5.6.3").resolve("lib/ext"))) {
            inHome = ext.map(p -> p.getFileName().toString())
                    .filter(n -> !n.startsWith("ApacheJMeter_") && !n.startsWith("jmeter-dubbo")
                            && !n.startsWith("cmdrunner-"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        assertThat(names).as("cmdrunner aside (the Plugins Manager brings its own)").isEqualTo(inHome);
        assertThat(perfmon.at("/versions").fields().next().getValue().get("libs").fieldNames())
                .toIterable().contains("jmeter-plugins-cmn-jmeter>=" + ReleaseBuild.property("jmeter-plugins-cmn-jmeter.version"));

        JsonNode core = byId.get("jmeter-core");
        assertThat(core.get("canUninstall").asBoolean()).isFalse();
        assertThat(core.get("versions").get("").get("downloadUrl").asText()).startsWith(ReleaseBuild.MAVEN_URL);
    }

    @Test
    void everyJarTheBuildMakesSaysItsVersion() throws Exception {
        List<Path> jars = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(ReleaseBuild.HOME, 5)) {
            walk.filter(p -> p.toString().endsWith(".jar"))
                    .filter(p -> p.getParent().getFileName().toString().equals("target"))
                    .filter(p -> !p.getFileName().toString().startsWith("original-"))
                    .filter(p -> !ReleaseBuild.HOME.relativize(p).startsWith("examples"))
                    .filter(p -> !leftOfAnotherVersion(p.getFileName().toString()))
                    .forEach(jars::add);
        }
        jars.add(ReleaseBuild.agentJar());
        assertThat(jars).as("jars in the modules' target folders").hasSizeGreaterThan(15);
        List<String> wrong = new ArrayList<>();
        for (Path jar : jars) {
            try (JarFile file = new JarFile(jar.toFile())) {
                Attributes main = file.getManifest().getMainAttributes();
                String title = main.getValue(Attributes.Name.IMPLEMENTATION_TITLE);
                String version = main.getValue(Attributes.Name.IMPLEMENTATION_VERSION);
                if (title == null || title.isBlank() || !V.equals(version)) {
                    wrong.add(ReleaseBuild.HOME.relativize(jar) + ": " + title + " " + version);
                }
            }
        }
        assertThat(wrong).as("jars without Implementation-Title or Implementation-Version " + V).isEmpty();
    }

    /**
     * JMeter 5.6 reads every class of every lib/ext jar at start-up unless its manifest says not to (issue 36: 2-5 s
     * of CPU with our jars, docs/BENCHMARKS.md); the GUI's menus still list our elements (TwoJarsIT).
     */
    @Test
    void theSamplerJarsTellJMeterNotToScanTheirClasses() throws Exception {
        for (Path jar : List.of(ReleaseBuild.samplerJar(), ReleaseBuild.sampler3Jar())) {
            try (JarFile file = new JarFile(jar.toFile())) {
                assertThat(file.getManifest().getMainAttributes().getValue("JMeter-Skip-Class-Scanning"))
                        .as(jar.getFileName() + "'s manifest").isEqualTo("true");
            }
        }
    }

    @Test
    void onlyJarsNamedForAnotherVersionAreLeftOutOfTheVersionCheck() {
        assertThat(leftOfAnotherVersion("stress-api-0.1.0-SNAPSHOT.jar")).isTrue();
        assertThat(leftOfAnotherVersion("stress-api-0.1.0-SNAPSHOT-tests.jar")).isTrue();
        assertThat(leftOfAnotherVersion("stress-api-" + V + ".jar")).isFalse();
        assertThat(leftOfAnotherVersion("stress-api-" + V + "-tests.jar")).isFalse();
        assertThat(leftOfAnotherVersion("jmeter-dubbo3-sampler-" + V + "-javadoc.jar")).isFalse();
        assertThat(leftOfAnotherVersion("stress-cli.jar")).isFalse();
        assertThat(leftOfAnotherVersion("perfmon-agent.jar")).isFalse();
    }

    @Test
    void thePlansReadmeNamesThePlansThatHaveAPerfMonCollector() throws Exception {
        Set<String> withPerfMon = new TreeSet<>();
        for (String plan : shippedPlans()) {
            if (Files.readString(ReleaseBuild.plan(plan)).contains("kg.apc.jmeter.perfmon.PerfMonCollector")) {
                withPerfMon.add(plan);
            }
        }
        String readme = Files.readString(ReleaseBuild.HOME.resolve("test-plans/README.md"));
        Matcher said = Pattern.compile("The three comparison plans \\(([^)]*)\\) each have a PerfMon Metrics Collector")
                .matcher(readme);
        assertThat(said.find()).as("test-plans/README.md says which plans have a PerfMon collector").isTrue();
        Set<String> named = new TreeSet<>();
        Matcher plan = Pattern.compile("`([\\w-]+\\.jmx)`").matcher(said.group(1));
        while (plan.find()) {
            named.add(plan.group(1));
        }
        assertThat(named).isEqualTo(withPerfMon).hasSize(3);
        assertThat(shippedPlans()).hasSize(withPerfMon.size() + 1); // dubbo3-idl.jmx, which has none
    }

    @Test
    void theInstallLinesOfTheDocsNameThisRelease() throws Exception {
        Pattern[] versions = {Pattern.compile("releases/download/v([0-9][^/\\s]*)/"),
            Pattern.compile("io\\.dubbostress:jmeter-dubbo3?-sampler:([0-9][^<\\s`]*)"),
            Pattern.compile("jmeter-dubbo3?-sampler-([0-9][\\w.]*?)\\.jar"),
            Pattern.compile("dubbo-stress Dubbo Sampler ([0-9][\\w.]*)")};
        Pattern downloads = Pattern.compile("https://[^\\s;\"]*/releases/download/");
        for (String doc : List.of("README.md", "docs/SAMPLER.md", "docs/RELEASE.md", "CHANGELOG.md")) {
            String text = Files.readString(ReleaseBuild.HOME.resolve(doc));
            List<String> named = new ArrayList<>();
            for (Pattern p : versions) {
                Matcher m = p.matcher(text);
                while (m.find()) {
                    named.add(m.group(1));
                }
            }
            if (!doc.startsWith("CHANGELOG")) {
                assertThat(named).as(doc + ": the release its install lines name").isNotEmpty();
            }
            assertThat(named).as(doc).allMatch(V::equals);
            Matcher m = downloads.matcher(text);
            while (m.find()) {
                assertThat(m.group()).as(doc).isEqualTo(ReleaseBuild.property("dubbo-stress.home") + "/releases/download/");
            }
        }
    }

    /**
     * A jar named for a version other than this one ({@code stress-api-0.1.0-SNAPSHOT.jar} beside
     * {@code stress-api-0.2.0.jar}) is what an earlier build left in {@code target}, not something this build made.
     */
    static boolean leftOfAnotherVersion(String jarName) {
        Matcher m = NAMED_VERSION.matcher(jarName);
        return m.find() && !m.group(1).equals(V);
    }

    private static final Pattern NAMED_VERSION =
            Pattern.compile("-(\\d+\\.\\d+[\\w.-]*?)(?:-tests|-sources|-javadoc)?\\.jar$");

    private static Set<String> shippedPlans() throws IOException {
        try (Stream<Path> plans = Files.list(ReleaseBuild.HOME.resolve("test-plans"))) {
            return plans.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".jmx"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    private static Set<String> ourClassesInThePlans() throws IOException {
        Pattern cls = Pattern.compile("(?:guiclass|testclass)=\"(io\\.dubbostress\\.[^\"]+)\"");
        Set<String> found = new TreeSet<>();
        try (Stream<Path> plans = Files.list(ReleaseBuild.HOME.resolve("test-plans"))) {
            for (Path plan : (Iterable<Path>) plans.filter(p -> p.toString().endsWith(".jmx"))::iterator) {
                Matcher m = cls.matcher(Files.readString(plan));
                while (m.find()) {
                    found.add(m.group(1));
                }
            }
        }
        return found;
    }

    private static String dubboIn(JarFile jar) throws IOException {
        return jar.getManifest().getAttributes("org/apache/dubbo/common/").getValue(Attributes.Name.IMPLEMENTATION_VERSION);
    }

    private static String classFile(String className) {
        return className.replace('.', '/') + ".class";
    }
}
