package io.dubbostress.sampler.pacing;

import java.util.Collections;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.jmeter.JMeter;
import org.apache.jmeter.gui.GuiPackage;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.util.JMeterStopTestException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops a test that a Target Rate Schedule cannot honour, so that nobody mistakes it for a passed one: the reason in
 * one line on the console (stderr) and in jmeter.log, the test stopped (the thread throws the returned
 * {@link JMeterStopTestException}, which JMeter turns into a graceful stop: no call is made), a dialog in the GUI, and
 * a non-GUI JMeter's exit code 1 once it has ended ({@link NonGuiExitCode}). JMeter itself has no exit code for a
 * failed test: without this, {@code bin/jmeter -n} exits 0 and a CI job passes.
 *
 * <p>A jmeter-server (distributed mode) must stay up for the next test: it says so and stops the test, but does not
 * exit; the client's exit code cannot carry it.
 *
 * <pre>{@code
 * throw TestRefusal.refuse("Target Rate Schedule 'pacing': schedule 'fast': 'fast' is not a rate ...", remote);
 * }</pre>
 */
final class TestRefusal {

    private static final Logger log = LoggerFactory.getLogger(TargetRateSchedule.class);
    /** Each reason is said once per test, however many threads meet it. */
    private static final Set<String> SAID = Collections.newSetFromMap(new ConcurrentHashMap<>());

    private TestRefusal() {
    }

    /**
     * Says {@code reason} (once), arranges the exit code and returns the exception that stops the test.
     * {@code remoteEngine}: this JMeter is a server of a distributed test.
     */
    static JMeterStopTestException refuse(String reason, boolean remoteEngine) {
        String line = reason + ": the test is stopped";
        if (SAID.add(reason)) {
            log.error(line);
            if (GuiPackage.getInstance() != null) {
                JMeterUtils.reportErrorToUser(line, "Target Rate Schedule");
            } else {
                System.err.println(line); // NOSONAR: the console is where a non-GUI user looks
                System.err.flush();
            }
            if (JMeter.isNonGUI() && !remoteEngine) {
                NonGuiExitCode.oneWhenJMeterEnds();
            }
        }
        return new JMeterStopTestException(line);
    }

    /** A new test: its refusals are said again. */
    static void forget() {
        SAID.clear();
    }
}
