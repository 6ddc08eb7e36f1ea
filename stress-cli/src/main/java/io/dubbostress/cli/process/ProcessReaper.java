package io.dubbostress.cli.process;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Every process the stress command starts is registered here; a JVM shutdown hook (Ctrl-C, SIGTERM, normal exit)
 * stops the ones still running, newest first (JMeter before the services it calls). Hooks that must run before
 * that -- a run that wants to stop JMeter gracefully and write its report -- are added with {@link #beforeReaping}.
 */
public final class ProcessReaper {

    private static final Set<ManagedProcess> RUNNING = Collections.synchronizedSet(new LinkedHashSet<>());
    private static final List<Runnable> BEFORE = Collections.synchronizedList(new ArrayList<>());
    private static volatile boolean shuttingDown;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ProcessReaper::reapAll, "stress-process-reaper"));
    }

    private ProcessReaper() {
    }

    static void register(ManagedProcess process) {
        RUNNING.add(process);
    }

    static void unregister(ManagedProcess process) {
        if (!shuttingDown) {
            RUNNING.remove(process);
        }
    }

    /** Runs {@code hook} at shutdown, before the remaining processes are stopped. */
    public static void beforeReaping(Runnable hook) {
        BEFORE.add(hook);
    }

    public static void removeBeforeReaping(Runnable hook) {
        BEFORE.remove(hook);
    }

    /** Whether the JVM is shutting down (a Ctrl-C or SIGTERM arrived, or main returned). */
    public static boolean shuttingDown() {
        return shuttingDown;
    }

    private static void reapAll() {
        shuttingDown = true;
        List<Runnable> hooks;
        synchronized (BEFORE) {
            hooks = new ArrayList<>(BEFORE);
        }
        for (Runnable hook : hooks) {
            try {
                hook.run();
            } catch (RuntimeException e) {
                System.err.println("stress: while shutting down: " + e.getMessage());
            }
        }
        List<ManagedProcess> processes;
        synchronized (RUNNING) {
            processes = new ArrayList<>(RUNNING);
        }
        Collections.reverse(processes);
        for (ManagedProcess process : processes) {
            process.stop(Duration.ofSeconds(10));
        }
    }
}
