package io.dubbostress.bench;

import io.dubbostress.cli.StressCommand;
import picocli.CommandLine;

/**
 * {@code stress} with the developer benchmark added: the same commands as {@code stress-cli.jar} plus
 * {@code bench}. The {@code ./stress} script runs this jar for {@code ./stress bench}:
 *
 * <pre>
 * java -Dstress.home=. -jar stress-bench/target/stress-bench.jar bench --rounds 1 --duration 10s
 * </pre>
 */
public final class BenchMain {

    private BenchMain() {
    }

    /** The configured command line, {@code bench} included; {@code main} and the tests use the same one. */
    public static CommandLine commandLine() {
        CommandLine commandLine = StressCommand.commandLine();
        commandLine.addSubcommand(new BenchCommand());
        commandLine.addSubcommand(new CsvReadCommand());
        StressCommand.versionOnEverySubcommand(commandLine);
        return commandLine;
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
