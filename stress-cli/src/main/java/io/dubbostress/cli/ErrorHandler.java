package io.dubbostress.cli;

import io.dubbostress.gc.GcException;
import io.dubbostress.report.ReportException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Turns an exception escaping a subcommand into one line on stderr, {@code stress <command>: <message>}, and exit
 * code 1. {@link UserError}s, the report library's {@link ReportException}s and the GC library's {@link GcException}s
 * are the user's to fix and print alone (exit code 2, or the error's own: 1 when a report could not be written);
 * anything else also prints its type, and the stack trace only with {@code STRESS_DEBUG=1}.
 */
public final class ErrorHandler implements IExecutionExceptionHandler {

    @Override
    public int handleExecutionException(Exception ex, CommandLine commandLine, ParseResult parseResult) {
        String command = commandLine.getCommandSpec().qualifiedName();
        String message = ex.getMessage() == null ? "" : ex.getMessage();
        if (ex instanceof UserError || ex instanceof ReportException || ex instanceof GcException) {
            commandLine.getErr().println(command + ": " + message);
        } else {
            commandLine.getErr().println(command + ": " + ex.getClass().getSimpleName()
                    + (message.isEmpty() ? "" : ": " + message));
            if ("1".equals(System.getenv("STRESS_DEBUG"))) {
                ex.printStackTrace(commandLine.getErr());
            } else {
                commandLine.getErr().println("(set STRESS_DEBUG=1 for the stack trace)");
            }
        }
        commandLine.getErr().flush();
        if (ex instanceof UserError) {
            return ((UserError) ex).exitCode();
        }
        if (ex instanceof GcException) {
            return 2;
        }
        return ex instanceof ReportException ? (((ReportException) ex).isOutputFailure() ? 1 : 2) : 1;
    }
}
