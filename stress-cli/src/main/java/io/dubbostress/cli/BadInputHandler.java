package io.dubbostress.cli;

import java.io.PrintWriter;
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
        err.println(name + ": " + ex.getMessage());
        UnmatchedArgumentException.printSuggestions(ex, err);
        err.println("Run '" + name + " --help' for the options.");
        err.flush();
        return command.getCommandSpec().exitCodeOnInvalidInput();
    }
}
