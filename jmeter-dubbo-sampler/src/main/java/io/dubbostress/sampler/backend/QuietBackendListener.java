package io.dubbostress.sampler.backend;

import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.visualizers.backend.BackendListener;
import org.apache.jmeter.visualizers.backend.BackendListenerContext;

/**
 * JMeter's Backend Listener, which hands no sample to an {@link InfluxdbWhenUrlSet} client that is asleep. JMeter's own
 * listener asks its client about every sample, and builds a context of the client's parameters (each
 * {@code ${variable}} evaluated) to ask it: about 0.9 µs of CPU and 1 KB allocated per sample for a client that then
 * keeps nothing (docs/BENCHMARKS.md, "The asleep Backend Listener"). This one decides once, at the test's start, with
 * the client's own rule ({@link InfluxdbWhenUrlSet#isOn}); awake, or with any other client, it is JMeter's listener
 * unchanged. The shipped plans carry it as their Backend Listener ({@code testclass}; the GUI is JMeter's
 * {@code BackendListenerGui}):
 *
 * <pre>
 * &lt;io.dubbostress.sampler.backend.QuietBackendListener guiclass="BackendListenerGui"
 *     testclass="io.dubbostress.sampler.backend.QuietBackendListener" ...&gt;
 * </pre>
 */
public class QuietBackendListener extends BackendListener {

    private static final long serialVersionUID = 1L;

    private transient volatile boolean asleep;

    @Override
    public void testStarted(String host) {
        super.testStarted(host);
        asleep = isOurClient(getClassname()) && !InfluxdbWhenUrlSet.isOn(new BackendListenerContext(getArguments()));
    }

    /** Whether the client class is {@link InfluxdbWhenUrlSet} (or one of its own), loaded as JMeter loads it. */
    private static boolean isOurClient(String className) {
        try {
            Class<?> client = Class.forName(className.trim(), false, Thread.currentThread().getContextClassLoader());
            return InfluxdbWhenUrlSet.class.isAssignableFrom(client);
        } catch (ClassNotFoundException | RuntimeException | LinkageError e) {
            return false; // JMeter's listener says what is wrong with it
        }
    }

    /** Whether the test started with a client that keeps no sample. */
    public boolean isAsleep() {
        return asleep;
    }

    @Override
    public void sampleOccurred(SampleEvent event) {
        if (!asleep) {
            super.sampleOccurred(event);
        }
    }

    @Override
    public void testEnded(String host) {
        super.testEnded(host);
        asleep = false;
    }
}
