package io.dubbostress.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.MaxValuesExceededException;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.MutuallyExclusiveArgsException;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
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
            err.println(name + ": " + message(ex, args));
        }
        UnmatchedArgumentException.printSuggestions(ex, err);
        err.println("Run '" + name + " --help' for the options.");
        err.flush();
        return command.getCommandSpec().exitCodeOnInvalidInput();
    }

    /**
     * picocli's message, but for options that only go together (an {@code @ArgGroup(exclusive = false)}: the capacity
     * search's, a distributed run's) the words of the option given: {@code Option '--find-max-rate' needs '--slo'}.
     */
    static String message(ParameterException ex, String[] args) {
        if (ex instanceof MutuallyExclusiveArgsException || ex instanceof MaxValuesExceededException) {
            // --provider-url then --provider: mutually exclusive; --provider then --provider-url: the exclusive
            // group matched twice ("expected only one match")
            return exclusive(ex, args);
        }
        if (!(ex instanceof MissingParameterException)) {
            return ex.getMessage();
        }
        List<ArgSpec> missing = ((MissingParameterException) ex).getMissing();
        if (missing.isEmpty() || missing.stream().anyMatch(a -> a.group() == null || !a.isOption())) {
            return ex.getMessage();
        }
        ArgGroupSpec group = missing.get(0).group();
        List<String> given = new ArrayList<>();
        for (OptionSpec option : group.options()) {
            for (String arg : args) {
                String flag = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
                if (Arrays.asList(option.names()).contains(flag) && !given.contains(option.longestName())) {
                    given.add(option.longestName());
                }
            }
        }
        if (given.isEmpty()) {
            return ex.getMessage();
        }
        List<String> needed = new ArrayList<>();
        for (OptionSpec option : group.options()) {
            if (option.required() && !given.contains(option.longestName())) {
                needed.add(option.longestName());
            }
        }
        if (needed.isEmpty()) {
            return ex.getMessage();
        }
        return "Option '" + String.join("', '", given) + "' needs '" + String.join("' and '", needed) + "'";
    }

    /**
     * Options of an exclusive {@code @ArgGroup} given together: the first one given named, with what it excludes
     * ({@code --provider-url} names the provider: not with {@code --provider} or {@code --registry}); picocli's own
     * words for any other group.
     */
    private static String exclusive(ParameterException ex, String[] args) {
        List<String> flags = new ArrayList<>();
        for (String arg : args) {
            flags.add(arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg);
        }
        if (flags.contains("--provider-url") && (flags.contains("--provider") || flags.contains("--registry"))) {
            return "Invalid value for option '--provider-url': it names the provider, so it cannot be combined "
                    + "with --provider or --registry";
        }
        if (flags.contains("--no-live")) {
            String other = flags.stream().filter(f -> f.equals("--live-port") || f.equals("--live-bind")).findFirst()
                    .orElse(null);
            if (other != null) {
                return "Option '--no-live' cannot be used with '" + other + "' (no live page: nowhere to serve it)";
            }
        }
        return ex.getMessage();
    }
}
