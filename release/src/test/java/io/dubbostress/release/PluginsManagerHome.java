package io.dubbostress.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A copy of one of the build's stock JMeter homes (the stock home itself is not touched), as a user's fresh JMeter:
 * JMeter's own jars only (the copy leaves out the sampler and the PerfMon jars the build adds to {@code lib/ext}),
 * then the JMeter Plugins Manager installed the documented way: its jar from Maven Central in {@code lib/ext}, the
 * cmdrunner its POM names in {@code lib/}, and {@code PluginManagerCMDInstaller} writing
 * {@code bin/PluginsManagerCMD.sh}. Commands run through that script, pointed at one descriptor by
 * {@code jpgc.repo.address} (nothing else: the Manager then asks no other repository) with usage statistics off
 * ({@code jpgc.repo.sendstats=false}) and a temp folder of its own.
 *
 * <p>The Manager applies its changes after it exits, in a process of its own ({@code SafeDeleter}); {@link #run}
 * waits for that process's log ({@code jpgc-cleaner-*.log} in the Manager's temp folder) to say it has finished.
 */
final class PluginsManagerHome {

    /** What JMeter 5.1.1 needs on Java 9+ (XStream reading a plan); 5.6.3 needs nothing. */
    static final String JMETER_511_OPENS = "--add-opens java.base/java.util=ALL-UNNAMED"
            + " --add-opens java.base/java.lang.reflect=ALL-UNNAMED --add-opens java.base/java.text=ALL-UNNAMED"
            + " --add-opens java.desktop/java.awt.font=ALL-UNNAMED";
    private static final Pattern STATUS = Pattern.compile("^\\[.*]$", Pattern.MULTILINE);

    final String jmeterVersion;
    final Path home;
    private final Path work;
    private final Path tmp;
    private final String repoAddress;
    private int commands;
    /** What each command is run through: nothing, or entering a network namespace ({@link #offline}). */
    private List<String> prefix = List.of();

    private PluginsManagerHome(String jmeterVersion, Path home, Path work, String repoAddress) throws IOException {
        this.jmeterVersion = jmeterVersion;
        this.home = home;
        this.work = work;
        this.tmp = Files.createDirectories(work.resolve("tmp"));
        this.repoAddress = repoAddress;
    }

