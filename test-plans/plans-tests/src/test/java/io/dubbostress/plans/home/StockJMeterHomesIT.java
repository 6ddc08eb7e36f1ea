package io.dubbostress.plans.home;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The JMeter homes the build assembles are stock: every jar in {@code lib/} that JMeter's own published POMs name is
 * at the version they declare (5.6.3: {@code ApacheJMeter_bom-thirdparty}; 5.1.1: the dependencies of
 * {@code ApacheJMeter_parent}, whose versions are its properties), plus JMeter's own modules. No version of this
 * project's dependency management may leak in (it once put jackson-databind 2.17.2 beside 5.1.1's jackson-core
 * 2.9.8). The POMs are read straight from the local Maven repository, independently of how the build resolved them.
 */
class StockJMeterHomesIT {

    private static final Path REPO = Path.of(System.getProperty("maven.repo.local",
            System.getProperty("user.home") + "/.m2/repository"));
    private static final Pattern JAR = Pattern.compile("(.+?)-(\\d[^-]*(?:-[A-Za-z0-9.]+)*)\\.jar");

    @ParameterizedTest
    @ValueSource(strings = {"5.6.3", "5.1.1"})
    void libHoldsExactlyWhatJMetersPomsDeclare(String version) throws Exception {
        Path lib = Path.of(System.getProperty("jmeter.home." + version)).resolve("lib");
        Map<String, String> declared = declaredVersions(version);
        assertThat(declared).as("JMeter " + version + "'s POMs were read").hasSizeGreaterThan(40);

        List<String> wrong = new ArrayList<>();
        List<String> undeclared = new ArrayList<>();
        Map<String, String> inLib = new TreeMap<>();
        try (Stream<Path> files = Files.list(lib)) {
            for (Path jar : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".jar")).sorted()::iterator) {
                String name = jar.getFileName().toString();
                String artifact = artifactOf(name, declared);
                if (artifact == null) {
                    undeclared.add(name); // a transitive dependency JMeter's POMs do not name
                    continue;
                }
                String jarVersion = name.substring(artifact.length() + 1, name.length() - ".jar".length());
                if (!jarVersion.equals(declared.get(artifact))) {
                    wrong.add(name + ": JMeter " + version + " declares " + artifact + " " + declared.get(artifact));
                }
                assertThat(inLib.put(artifact, jarVersion)).as("two versions of " + artifact + " in " + lib).isNull();
            }
        }
        assertThat(wrong).as("jars in " + lib + " that a stock JMeter " + version + " does not have").isEmpty();
        assertThat(inLib).as("the JSON library JMeter uses is in one piece")
                .containsEntry("jackson-databind", declared.get("jackson-databind"))
                .containsEntry("jackson-core", declared.get("jackson-core"));
        assertThat(inLib).containsKey("jorphan");
        // the rest are what Maven resolves from those POMs (5.1.1: tika-parsers' own dependencies, which JMeter's
        // Ant-built zip leaves out); none of them may be one JMeter declares at another version (checked above)
        assertThat(inLib.size()).as("declared jars in lib/ (the others: " + undeclared + ")").isGreaterThan(40);
    }

    @ParameterizedTest
    @ValueSource(strings = {"5.6.3", "5.1.1"})
    void theHomesAreTheVersionsTheRootPomNames(String version) {
        String root = version.equals("5.6.3") ? System.getProperty("root.jmeter.version")
                : System.getProperty("root.jmeter.old.version");
        assertThat(root).as("the root pom's JMeter version for this home").isEqualTo(version);
        assertThat(Path.of(System.getProperty("jmeter.home." + version)).resolve("lib/ext/ApacheJMeter_core.jar"))
                .exists();
    }

    /**
     * The POM each home installs names its parent's version, not {@code ${revision}}: stress-cli depends on the homes,
     * and a build of stress-cli alone ({@code -pl stress-cli}) reads their POMs from the local repository, where a
     * parent {@code test-plans:${revision}} cannot be found. (flatten-maven-plugin writes it, in test-plans' pom.)
     */
    @ParameterizedTest
    @ValueSource(strings = {"5.6.3", "5.1.1"})
    void eachHomesInstalledPomNamesItsParentsVersion(String version) throws Exception {
        Path flattened = Path.of(System.getProperty("stress.plans.dir"), "jmeter-" + version, ".flattened-pom.xml");
        assertThat(flattened).as("the POM test-plans/jmeter-" + version + " installs").exists();
        assertThat(Files.readString(flattened)).doesNotContain("${revision}");
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(false);
        Document pom = factory.newDocumentBuilder().parse(flattened.toFile());
        Element parent = (Element) pom.getElementsByTagName("parent").item(0);
        assertThat(parent).as("the parent of " + flattened).isNotNull();
        assertThat(parent.getElementsByTagName("artifactId").item(0).getTextContent()).isEqualTo("test-plans");
        assertThat(parent.getElementsByTagName("version").item(0).getTextContent())
                .isEqualTo(System.getProperty("stress.version")).isNotBlank();
    }

    /** artifactId -> version, from JMeter's own POMs in the local repository. */
    private static Map<String, String> declaredVersions(String version) throws Exception {
        Map<String, String> versions = new HashMap<>();
        if (version.startsWith("5.1")) {
            Document parent = pom("ApacheJMeter_parent", version);
            Map<String, String> properties = properties(parent);
            collect(parent, "dependencies", properties, versions);
        } else {
            collect(pom("ApacheJMeter_bom-thirdparty", version), "dependencyManagement", Map.of(), versions);
        }
        for (String module : new String[] {"ApacheJMeter_core", "ApacheJMeter_components", "ApacheJMeter_functions",
            "ApacheJMeter_http", "ApacheJMeter_java", "jorphan"}) {
            versions.put(module, version);
            collect(pom(module, version), "dependencies", Map.of(), versions);
        }
        return versions;
    }

    private static Document pom(String artifact, String version) throws Exception {
        Path file = REPO.resolve("org/apache/jmeter").resolve(artifact).resolve(version)
                .resolve(artifact + "-" + version + ".pom");
        assertThat(file).as("JMeter's published POM (downloaded by the build)").exists();
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
    }

    private static Map<String, String> properties(Document pom) {
        Map<String, String> properties = new HashMap<>();
        NodeList list = pom.getElementsByTagName("properties");
        for (int i = 0; i < list.getLength(); i++) {
            NodeList children = list.item(i).getChildNodes();
            for (int j = 0; j < children.getLength(); j++) {
                Node child = children.item(j);
                if (child instanceof Element) {
                    properties.put(child.getNodeName(), child.getTextContent().trim());
                }
            }
        }
        return properties;
    }

    /** Every {@code <dependency>} under an element named {@code section}, versions with properties resolved. */
    private static void collect(Document pom, String section, Map<String, String> properties,
            Map<String, String> into) {
        NodeList sections = pom.getElementsByTagName(section);
        for (int i = 0; i < sections.getLength(); i++) {
            NodeList deps = ((Element) sections.item(i)).getElementsByTagName("dependency");
            for (int j = 0; j < deps.getLength(); j++) {
                Element dep = (Element) deps.item(j);
                String artifact = text(dep, "artifactId");
                String version = text(dep, "version");
                String scope = text(dep, "scope");
                if (artifact == null || version == null || "test".equals(scope) || "import".equals(scope)) {
                    continue;
                }
                Matcher m = Pattern.compile("\\$\\{([^}]+)}").matcher(version);
                into.putIfAbsent(artifact, m.matches() ? properties.getOrDefault(m.group(1), version) : version);
            }
        }
    }

    private static String text(Element parent, String tag) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element && n.getNodeName().equals(tag)) {
                return n.getTextContent().trim();
            }
        }
        return null;
    }

    /** The declared artifactId a jar file name starts with (the longest, so commons-lang3 is not commons-lang). */
    private static String artifactOf(String jarName, Map<String, String> declared) throws IOException {
        String best = null;
        for (String artifact : declared.keySet()) {
            if (jarName.startsWith(artifact + "-") && Character.isDigit(jarName.charAt(artifact.length() + 1))
                    && (best == null || artifact.length() > best.length())) {
                best = artifact;
            }
        }
        if (best == null && JAR.matcher(jarName).matches()) {
            return null;
        }
        return best;
    }
}
