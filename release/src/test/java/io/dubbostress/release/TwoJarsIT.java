package io.dubbostress.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two jars of ours in {@code lib/ext}, as users end up with them (an old download beside a Plugins Manager install; two
 * releases), in copies of the stock JMeter 5.1.1 and 5.6.3 homes: JMeter starts, headless and with its GUI (under
 * Xvfb), and every Dubbo Sampler sample fails as {@code CONFIG} with one message that names both jars and the one to
 * remove, which jmeter.log says once at start; the GUI lists each of our three elements once in its Add menus, and
 * JMeter's Help on one of them opens our docs of this release (not JMeter's component reference).
 * Before the fix, JMeter 5.1.1 did not start with both jars (Dubbo 3's Log4j 2 plugin file named a class then loaded
 * from the 2.7 jar), and on 5.6.3 every sample failed with {@code NoSuchMethodError ... URL.getScopeModel()}.
 *
 * <p>The plan ({@code two-jars.jmx}): Dubbo Defaults, a Target Rate Schedule and the Dubbo Sampler, 2 threads x 5
 * calls. The second release is this release's 2.7 jar with its manifest saying 0.1.0 (no earlier release exists).
 */
@Execution(ExecutionMode.CONCURRENT)
class TwoJarsIT {

    private static final String V = ReleaseBuild.VERSION;
    private static final String JAR27 = DistCommand.samplerJarName(V);
    private static final String JAR33 = DistCommand.sampler3JarName(V);
    private static final String OLDER = "jmeter-dubbo-sampler-0.1.0.jar";

    static Path work;
    static Xvfb display;
    static Path olderRelease;

    @BeforeAll
    static void start() throws Exception {
        work = Path.of("target", "two-jars-it").toAbsolutePath();
        DistCommand.deleteTree(work);
        Files.createDirectories(work);
        display = Xvfb.start(work.resolve("xvfb"));
        olderRelease = withRelease(ReleaseBuild.samplerJar(), "0.1.0", work.resolve(OLDER));
    }

    @AfterAll
    static void stop() {
        if (display != null) {
            display.close();
        }
    }

    @ParameterizedTest(name = "JMeter {0}")
    @ValueSource(strings = {"5.1.1", "5.6.3"})
    void bothLinesFailEverySampleAsConfigNamingBothJars(String jmeter) throws Exception {
        Path dir = work.resolve("both-" + jmeter);
        Path home = home(jmeter, dir, ReleaseBuild.samplerJar(), ReleaseBuild.sampler3Jar());
        String expected = "2 Dubbo Sampler jars in lib/ext hold the same classes, " + JAR27 + " (" + V + ", Dubbo "
                + ReleaseBuild.property("dubbo.version") + ") and " + JAR33 + " (" + V + ", Dubbo "
                + ReleaseBuild.property("dubbo3.version") + "): JMeter would mix them, so no call is made. Remove "
                + JAR27 + " to keep " + JAR33;
        runPlanAndExpect(home, dir, expected);
    }

    @ParameterizedTest(name = "JMeter {0}")
    @ValueSource(strings = {"5.1.1", "5.6.3"})
    void twoReleasesFailEverySampleAsConfigNamingTheOlderToRemove(String jmeter) throws Exception {
        Path dir = work.resolve("releases-" + jmeter);
        Path home = home(jmeter, dir, olderRelease, ReleaseBuild.samplerJar());
        String dubbo = ", Dubbo " + ReleaseBuild.property("dubbo.version") + ")";
        String expected = "2 Dubbo Sampler jars in lib/ext hold the same classes, " + OLDER + " (0.1.0" + dubbo
                + " and " + JAR27 + " (" + V + dubbo + ": JMeter would mix them, so no call is made. Remove " + OLDER
                + " to keep " + JAR27;
        runPlanAndExpect(home, dir, expected);
    }

    @ParameterizedTest(name = "JMeter {0}")
    @ValueSource(strings = {"5.1.1", "5.6.3"})
    void theGuiStartsWithBothJarsAndListsEachElementOnce(String jmeter) throws Exception {
        Path dir = work.resolve("gui-" + jmeter);
        Path home = home(jmeter, dir, ReleaseBuild.samplerJar(), ReleaseBuild.sampler3Jar());
        Path menus = dir.resolve("menus.txt");
        Path probe = Path.of(TwoJarsIT.class.getResource("/gui-menus.groovy").toURI());
        int exit = jmeter(home, dir, true, "-j", dir.resolve("jmeter.log").toString(),
                "-Jjsr223.init.file=" + probe, "-Jgui_menus_out=" + menus);
        String log = read(dir.resolve("jmeter.log"));
        assertThat(menus).as("the GUI's menus (exit %d, %s)\n%s", exit, read(dir.resolve("console.txt")),
                read(dir.resolve("menus.txt.error"))).exists();
        // JMeter 5.1.1 creates every Command class of lib/ext's jars; one it cannot create left its GUI without any
        assertThat(log).as("JMeter's GUI commands").doesNotContain("exception finding action handlers")
                .doesNotContain("ERROR o.a.j.g.a.ActionRouter");
        List<String> items = Files.readAllLines(menus, StandardCharsets.UTF_8);
        assertThat(items).as("JMeter's own samplers are listed").contains("samplers\tHTTP Request");
        assertThat(items).as("each of our elements once").containsOnlyOnce("samplers\tDubbo Sampler",
                "config\tDubbo Defaults", "timers\tTarget Rate Schedule");
        assertThat(items.stream().filter(i -> i.contains("Dubbo") || i.contains("Target Rate"))).hasSize(3);
        assertThat(log.lines().filter(l -> l.contains("Dubbo Sampler jars in"))).as("said once at start")
                .singleElement().satisfies(l -> assertThat(l).contains("ERROR").contains(JAR27).contains(JAR33));
        // JMeter's Help on a Dubbo Defaults: our docs of this release, not JMeter's component reference
        assertThat(log).contains("gui-menus: Help fired on Dubbo Defaults")
                .contains("Help on Dubbo Defaults: " + ReleaseBuild.property("dubbo-stress.home") + "/blob/v" + V
                        + "/docs/SAMPLER.md#fields-and-property-keys")
                .doesNotContain("component_reference");
    }

