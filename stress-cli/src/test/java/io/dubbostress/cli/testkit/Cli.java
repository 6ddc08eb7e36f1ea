package io.dubbostress.cli.testkit;

import io.dubbostress.cli.StressCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * One run of a stress command in the test's JVM, its output captured (picocli's "Testing Your Application"): the
 * exit code, stdout and stderr. The one CLI harness of the tests:
 *
 * <pre>
 * Cli r = Cli.run("run", "--threads", "0");
 * assertThat(r.exit).isEqualTo(2);
 * assertThat(r.firstErrLine()).isEqualTo("stress run: Invalid value for option '--threads': 0 (must be >= 1)");
 * </pre>
 */
public final class Cli {

    public final int exit;
    public final String out;
    public final String err;

    private Cli(int exit, String out, String err) {
        this.exit = exit;
        this.out = out;
        this.err = err;
    }

    /** {@code stress args...} through {@link StressCommand#commandLine()}. */
    public static Cli run(String... args) {
        return run(StressCommand.commandLine(), args);
    }

    /** {@code args} through a configured command line (e.g. one with {@code bench} added). */
    public static Cli run(CommandLine command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        command.setOut(new PrintWriter(out, true));
        command.setErr(new PrintWriter(err, true));
        int exit = command.execute(args);
        return new Cli(exit, out.toString(), err.toString());
    }

    /** The first line on stderr, or "" when there is none. */
    public String firstErrLine() {
        return err.lines().findFirst().orElse("");
    }

    @Override
    public String toString() {
        return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}
