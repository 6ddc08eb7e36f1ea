package io.dubbostress.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.cli.testkit.Cli;
import io.dubbostress.report.ToolVersion;
import org.junit.jupiter.api.Test;

/** Issue 41: {@code stress <command> --version} printed nothing and exited 0; every command says what stress does. */
class VersionOptionTest {

    @Test
    void everyCommandsVersionIsStresssVersion() {
        Cli root = Cli.run("--version");
        assertThat(root.exit).isZero();
        assertThat(root.out.lines().findFirst()).hasValue(ToolVersion.name());
        for (String command : StressCommand.commandLine().getSubcommands().keySet()) {
            if (command.equals("help")) {
                continue; // picocli's help command has no options
            }
            Cli r = Cli.run(command, "--version");
            assertThat(r.exit).as(command).isZero();
            // the agent names itself (it runs alone on servers); every other command says what stress says
            assertThat(r.out).as("stress " + command + " --version")
                    .isEqualTo(command.equals("agent") ? r.out : root.out).startsWith("dubbo-stress ");
            assertThat(r.err).as(command).isEmpty();
        }
    }
}