    /** Runs the plan headless; every sample must be CONFIG with {@code expected} (its start), said once in the log. */
    private static void runPlanAndExpect(Path home, Path dir, String expected) throws Exception {
        Path plan = Path.of(TwoJarsIT.class.getResource("/two-jars.jmx").toURI());
        Path jtlFile = dir.resolve("two-jars.jtl");
        int exit = jmeter(home, dir, false, "-n", "-t", plan.toString(), "-l", jtlFile.toString(),
                "-j", dir.resolve("jmeter.log").toString(), "-Jjmeter.save.saveservice.output_format=csv");
        String log = read(dir.resolve("jmeter.log"));
        assertThat(exit).as("bin/jmeter exit code\n%s\n%s", read(dir.resolve("console.txt")), log).isZero();
        Jtl jtl = new Jtl(jtlFile);
        assertThat(jtl.rows).as("2 threads x 5 samples").hasSize(10);
        for (String[] row : jtl.rows) {
            assertThat(jtl.cell(row, "responseCode")).isEqualTo("CONFIG");
            assertThat(jtl.cell(row, "success")).isEqualTo("false");
            assertThat(jtl.cell(row, "responseMessage")).startsWith(expected)
                    .endsWith(", or keep another; then restart JMeter");
        }
        assertThat(log.lines().filter(l -> l.contains("ERROR") && l.contains(expected))).as("said once at start, in\n" + log)
                .singleElement().satisfies(l -> assertThat(l).endsWith("until then (" + home.resolve("lib/ext") + ")."));
        assertThat(log).doesNotContain("NoSuchMethodError", "NoClassDefFoundError", "LinkageError");
        // and the console says it, once
        assertThat(read(dir.resolve("console.txt")).lines().filter(l -> l.startsWith("dubbo-stress: first failed sample:")))
                .singleElement().satisfies(l -> assertThat(l).startsWith("dubbo-stress: first failed sample: direct CONFIG: " + expected));
    }

    /** A copy of the stock home with {@code jars} added to lib/ext. */
    private static Path home(String jmeter, Path dir, Path... jars) throws IOException {
        Path home = dir.resolve("apache-jmeter-" + jmeter);
        PluginsManagerHome.copyStock(ReleaseBuild.jmeterHome(jmeter), home);
        for (Path jar : jars) {
            Files.copy(jar, home.resolve("lib/ext").resolve(jar.getFileName()));
        }
        return home;
    }

    /** {@code bin/jmeter args} in {@code home}, its console in dir/console.txt; the exit code. */
    private static int jmeter(Path home, Path dir, boolean gui, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(home.resolve("bin/jmeter").toString()));
        command.addAll(List.of(args));
        Path console = dir.resolve("console.txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(console.toFile());
        builder.environment().put("HEAP", "-Xms128m -Xmx512m");
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().remove("JVM_ARGS");
        if (gui) {
            builder.environment().put("DISPLAY", display.name());
            if (home.getFileName().toString().endsWith("5.1.1")) {
                // JMeter 5.1.1's GUI on Java 9+ sets the X11 application name by reflection (not an opens its home has)
                builder.environment().put("JVM_ARGS", "--add-opens java.desktop/sun.awt.X11=ALL-UNNAMED");
            }
        }
        Process process = builder.start();
        // the GUI reads every class of both jars for its menus: 20-30 s of CPU, 170-300 s at a load average of 35-45
        long deadline = gui ? 900 : 300;
        if (!process.waitFor(deadline, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
            throw new AssertionError("bin/jmeter did not end in " + deadline + " s:\n" + read(console));
        }
        return process.exitValue();
    }

    /** {@code jar} with its manifest's Implementation-Version set to {@code release}: another release's jar. */
    static Path withRelease(Path jar, String release, Path target) throws IOException {
        try (JarFile in = new JarFile(jar.toFile())) {
            Manifest manifest = new Manifest(in.getManifest());
            manifest.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_VERSION, release);
            try (OutputStream file = Files.newOutputStream(target); JarOutputStream out = new JarOutputStream(file, manifest)) {
                for (Enumeration<JarEntry> entries = in.entries(); entries.hasMoreElements(); ) {
                    JarEntry entry = entries.nextElement();
                    if (entry.getName().equals(JarFile.MANIFEST_NAME)) {
                        continue;
                    }
                    out.putNextEntry(new JarEntry(entry.getName()));
                    try (InputStream data = in.getInputStream(entry)) {
                        data.transferTo(out);
                    }
                    out.closeEntry();
                }
            }
        }
        return target;
    }

    private static String read(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    }
}
