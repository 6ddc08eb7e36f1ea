package io.dubbostress.sampler.pacing;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Set;
import org.apache.jmeter.threads.AbstractThreadGroup;

/**
 * When a Target Rate Schedule starts: at its first call, after one opening call, or after every thread's opening call.
 * An opening call is made at once (its due time is its start); the schedule's arrival 0 is due when the last opening
 * call has ended. The opening calls are where a load generator connects and sets up: timed from a schedule already
 * running, the calls due meanwhile would all start late and their lag would be the start's, not the server's.
 *
 * <ul>
 * <li>{@code opening-call} (the default): the first call in scope opens; every other thread waits for its end.</li>
 * <li>{@code each-thread}: every thread's first call opens; the schedule starts when the threads of every thread
 *     group that called have made theirs (their group's thread count; it waits for the ramp-up).</li>
 * <li>{@code first-call}: no opening call: the schedule starts at the first call.</li>
 * </ul>
 *
 * <pre>{@code
 * StartGate gate = new StartGate(StartGate.Mode.parse("each-thread"));
 * if (gate.opens(Thread.currentThread(), group)) { ... call at once ... }
 * if (gate.ended(Thread.currentThread())) { ... the schedule starts now ... }
 * }</pre>
 */
final class StartGate {

    /** The three ways to start. */
    enum Mode {
        OPENING_CALL("opening-call"), EACH_THREAD("each-thread"), FIRST_CALL("first-call");

        final String text;

        Mode(String text) {
            this.text = text;
        }

        /** The field's value; empty is the default. {@link IllegalArgumentException} naming the value if unknown. */
        static Mode parse(String value) {
            String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
            if (v.isEmpty()) {
                return OPENING_CALL;
            }
            for (Mode m : values()) {
                if (m.text.equals(v)) {
                    return m;
                }
            }
            throw new IllegalArgumentException("start '" + value.trim() + "' is not opening-call, each-thread or "
                    + "first-call");
        }
    }

    private final Mode mode;
    private final Set<Thread> opened = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<Thread> ended = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<AbstractThreadGroup> groups = Collections.newSetFromMap(new IdentityHashMap<>());
    private int expected;

    StartGate(Mode mode) {
        this.mode = mode;
    }

    Mode mode() {
        return mode;
    }

    /** Whether the schedule starts at once, with no opening call. */
    boolean open() {
        return mode == Mode.FIRST_CALL;
    }

    /**
     * Whether this call of {@code thread} (of {@code group}, null outside a test) is an opening call, to be made at
     * once; false: the thread waits for the schedule's start.
     */
    synchronized boolean opens(Thread thread, AbstractThreadGroup group) {
        if (mode == Mode.FIRST_CALL || opened.contains(thread)) {
            return false;
        }
        if (mode == Mode.OPENING_CALL && !opened.isEmpty()) {
            return false;
        }
        opened.add(thread);
        if (group != null && groups.add(group)) {
            expected += group.getNumThreads();
        }
        return true;
    }

    /**
     * The opening call of {@code thread} has ended (or the thread has, or it came back for its next call): whether
     * every opening call the schedule waits for has ended, so that it starts now.
     */
    synchronized boolean ended(Thread thread) {
        if (!opened.contains(thread)) {
            return false;
        }
        ended.add(thread);
        return mode == Mode.OPENING_CALL || ended.size() >= Math.max(1, expected);
    }
}
