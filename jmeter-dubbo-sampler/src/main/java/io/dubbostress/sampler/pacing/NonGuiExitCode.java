package io.dubbostress.sampler.pacing;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Makes a non-GUI JMeter exit with code 1 after a refused test, once JMeter has finished on its own: the test ended,
 * every listener closed its files ("... end of run"), every other thread of the JVM gone. JMeter's non-GUI mode has no
 * exit code for a failed test (its JVM ends with 0 when its last thread ends), so a thread of ours, started at the
 * refusal, waits for that moment and calls {@link System#exit(int)} with 1; shutdown hooks (the log's flush) run as
 * usual. With {@code jmeterengine.force.system.exit=true} JMeter exits with 0 at the end of the test by itself, first.
 *
 * <pre>{@code
 * NonGuiExitCode.oneWhenJMeterEnds();   // only where JMeter.isNonGUI() and this JMeter is no jmeter-server
 * }</pre>
 */
final class NonGuiExitCode {

    private static final AtomicBoolean ARMED = new AtomicBoolean();
    private static final long POLL_MS = 100;

    private NonGuiExitCode() {
    }

    /** Starts the waiting thread, once per JVM. */
    static void oneWhenJMeterEnds() {
        if (!ARMED.compareAndSet(false, true)) {
            return;
        }
        Thread waiter = new Thread(NonGuiExitCode::awaitTheEnd, "dubbo-stress exit code");
        waiter.setDaemon(false); // it keeps the JVM up until it has said the code
        waiter.start();
    }

    private static void awaitTheEnd() {
        try {
            while (othersRunning()) {
                Thread.sleep(POLL_MS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        System.exit(1);
    }

    /** Whether a thread other than this one (and the JVM's DestroyJavaVM) would keep the JVM up. */
    static boolean othersRunning() {
        Thread self = Thread.currentThread();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t != self && t.isAlive() && !t.isDaemon() && !"DestroyJavaVM".equals(t.getName())) {
                return true;
            }
        }
        return false;
    }
}
