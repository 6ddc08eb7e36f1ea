package io.dubbostress.perfmon;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.List;

import picocli.CommandLine;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * {@code java -jar perfmon-agent.jar [options]}: {@link AgentCommand} in the agent's own JVM. It starts an agent,
 * prints where it listens, runs until stopped (Ctrl-C / SIGTERM, or a {@code shutdown} it allows). Exit codes: 0
 * stopped, 1 could not start (port in use), 2 a bad option: one line {@code perfmon agent: <what is wrong>}, worded
 * as the classic-style parser this jar had before ({@code --tcp-port 'abc' is not a whole number},
 * {@code --interval needs a value}, {@code unknown option '--exec' (--help lists the options)}).
 *
 * <pre>{@code
 * $ java -jar perfmon/target/perfmon-agent.jar --tcp-port 4444
 * perfmon agent listening on tcp 127.0.0.1:4444 (udp off); exec off, tail off, shutdown off; at most 16 clients
 * }</pre>
 */
public final class AgentMain {

    /** What the jar's messages start with. */
    static final String NAME = "perfmon agent";

    private AgentMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs until the agent stops; returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine line = commandLine(new AgentCommand(NAME, true));
        line.setOut(writer(out));
        line.setErr(writer(err));
        return line.execute(args);
    }

    /** The jar's command line around a command: its name in the usage, its wording of parse errors. */
    static CommandLine commandLine(AgentCommand command) {
        CommandLine line = new CommandLine(command);
        line.setCommandName("java -jar perfmon-agent.jar");
        line.setParameterExceptionHandler((ex, args) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println(NAME + ": " + describe(ex, args));
            err.flush();
            return 2;
        });
        return line;
    }

    /** One line saying what is wrong, naming the option as it was typed ({@code --port} or {@code --tcp-port}). */
    static String describe(ParameterException ex, String[] args) {
        if (ex instanceof UnmatchedArgumentException) {
            List<String> unmatched = ((UnmatchedArgumentException) ex).getUnmatched();
            if (!unmatched.isEmpty()) {
                return "unknown option '" + unmatched.get(0) + "' (--help lists the options)";
            }
        }
        if (ex instanceof MissingParameterException) {
            for (ArgSpec missing : ((MissingParameterException) ex).getMissing()) {
                if (missing instanceof OptionSpec) {
                    return typed((OptionSpec) missing, args, null) + " needs a value";
                }
            }
        }
        ArgSpec arg = ex.getArgSpec();
        if (arg instanceof OptionSpec && ex.getValue() != null && ex.getCause() instanceof CommandLine.TypeConversionException) {
            Class<?> type = arg.type();
            boolean whole = type == int.class || type == Integer.class || type == long.class || type == Long.class;
            return typed((OptionSpec) arg, args, ex.getValue()) + " '" + ex.getValue() + "' is not a "
                    + (whole ? "whole number" : "number");
        }
        return ex.getMessage();
    }

    /** The name the user typed for the option: the last one given (with this value, when known). */
    private static String typed(OptionSpec option, String[] args, String value) {
        String found = option.longestName();
        for (int i = 0; i < args.length; i++) {
            for (String name : option.names()) {
                boolean plain = args[i].equals(name)
                        && (value == null || (i + 1 < args.length && args[i + 1].equals(value)));
                boolean attached = value != null && args[i].equals(name + "=" + value);
                if (plain || attached) {
                    found = name;
                }
            }
        }
        return found;
    }

    private static PrintWriter writer(PrintStream stream) {
        return new PrintWriter(stream, true);
    }
}
