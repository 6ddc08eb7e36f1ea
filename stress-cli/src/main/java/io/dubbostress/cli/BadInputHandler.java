package io.dubbostress.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * A bad flag or value: one line saying which and what is allowed (picocli's message), suggestions for a mistyped
 * option, and where the full help is -- not the whole usage text. Exit code 2.
 */
public final class BadInputHandler implements IParameterExceptionHandler {

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine command = ex.getCommandLine();
        PrintWriter err = command.getErr();
        String name = command.getCommandSpec().qualifiedName();
        List<String> unmatched = ex instanceof UnmatchedArgumentException
                ? ((UnmatchedArgumentException) ex).getUnmatched() : List.of();
        if (!command.getSubcommands().isEmpty() && !unmatched.isEmpty() && !unmatched.get(0).startsWith("-")) {
            // "stress rnu": a command, not an argument
            err.println(name + ": unknown command '" + unmatched.get(0) + "' (commands: "
                    + String.join(", ", command.getSubcommands().keySet()) + ")");
        } else {
            err.println(name + ": " + ex.getMessage());
        }
        UnmatchedArgumentException.printSuggestions(ex, err);
        err.println("Run '" + name + " --help' for the options.");
        err.flush();
        return command.getCommandSpec().exitCodeOnInvalidInput();
    }
}
