package io.dubbostress.sampler.sampler;

import io.dubbostress.sampler.failure.Failure;
import java.util.Collections;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The failures worth a line in jmeter.log, once per distinct message and test: {@code CONFIG} and {@code JVM_ARGS}
 * (a field or the JVM's flags are wrong; every sample would repeat it). At most {@value #MAX_WARNINGS} lines a test.
 * And the first failed sample of a test, whatever its code, on the console (standard output: the terminal of
 * {@code jmeter -n}, the build's output under jmeter-maven-plugin), where a failed run otherwise shows only a count:
 * {@code dubbo-stress: first failed sample: direct NETWORK: ...}.
 *
 * <pre>{@code
 * FailureWarnings.once("direct-1k", failure);   // logs a CONFIG failure the first time its message is seen
 * FailureWarnings.forget();                     // a new test
 * }</pre>
 */
final class FailureWarnings {

    private static final Logger log = LoggerFactory.getLogger(DubboSampler.class);
    private static final Set<String> WARNED = Collections.newSetFromMap(new ConcurrentHashMap<>());
    private static final int MAX_WARNINGS = 100;
    private static final AtomicBoolean FIRST_SHOWN = new AtomicBoolean();

    private FailureWarnings() {
    }

    /** Logs {@code failure} of the sample {@code label} when it is worth a line and its message is new. */
    static void once(String label, Failure failure) {
        if (!FIRST_SHOWN.get() && FIRST_SHOWN.compareAndSet(false, true)) {
            String line = "dubbo-stress: first failed sample: " + label + " " + failure.code() + ": " + failure.message()
                    + " (every failure: the JTL's responseCode and responseMessage)";
            System.out.println(line); // NOSONAR: the console is the point
            log.warn(line);
        }
        if ((Failure.CONFIG.equals(failure.code()) || Failure.JVM_ARGS.equals(failure.code()))
                && WARNED.size() < MAX_WARNINGS && WARNED.add(failure.message())) {
            log.warn("{}: {}: {}", label, failure.code(), failure.message());
        }
    }

    /** A new test: problems are logged again. */
    static void forget() {
        WARNED.clear();
        FIRST_SHOWN.set(false);
    }
}
