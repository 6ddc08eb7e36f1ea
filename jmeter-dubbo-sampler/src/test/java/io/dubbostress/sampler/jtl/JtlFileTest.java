package io.dubbostress.sampler.jtl;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.sampler.EmbeddedJMeter;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.SampleSaveConfiguration;
import org.apache.jorphan.util.JMeterError;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Batched JTL Writer's file under strain: samplers faster than the writer are held back instead of filling the
 * heap, and a sample JMeter's code cannot format is counted as lost while the samples around it are written.
 */
class JtlFileTest {

    @TempDir
    static Path dir;

    @BeforeAll
    static void jmeter() {
        EmbeddedJMeter.init(dir.resolve("jmeter-home"));
        SampleEvent.initSampleVariables();
    }

    private static SampleEvent event(String label) {
        SampleResult r = new SampleResult(1_790_000_000_000L, 1);
        r.setSampleLabel(label);
        r.setThreadName("t 1-1");
        r.setSuccessful(true);
        return new SampleEvent(r, "t");
    }

    private static long lines(File file) throws IOException {
        try (Stream<String> lines = Files.lines(file.toPath(), StandardCharsets.UTF_8)) {
            return lines.count();
        }
    }

    @Test
    void samplersFarAheadOfTheWriterWaitForItAndEverySampleIsWritten() throws Exception {
        File file = dir.resolve("behind.jtl").toFile();
        SampleSaveConfiguration labelOnly = new SampleSaveConfiguration(false); // short lines: millions of them
        labelOnly.setLabel(true);
        JtlFile jtl = JtlFile.open(file, labelOnly, StandardCharsets.UTF_8, 1_000);
        int threads = 4;
        long most = 2_000_000; // per thread: a bound, should the writer never hold them back
        LongAdder added = new LongAdder();
        List<Thread> samplers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            SampleEvent one = event("s" + t);
            Thread sampler = new Thread(() -> {
                // one event again and again (handing over is all a sampler does) until a sampler has waited
                for (long i = 0; i < most && jtl.waits() == 0; i++) {
                    jtl.add(one);
                    added.increment();
                }
            }, "sampler " + t);
            samplers.add(sampler);
            sampler.start();
        }
        for (Thread sampler : samplers) {
            sampler.join(300_000);
            assertThat(sampler.isAlive()).as(sampler.getName()).isFalse();
        }
        assertThat(jtl.waits()).as("times a sampler waited for the writer (%d samples added)", added.sum())
                .isPositive();
        JtlFile.release(jtl, 60_000);
        assertThat(jtl.lost()).isZero();
        assertThat(lines(file)).isEqualTo(added.sum() + (labelOnly.saveFieldNames() ? 1 : 0));
    }

    @Test
    void aSampleJMeterCannotFormatIsCountedLostAndTheOthersAreWritten() throws Exception {
        File file = dir.resolve("unformattable.jtl").toFile();
        JtlFile jtl = JtlFile.open(file, new SampleSaveConfiguration(), StandardCharsets.UTF_8);
        SampleResult r = new SampleResult(1_790_000_000_000L, 1);
        r.setSampleLabel("bad");
        SampleEvent bad = new SampleEvent(r, "t") {
            private static final long serialVersionUID = 1L;

            @Override
            public String getVarValue(int i) {
                // what JMeter throws when sample_variables changed under a sample
                throw new JMeterError("Check the sample_variable settings!");
            }
        };
        jtl.add(event("before"));
        jtl.add(bad);
        jtl.add(event("after"));
        JtlFile.release(jtl, 60_000);
        assertThat(jtl.lost()).isEqualTo(1);
        List<String> written = Files.readAllLines(file.toPath(), StandardCharsets.UTF_8);
        assertThat(written).hasSize(3);
        assertThat(written.get(1)).contains(",before,");
        assertThat(written.get(2)).contains(",after,");
    }
}
