package io.dubbostress.sampler;

import java.time.Duration;

/**
 * How long a test waits for something to start (a JVM, JMeter's first samples, a first Dubbo connection): a generous
 * deadline for a quiet machine, multiplied by how overloaded this one is now (the 1-minute load average per core,
 * at least 1). A wait that ends early costs nothing; a tight constant fails on a busy 2-core box (issue 15, item 10).
 *
 * <pre>{@code
 * live.await(s -> s.success, 20, StartupDeadline.scaled(Duration.ofSeconds(60)), "first successes");
 * }</pre>
 */
public final class StartupDeadline {

    private StartupDeadline() {
    }

    /** {@code quiet} times the machine's overload factor (1 on an idle box, 3 at a load of 6 on 2 cores). */
    public static Duration scaled(Duration quiet) {
        return Duration.ofMillis((long) (quiet.toMillis() * factor()));
    }

    /** The 1-minute load average per available core, at least 1 (1 where the OS does not say). */
    public static double factor() {
        return io.dubbostress.testsupport.BoxLoad.factor();
    }
}
