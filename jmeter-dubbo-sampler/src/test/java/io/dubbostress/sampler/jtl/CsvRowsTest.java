package io.dubbostress.sampler.jtl;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.sampler.EmbeddedJMeter;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.assertions.AssertionResult;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.SampleSaveConfiguration;
import org.apache.jmeter.save.CSVSaveService;
import org.apache.jmeter.threads.JMeterVariables;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Batched JTL Writer's lines against JMeter's own writer's ({@code CSVSaveService.saveSampleResult} into the
 * UTF-8 {@code PrintWriter} JMeter's {@code ResultCollector} writes through), byte for byte, on samples made to be
 * hard: every character JMeter quotes, non-ASCII text, a lone surrogate, missing values, sub-results, every column on,
 * formatted timestamps, another delimiter.
 */
class CsvRowsTest {

    @TempDir
    static Path dir;

    @BeforeAll
    static void jmeter() {
        EmbeddedJMeter.init(dir.resolve("jmeter-home")); // sample_variables: elapsed_us,due_us,lag_us,response_us
        SampleEvent.initSampleVariables();
    }

    /** JMeter's bytes for the event under {@code config}, as its ResultCollector writes them. */
    private static byte[] jmeters(SampleEvent event, SampleSaveConfiguration config) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintWriter out = new PrintWriter(new OutputStreamWriter(bytes, StandardCharsets.UTF_8));
        event.getResult().setSaveConfig(config);
        CSVSaveService.saveSampleResult(event, out);
        out.flush();
        return bytes.toByteArray();
    }

    private static byte[] ours(SampleEvent event, SampleSaveConfiguration config) {
        CsvRows rows = new CsvRows(config, StandardCharsets.UTF_8);
        Bytes out = new Bytes(16);
        rows.prepare(event); // the sampler's thread
        rows.append(event, out); // the writer's
        return out.copy(0);
    }

    private static SampleResult result(String label, String message) throws Exception {
        SampleResult r = new SampleResult(1_790_000_000_123L, 42);
        r.setSampleLabel(label);
        r.setResponseCode("500");
        r.setResponseMessage(message);
        r.setThreadName("callers 1-7");
        r.setDataType(SampleResult.TEXT);
        r.setSuccessful(false);
        r.setBytes(123_456L);
        r.setSentBytes(1024);
        r.setLatency(40);
        r.setConnectTime(3);
        r.setIdleTime(0);
        r.setGroupThreads(20);
        r.setAllThreads(21);
        r.setURL(new URL("http://127.0.0.1:8080/stressTest/echo?size=1024&a=b,c"));
        return r;
    }

    private static List<SampleEvent> hardEvents() throws Exception {
        List<SampleEvent> events = new ArrayList<>();
        String[] texts = {"plain", "", "a,b", "say \"hi\"", "\"", "\"\"x\"", "line\nbreak", "cr\rlf\r\n", "tab\there",
            "üñíçødé, 日本語", "emoji 😀 \"q\"", "lone \uD800 surrogate", "ends with quote\"", ",", "null"};
        for (String text : texts) {
            SampleResult r = result(text, text);
            AssertionResult failed = new AssertionResult("check " + text);
            failed.setFailure(true);
            failed.setFailureMessage("expected " + text);
            r.addAssertionResult(failed);
            JMeterVariables vars = new JMeterVariables();
            vars.put(JtlVariables.ELAPSED_US, "41999");
            vars.put(JtlVariables.LAG_US, text); // a variable may hold anything
            events.add(new SampleEvent(r, "callers", vars));
        }
        SampleResult missing = new SampleResult();
        missing.setSampleLabel("no url, no message, no variables");
        missing.setResponseMessage(null);
        missing.setResponseCode(null);
        events.add(new SampleEvent(missing, "callers", new JMeterVariables()));
        SampleResult ok = result("ok", "OK");
        ok.setSuccessful(true);
        ok.setURL(null);
        events.add(new SampleEvent(ok, "callers", new JMeterVariables()));
        events.add(new SampleEvent(negative(), "callers", new JMeterVariables()));
        return events;
    }

    private static SampleResult negative() throws Exception {
        SampleResult r = result("negative", "-");
        r.setBytes(Long.MIN_VALUE);
        r.setSentBytes(-1);
        r.setLatency(Long.MAX_VALUE);
        return r;
    }

    @Test
    void stressRunsColumnsAreJMetersBytes() throws Exception {
        SampleSaveConfiguration config = new SampleSaveConfiguration(); // what jmeter -l uses: the properties
        config.setThreadCounts(true);
        config.setUrl(true);
        config.setIdleTime(true);
        config.setFieldNames(true);
        config.setMessage(true);
        config.setAssertionResultsFailureMessage(true);
        config.setThreadName(true);
        config.setDataType(true);
        assertThat(new CsvRows(config, StandardCharsets.UTF_8).direct()).isTrue();
        for (SampleEvent event : hardEvents()) {
            assertThat(new String(ours(event, config), StandardCharsets.UTF_8))
                    .as(event.getResult().getSampleLabel())
                    .isEqualTo(new String(jmeters(event, config), StandardCharsets.UTF_8));
            assertThat(ours(event, config)).isEqualTo(jmeters(event, config));
        }
        assertThat(new CsvRows(config, StandardCharsets.UTF_8).header())
                .isEqualTo(CSVSaveService.printableFieldNamesToString(config))
                .endsWith("\"elapsed_us\",\"due_us\",\"lag_us\",\"response_us\"");
    }

    @Test
    void everyColumnOnAndAnotherDelimiterAreJMetersBytes() throws Exception {
        SampleSaveConfiguration config = new SampleSaveConfiguration();
        config.setAsXml(false);
        config.setTimestamp(true);
        config.setDateFormat(null); // epoch ms
        config.setTime(true);
        config.setLabel(true);
        config.setCode(true);
        config.setMessage(true);
        config.setThreadName(true);
        config.setDataType(true);
        config.setSuccess(true);
        config.setAssertionResultsFailureMessage(true);
        config.setBytes(true);
        config.setSentBytes(true);
        config.setThreadCounts(true);
        config.setUrl(true);
        config.setFileName(true);
        config.setLatency(true);
        config.setEncoding(true);
        config.setSampleCount(true);
        config.setHostname(true);
        config.setIdleTime(true);
        config.setConnectTime(true);
        for (String delimiter : new String[] {",", ";", "\t", "|"}) {
            config.setDelimiter(delimiter);
            assertThat(new CsvRows(config, StandardCharsets.UTF_8).direct()).as(delimiter).isTrue();
            for (SampleEvent event : hardEvents()) {
                assertThat(ours(event, config)).as("%s %s", delimiter, event.getResult().getSampleLabel())
                        .isEqualTo(jmeters(event, config));
            }
        }
    }

    @Test
    void formattedTimestampsAndSubResultsGoThroughJMetersOwnCode() throws Exception {
        SampleSaveConfiguration formatted = new SampleSaveConfiguration();
        formatted.setDateFormat("yyyy/MM/dd HH:mm:ss.SSS");
        assertThat(new CsvRows(formatted, StandardCharsets.UTF_8).direct()).isFalse();
        for (SampleEvent event : hardEvents()) {
            assertThat(ours(event, formatted)).isEqualTo(jmeters(event, formatted));
        }
        SampleSaveConfiguration config = new SampleSaveConfiguration();
        SampleResult parent = result("transaction, \"t\"", "Number of samples in transaction : 2");
        SampleResult child = result("child 1", "OK");
        child.addSubResult(result("grandchild", "OK"));
        parent.addSubResult(child);
        parent.addSubResult(result("child 2", "a,b"));
        SampleEvent event = new SampleEvent(parent, "callers", new JMeterVariables());
        byte[] ours = ours(event, config);
        assertThat(ours).isEqualTo(jmeters(event, config));
        assertThat(new String(ours, StandardCharsets.UTF_8).split(System.lineSeparator()).length)
                .as("a line for the parent and each of its sub-results, as JMeter writes them").isGreaterThan(1);
    }

    @Test
    void aFileGetsJMetersHeaderOnceAndEveryLineWholeAndInOrder() throws Exception {
        SampleSaveConfiguration config = new SampleSaveConfiguration();
        File file = dir.resolve("sub/dir/results.jtl").toFile();
        JtlFile jtl = JtlFile.open(file, config, StandardCharsets.UTF_8);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        expected.write((CSVSaveService.printableFieldNamesToString(config) + System.lineSeparator())
                .getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < 3; i++) {
            for (SampleEvent event : hardEvents()) {
                jtl.add(event);
                expected.write(jmeters(event, config));
            }
        }
        JtlFile.release(jtl, 30_000);
        assertThat(Files.readAllBytes(file.toPath())).isEqualTo(expected.toByteArray());

        // opened again (a second test in the same JVM): appended, no second header, as JMeter's writer does
        JtlFile again = JtlFile.open(file, config, StandardCharsets.UTF_8);
        SampleEvent one = hardEvents().get(0);
        again.add(one);
        expected.write(jmeters(one, config));
        JtlFile.release(again, 30_000);
        assertThat(Files.readAllBytes(file.toPath())).isEqualTo(expected.toByteArray());
    }

    @Test
    void aFileThatCannotBeOpenedIsSaidAndNothingBreaks() throws IOException {
        Path blocker = Files.writeString(dir.resolve("a-file"), "x");
        BatchedJtlWriter writer = new BatchedJtlWriter();
        writer.setName("writer");
        writer.setFilename(blocker.resolve("results.jtl").toString()); // a folder that is a file
        writer.testStarted();
        writer.sampleOccurred(hardEvents0());
        writer.testEnded();
        assertThat(Files.exists(blocker.resolve("results.jtl"))).isFalse();
        assertThat(Files.readString(blocker)).isEqualTo("x");
    }

    private static SampleEvent hardEvents0() {
        try {
            return hardEvents().get(0);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
