package io.dubbostress.sampler.faults;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.AbstractTestElement;

/**
 * A listener put in a thread group next to the samplers: it sees every sample as it completes, so a test can wait
 * for a phase of a running plan ("20 successes", "5 failures after the kill") and look at all samples afterwards.
 * One instance serves every thread (JMeter clones listeners per thread; this one returns itself).
 *
 * <pre>{@code
 * LiveSamples live = new LiveSamples();
 * EmbeddedJMeter.plan(dir).threadGroup(4, 1_000_000, 60, sampler, live)  // run it in another thread
 * live.await(s -> s.success, 20, Duration.ofSeconds(60));
 * }</pre>
 */
final class LiveSamples extends AbstractTestElement implements SampleListener {

    private static final long serialVersionUID = 1L;

    /** What a test needs of one sample, in epoch milliseconds (JMeter's clock). */
    static final class Sample {
        final long startMs;
        final long endMs;
        final long elapsedMs;
        final boolean success;
        final String code;
        final String message;
        final String thread;

        Sample(SampleResult r) {
            startMs = r.getStartTime();
            endMs = r.getEndTime();
            elapsedMs = r.getTime();
            success = r.isSuccessful();
            code = r.getResponseCode();
            message = r.getResponseMessage();
            thread = r.getThreadName();
        }

        @Override
        public String toString() {
            return thread + " " + startMs + "+" + elapsedMs + "ms " + (success ? "ok" : code + ": " + message);
        }
    }

    private final transient List<Sample> samples = new ArrayList<>();

    @Override
    public void sampleOccurred(SampleEvent event) {
        synchronized (samples) {
            samples.add(new Sample(event.getResult()));
            samples.notifyAll();
        }
    }

    @Override
    public void sampleStarted(SampleEvent event) {
    }

    @Override
    public void sampleStopped(SampleEvent event) {
    }

    @Override
    public Object clone() {
        return this; // one listener for every thread
    }

    /** Every sample so far, in completion order. */
    List<Sample> all() {
        synchronized (samples) {
            return new ArrayList<>(samples);
        }
    }

    long count(Predicate<Sample> which) {
        return all().stream().filter(which).count();
    }

    /**
     * Waits until {@code n} samples match (woken by each sample, bounded by {@code timeout}).
     *
     * @throws AssertionError on timeout, with the last samples seen
     */
    void await(Predicate<Sample> which, long n, Duration timeout, String what) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (samples) {
            while (samples.stream().filter(which).count() < n) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    List<Sample> tail = samples.subList(Math.max(0, samples.size() - 5), samples.size());
                    throw new AssertionError("timed out after " + timeout + " waiting for " + what + " (" + n
                            + " samples); " + samples.size() + " samples so far, the last: " + tail);
                }
                samples.wait(Math.max(1, left / 1_000_000));
            }
        }
    }
}
