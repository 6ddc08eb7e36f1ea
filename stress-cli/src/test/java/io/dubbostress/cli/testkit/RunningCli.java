package io.dubbostress.cli.testkit;

import io.dubbostress.testsupport.ChildJvm;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.TerminalFailureException;

/**
 * Waiting on a {@code stress run} that runs as a child JVM: polls a condition every 100 ms for at most
 * {@code atMost}, gives up at once when the run has ended, and fails with the run's last output lines.
 *
 * <pre>{@code
 * RunningCli.await(cli, "the first samples", Duration.ofMinutes(3), () -> Jtl.rowsSoFar(jtl) >= 2);
 * }</pre>
 */
public final class RunningCli {

    private RunningCli() {
    }

    public static void await(ChildJvm cli, String what, Duration atMost, BooleanSupplier condition) {
        try {
            Awaitility.await(what).atMost(atMost).pollInterval(Duration.ofMillis(100))
                    .failFast("stress run ended", () -> !cli.isAlive())
                    .until(condition::getAsBoolean);
        } catch (ConditionTimeoutException | TerminalFailureException e) {
            throw new AssertionError("gave up waiting for " + what + ": " + e.getMessage() + "; stress run's output:\n"
                    + cli.logTail(40), e);
        }
    }
}
