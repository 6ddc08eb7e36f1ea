package io.dubbostress.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code stress}: the one entry point. Each subcommand is its own {@code Callable<Integer>} returning an exit code.
 * Tests build the command line through {@link #commandLine()} and capture output with {@code setOut}/{@code setErr}.
 */
@Command(name = "stress",
        mixinStandardHelpOptions = true,
        versionProvider = StressVersion.class,
        description = {
            "dubbo-stress: what a Dubbo call costs directly, and through one consumer hop (HTTP -> Dubbo),",
            "with server CPU, memory, disk, network and GC next to the latencies."},
        subcommands = {
            CommandLine.HelpCommand.class,
            io.dubbostress.cli.report.ReportCommand.class,
            io.dubbostress.cli.compare.CompareCommand.class,
            io.dubbostress.cli.gc.GcCommand.class,
            io.dubbostress.cli.agent.AgentCommand.class,
            io.dubbostress.cli.run.RunCommand.class,
            io.dubbostress.cli.watch.LiveCommand.class,
            io.dubbostress.cli.remote.RmiKeystoreCommand.class,
            io.dubbostress.cli.service.ProviderCommand.class,
            io.dubbostress.cli.service.ConsumerCommand.class,
        },
        footer = {"", "Run 'stress help <command>' or 'stress <command> --help' for a command's options.",
            "The developer benchmark, 'stress bench', lives in stress-bench/ (./stress bench runs it)."})
public class StressCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The configured command line; {@code main} and the tests use the same one. */
    public static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new StressCommand());
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        commandLine.setExecutionExceptionHandler(new ErrorHandler());
        commandLine.setParameterExceptionHandler(new BadInputHandler());
        versionOnEverySubcommand(commandLine);
        return commandLine;
    }

    /**
     * {@code stress <command> --version} says what {@code stress --version} says: picocli's standard {@code --version}
     * of a subcommand without a version of its own printed nothing and exited 0. For the subcommands added later
     * ({@code bench}), call again.
     */
    public static void versionOnEverySubcommand(CommandLine commandLine) {
        for (CommandLine sub : commandLine.getSubcommands().values()) {
            if (sub.getCommandSpec().versionProvider() == null && sub.getCommandSpec().version().length == 0) {
                sub.getCommandSpec().versionProvider(new StressVersion());
            }
            versionOnEverySubcommand(sub);
        }
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