    /** Copies the stock home into {@code work} and installs the Plugins Manager into the copy. */
    static PluginsManagerHome create(String jmeterVersion, Path work, String repoAddress) throws Exception {
        Path stock = ReleaseBuild.jmeterHome(jmeterVersion);
        Path home = work.resolve("apache-jmeter-" + jmeterVersion);
        copyStock(stock, home);
        try (Stream<Path> ext = Files.list(home.resolve("lib/ext"))) {
            assertThat(ext.map(p -> p.getFileName().toString()))
                    .as("a fresh JMeter's lib/ext: JMeter's own jars").allMatch(n -> n.startsWith("ApacheJMeter_"));
        }
        Path pm = Path.of(ReleaseBuild.property("plugins-manager.dir"));
        Path pmJar = single(pm, "jmeter-plugins-manager-*.jar");
        Files.copy(pmJar, home.resolve("lib/ext").resolve(pmJar.getFileName()));
        Path cmdrunner = single(pm, "cmdrunner-*.jar");
        Files.copy(cmdrunner, home.resolve("lib").resolve(cmdrunner.getFileName()));
        PluginsManagerHome h = new PluginsManagerHome(jmeterVersion, home, work, repoAddress);
        Path out = work.resolve("cmd-installer.txt");
        Process p = new ProcessBuilder(java(), "-cp", home.resolve("lib/ext").resolve(pmJar.getFileName()).toString(),
                "org.jmeterplugins.repository.PluginManagerCMDInstaller")
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(out)).isZero();
        assertThat(home.resolve("bin/PluginsManagerCMD.sh")).isRegularFile();
        // the script starts the cmdrunner it names: the one we put in lib/
        assertThat(Files.readString(home.resolve("bin/PluginsManagerCMD.sh")))
                .contains("lib/" + cmdrunner.getFileName());
        return h;
    }

    /** The output of one Plugins Manager command, once the changes it started are applied. */
    record Result(int exit, String output, Path log) {

        /** The status line ({@code [jmeter-core=5.6.3, ...]}), or "" when there is none. */
        String statusLine() {
            Matcher m = STATUS.matcher(output);
            String last = "";
            while (m.find()) {
                last = m.group();
            }
            return last;
        }
    }

    /** From now on, every command runs in {@code namespace} (offline: nothing but its own loopback). */
    PluginsManagerHome offline(OfflineNamespace namespace) {
        this.prefix = namespace.command();
        return this;
    }

    /** {@code bin/PluginsManagerCMD.sh args...}; fails the test when it does not end, or exits non-zero. */
    Result run(String... args) throws Exception {
        return execute(repoAddress, true, args);
    }

    /** {@code bin/PluginsManagerCMD.sh args...} with another {@code jpgc.repo.address}; whatever its exit code. */
    Result attempt(String address, String... args) throws Exception {
        return execute(address, false, args);
    }

    private Result execute(String address, boolean mustSucceed, String... args) throws Exception {
        Path out = work.resolve(String.format("cmd-%02d-%s.txt", ++commands, args[0]));
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of("sh", home.resolve("bin/PluginsManagerCMD.sh").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile())
                .redirectErrorStream(true).redirectOutput(out.toFile());
        String opens = jmeterVersion.startsWith("5.1") ? JMETER_511_OPENS + " " : "";
        builder.environment().put("JVM_ARGS", opens + "-Djpgc.repo.address=" + address
                + " -Djpgc.repo.sendstats=false -Djava.io.tmpdir=" + tmp);
        // the Manager starts the JVMs that apply its changes and run our installer without its system properties:
        // this gives them the same temp folder (their files stay here, not in the machine's /tmp)
        builder.environment().put("JAVA_TOOL_OPTIONS", "-Djava.io.tmpdir=" + tmp);
        builder.environment().put("PATH", Path.of(java()).getParent() + ":" + System.getenv("PATH"));
        Set<Path> changeLogsBefore = changeLogs();
        Process process = builder.start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("PluginsManagerCMD.sh " + String.join(" ", args) + " did not end in 120 s:\n"
                    + Files.readString(out));
        }
        String output = Files.readString(out, StandardCharsets.UTF_8);
        if (!mustSucceed) {
            return new Result(process.exitValue(), output, null);
        }
        assertThat(process.exitValue()).as("PluginsManagerCMD.sh %s\n%s", String.join(" ", args), output).isZero();
        Path log = null;
        if (output.contains("Plugins manager will apply some modifications")) {
            // its changes are made by a process it starts on exit, logging to jpgc-cleaner-*.log in its temp folder
            // (the Manager's own line naming that file is often lost: it logs while its logging shuts down)
            AtomicReference<Path> found = new AtomicReference<>();
            await("the Plugins Manager's changes after " + String.join(" ", args))
                    .atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(200))
                    .until(() -> {
                        for (Path candidate : changeLogs()) {
                            if (!changeLogsBefore.contains(candidate)
                                    && Files.readString(candidate).contains("Done running installers")) {
                                found.set(candidate);
                                return true;
                            }
                        }
                        return false;
                    });
            log = found.get();
        }
        return new Result(process.exitValue(), output, log);
    }

    /** The temp folder of this home's Manager and of the JVMs it starts. */
    Path temp() {
        return tmp;
    }

    private Set<Path> changeLogs() throws IOException {
        try (DirectoryStream<Path> logs = Files.newDirectoryStream(tmp, "jpgc-cleaner-*.log")) {
            Set<Path> found = new HashSet<>();
            logs.forEach(found::add);
            return found;
        }
    }

    /** The jar names in {@code lib/ext} (or {@code lib}) that are not JMeter's own or the Plugins Manager's. */
    TreeSet<String> pluginJars(String folder) throws IOException {
        TreeSet<String> names = new TreeSet<>();
        try (Stream<Path> files = Files.list(home.resolve(folder))) {
            files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".jar"))
                    .filter(n -> !n.startsWith("ApacheJMeter") && !n.startsWith("jmeter-plugins-manager-"))
                    .forEach(names::add);
        }
        return names;
    }

    /** Copies a stock home: JMeter's own files (its jars as hard links), without the build's additions to lib/ext. */
    static void copyStock(Path stock, Path copy) throws IOException {
        try (Stream<Path> walk = Files.walk(stock)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                String rel = stock.relativize(p).toString();
                Path target = copy.resolve(rel);
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else if (rel.startsWith("lib/ext/") && !p.getFileName().toString().startsWith("ApacheJMeter_")) {
                    continue; // the build's additions to the stock home: the sampler and the PerfMon jars
                } else if (rel.startsWith("lib/") && rel.endsWith(".jar")) {
                    // JMeter's jars are only read, and the Manager moves jars, never writes into one: a hard link
                    // (another name for the same file) is a copy for this purpose, and costs nothing
                    try {
                        Files.createLink(target, p);
                    } catch (IOException | UnsupportedOperationException e) {
                        Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
                    }
                } else {
                    Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    private static Path single(Path dir, String glob) throws IOException {
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, glob)) {
            files.forEach(found::add);
        }
        assertThat(found).as(glob + " in " + dir).hasSize(1);
        return found.get(0);
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
