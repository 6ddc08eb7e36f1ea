package io.dubbostress.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.cli.run.RunCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * stress-cli's packages, one per reason to change, as the compiled classes use each other (the JDK's jdeps reads them):
 * a command's own package ({@code run}, {@code report}, {@code compare}, {@code gc}, {@code agent}) is imported by no
 * other package but the root one, which registers the commands; the other packages ({@code options}, {@code jmeter},
 * {@code remote}, {@code capacity}, {@code service}, {@code process}, {@code home}) are shared and depend on each other
 * without a cycle. The root package holds the entry point and the command line's error type.
 */
class PackageDependenciesTest {

    private static final String ROOT = "io.dubbostress.cli";
    private static final Set<String> COMMAND_PACKAGES = Set.of(ROOT + ".run", ROOT + ".report", ROOT + ".compare",
            ROOT + ".gc", ROOT + ".agent", ROOT + ".watch");
    private static final Pattern EDGE = Pattern.compile("^\\s+(io\\.dubbostress\\.cli[\\w.]*)\\s+->\\s+"
            + "(io\\.dubbostress\\.cli[\\w.]*)\\s", Pattern.MULTILINE);

    /** package -> the cli packages its classes use (itself left out), from jdeps over target/classes. */
    private static Map<String, Set<String>> dependencies() throws Exception {
        Path classes = Path.of(RunCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
        StringWriter out = new StringWriter();
        int code = jdeps.run(new PrintWriter(out), new PrintWriter(out), "-verbose:package", "-filter:none",
                "-e", "io\\.dubbostress\\.cli.*", classes.toString());
        assertThat(code).as(out.toString()).isZero();
        Map<String, Set<String>> edges = new TreeMap<>();
        Matcher m = EDGE.matcher(out.toString());
        while (m.find()) {
            edges.computeIfAbsent(m.group(1), k -> new TreeSet<>());
            if (!m.group(1).equals(m.group(2))) {
                edges.get(m.group(1)).add(m.group(2));
            }
        }
        return edges;
    }

    @Test
    void noPackageUsesAnotherCommandsPackage() throws Exception {
        Map<String, Set<String>> edges = dependencies();
        assertThat(edges).as("jdeps found the packages").containsKeys(ROOT + ".run", ROOT + ".options",
                ROOT + ".jmeter", ROOT + ".remote", ROOT + ".capacity");
        List<String> wrong = new ArrayList<>();
        edges.forEach((from, to) -> to.stream().filter(COMMAND_PACKAGES::contains).filter(t -> !from.equals(ROOT))
                .forEach(t -> wrong.add(from + " -> " + t)));
        assertThat(wrong).as("a command's package used by another package").isEmpty();
    }

    @Test
    void theSharedPackagesFormNoCycle() throws Exception {
        Map<String, Set<String>> edges = dependencies();
        edges.remove(ROOT); // the entry point registers every command: it may use them all
        List<String> cycles = new ArrayList<>();
        for (String start : edges.keySet()) {
            List<String> path = new ArrayList<>();
            path.add(start);
            findCycle(edges, start, start, path, new TreeSet<>(), cycles);
        }
        assertThat(cycles).as("package cycles").isEmpty();
    }

    private static void findCycle(Map<String, Set<String>> edges, String start, String at, List<String> path,
            Set<String> seen, List<String> cycles) {
        for (String next : edges.getOrDefault(at, Set.of())) {
            if (next.equals(ROOT)) {
                continue; // the command line's error type, used everywhere
            }
            if (next.equals(start)) {
                cycles.add(String.join(" -> ", path) + " -> " + next);
            } else if (seen.add(next)) {
                path.add(next);
                findCycle(edges, start, next, path, seen, cycles);
                path.remove(path.size() - 1);
            }
        }
    }
}
