package io.dubbostress.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.cli.run.RunCommand;
import io.dubbostress.testsupport.PackageGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * stress-cli's packages, one per reason to change, as the compiled classes use each other (the JDK's jdeps reads them):
 * a command's own package ({@code run}, {@code report}, {@code compare}, {@code gc}, {@code agent}, {@code watch}) is imported by no
 * other package but the root one, which registers the commands; the other packages ({@code options}, {@code jmeter},
 * {@code remote}, {@code capacity}, {@code live}, {@code service}, {@code process}, {@code home}) are shared and depend on each other
 * without a cycle. The root package holds the entry point and the command line's error type.
 */
class PackageDependenciesTest {

    private static final Set<String> COMMAND_PACKAGES = Set.of("run", "report", "compare", "gc", "agent", "watch");

    private static PackageGraph graph;

    @BeforeAll
    static void readClasses() {
        graph = PackageGraph.of(RunCommand.class, "io.dubbostress.cli");
    }

    @Test
    void noPackageUsesAnotherCommandsPackage() {
        assertThat(graph.packages()).as("jdeps found the packages").contains("run", "options", "jmeter", "remote",
                "capacity");
        List<String> wrong = new ArrayList<>();
        graph.uses().forEach((from, to) -> to.stream().filter(COMMAND_PACKAGES::contains)
                .filter(t -> !from.equals(PackageGraph.ROOT)).forEach(t -> wrong.add(from + " -> " + t)));
        assertThat(wrong).as("a command's package used by another package").isEmpty();
    }

    @Test
    void theSharedPackagesFormNoCycle() {
        // the entry point registers every command, and the command line's error type is used everywhere
        assertThat(graph.cycles(PackageGraph.ROOT)).as("package cycles").isEmpty();
    }
}
