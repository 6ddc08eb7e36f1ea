package io.dubbostress.sampler.jtl;

import java.io.File;
import java.io.IOException;
import java.io.Serializable;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleSaveConfiguration;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A listener that writes the CSV JTL JMeter's {@code -l FILE} writes, byte for byte, for less: the samplers' threads
 * only hand each sample over (no line formatted, no lock shared by all threads, no write), and a thread of its own
 * writes the lines in batches ({@link JtlFile}). The columns are JMeter's, from the same properties
 * ({@code jmeter.save.saveservice.*}, {@code sample_variables}), so every reader of JMeter's JTLs reads it, JMeter's
 * dashboard included. Put it at the top of the plan (it records the samples in its scope, as any listener) and run
 * without {@code -l}:
 *
 * <pre>
 * jmeter -n -t plan.jmx -Jjtl_file=results.jtl      (the writer's file field: ${__P(jtl_file,)})
 * </pre>
 *
 * An empty file name leaves it asleep (it records nothing). CSV only: an XML output format is not written (logged).
 * A reader of the growing file sees whole lines, written every {@value JtlFile#WRITE_EVERY_MS} ms; {@code kill -9}
 * loses the lines not yet written (about the last {@value JtlFile#WRITE_EVERY_MS} ms).
 */
public class BatchedJtlWriter extends AbstractTestElement
        implements SampleListener, TestStateListener, NoThreadClone, Serializable {

    private static final long serialVersionUID = 1L;
    private static final Logger log = LoggerFactory.getLogger(BatchedJtlWriter.class);

    /** The JTL's path; relative to the plan's folder, as JMeter's own listeners resolve it. */
    public static final String FILENAME = "BatchedJtlWriter.filename";
    /** How long the test's end waits for the last lines to be written. */
    private static final long END_WAIT_MS = 60_000;

    private transient volatile JtlFile file;

    public String getFilename() {
        return getPropertyAsString(FILENAME);
    }

    public void setFilename(String filename) {
        setProperty(FILENAME, filename);
    }

    @Override
    public void testStarted() {
        String name = getFilename().trim();
        if (name.isEmpty()) {
            log.info("{}: no file name, nothing is written", getName());
            return;
        }
        SampleSaveConfiguration config = new SampleSaveConfiguration();
        if (config.saveAsXml()) {
            log.error("{}: writes CSV only, and jmeter.save.saveservice.output_format is xml: nothing is written to {}",
                    getName(), name);
            return;
        }
        File target = new File(FileServer.resolveBaseRelativeName(name));
        try {
            file = JtlFile.open(target, config, JtlFile.fileEncoding());
            log.info("{}: writing the JTL {} (CSV, batched every {} ms)", getName(), file.path(),
                    JtlFile.WRITE_EVERY_MS);
        } catch (IOException e) {
            log.error("{}: cannot open the JTL {}: {}; nothing is written", getName(), target, e.toString());
        }
    }

    @Override
    public void testStarted(String host) {
        testStarted();
    }

    @Override
    public void sampleOccurred(SampleEvent event) {
        JtlFile open = file;
        if (open != null) {
            open.add(event);
        }
    }

    @Override
    public void testEnded() {
        JtlFile open = file;
        file = null;
        if (open != null) {
            JtlFile.release(open, END_WAIT_MS);
        }
    }

    @Override
    public void testEnded(String host) {
        testEnded();
    }

    @Override
    public void sampleStarted(SampleEvent event) {
        // nothing: a sample is written when it has occurred
    }

    @Override
    public void sampleStopped(SampleEvent event) {
        // nothing
    }
}
