package io.dubbostress.cli.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.report.jtl.JtlReader;
import io.dubbostress.report.jtl.JtlRow;
import io.dubbostress.report.jtl.JtlTail;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live page's row reader ({@link JtlTail}) on a JTL written by JMeter's own CSV writer (stock JMeter 5.6.3, the
 * build's home, {@code -l}): labels, codes and messages holding the delimiter, quotes and a line break, which JMeter
 * quotes. Its rows are those the report's reader ({@link JtlReader}) reads, field for field, and their count and
 * failures are JMeter's own (its summariser's line) and the plan's (threads x loops), also when the file is followed
 * in pieces cut anywhere (inside a quoted field, between CR and LF).
 */
class JtlTailOnJMeterTest {

    static final Path HOME = Path.of(System.getProperty("stress.home", "..")).toAbsolutePath().normalize()
            .resolve("test-plans/jmeter-5.6.3/target/apache-jmeter-5.6.3");
    static final int THREADS = 2;
    static final int LOOPS = 150;
    static final String OK_LABEL = "direct, \"quoted\" label";
    static final String FAILED_LABEL = "hop-1k";
    static final String CODE = "5,02 \"busy\"";
    static final String MESSAGE = "waited 5000 ms, \"provider\"\nbusy";

    @TempDir
    static Path dir;
    static Path jtl;
    static String summary;

    @BeforeAll
    static void jmeterWritesAJtl() throws Exception {
        assertThat(HOME.resolve("bin/ApacheJMeter.jar")).as("the build's stock JMeter home").exists();
        Path plan = Files.writeString(dir.resolve("quoting.jmx"), plan(), StandardCharsets.UTF_8);
        jtl = dir.resolve("results.jtl");
        Path out = dir.resolve("jmeter.out");
        Process jmeter = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-jar", HOME.resolve("bin/ApacheJMeter.jar").toString(), "-n", "-t", plan.toString(),
                "-l", jtl.toString(), "-j", dir.resolve("jmeter.log").toString())
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        try {
            // a bounded plan (threads x loops, no pause): minutes only on a box that is stalled
            assertThat(jmeter.waitFor(5, TimeUnit.MINUTES)).as("JMeter ended").isTrue();
        } finally {
            jmeter.destroyForcibly();
        }
        summary = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(jmeter.exitValue()).as(summary).isZero();
    }

    /** One row as both readers fill it (the fields the live page reads). */
    record Row(long timeStampMs, long elapsedMs, long elapsedUs, boolean success, int sampleCount, int errorCount,
               String code) {
        static Row of(JtlRow r) {
            return new Row(r.timeStampMs(), r.elapsedMs(), r.elapsedUs(), r.success(), r.sampleCount(),
                    r.errorCount(), r.success() ? "" : r.responseCode());
        }
    }

    @Test
    void readsJMetersQuotedFieldsAsTheReportsReaderAndCountsAsJMeterDoes() throws IOException {
        String text = Files.readString(jtl, StandardCharsets.UTF_8);
        assertThat(text).as("JMeter quoted the label, the code and the message")
                .contains("\"direct, \"\"quoted\"\" label\"", "\"5,02 \"\"busy\"\"\"", "\"provider\"\"\nbusy\"");
        List<Row> report = new ArrayList<>();
        try (JtlReader reader = JtlReader.open(jtl)) {
            while (reader.next()) {
                report.add(Row.of(reader.row()));
            }
            assertThat(reader.malformedRows()).isZero();
        }
        List<Row> live = new ArrayList<>();
        JtlTail tail = JtlTail.follow(jtl);
        try {
            while (tail.next()) {
                live.add(Row.of(tail.row()));
            }
            assertThat(tail.malformedRows()).isZero();
        } finally {
            tail.close();
        }
        assertThat(live).isEqualTo(report);

        // JMeter's own count (its summariser) and the plan's: THREADS x LOOPS of each sampler, every hop-1k failed
        Matcher m = Pattern.compile("summary =\\s+(\\d+) in .* Err:\\s+(\\d+)").matcher(summary);
        assertThat(m.find()).as(summary).isTrue();
        long calls = live.stream().mapToLong(Row::sampleCount).sum();
        long errors = live.stream().mapToLong(Row::errorCount).sum();
        assertThat(calls).isEqualTo(Long.parseLong(m.group(1))).isEqualTo(2L * THREADS * LOOPS);
        assertThat(errors).isEqualTo(Long.parseLong(m.group(2))).isEqualTo((long) THREADS * LOOPS);
        assertThat(live).filteredOn(r -> !r.success()).extracting(Row::code).containsOnly(CODE);
    }

    @Test
    void followsTheFileWrittenInPiecesCutAnywhere() throws IOException {
        byte[] whole = Files.readAllBytes(jtl);
        List<Row> once = new ArrayList<>();
        JtlTail all = JtlTail.follow(jtl);
        while (all.next()) {
            once.add(Row.of(all.row()));
        }
        all.close();
        // the header, then pieces of 1 to 199 bytes: cuts fall inside quoted fields, before a doubled quote, mid-number
        int header = indexOf(whole, (byte) '\n') + 1;
        Path growing = dir.resolve("growing.jtl");
        Files.write(growing, java.util.Arrays.copyOf(whole, header));
        List<Row> pieces = new ArrayList<>();
        JtlTail tail = JtlTail.follow(growing);
        java.util.Random random = new java.util.Random(37);
        try (OutputStream out = Files.newOutputStream(growing, StandardOpenOption.APPEND)) {
            for (int at = header; at < whole.length; ) {
                int n = Math.min(whole.length - at, 1 + random.nextInt(199));
                out.write(whole, at, n);
                out.flush();
                at += n;
                while (tail.next()) {
                    pieces.add(Row.of(tail.row()));
                }
            }
        }
        tail.close();
        assertThat(pieces).hasSize(2 * THREADS * LOOPS).isEqualTo(once);
        assertThat(tail.malformedRows()).isZero();
    }

    private static int indexOf(byte[] b, byte c) {
        for (int i = 0; i < b.length; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace("\"", "&quot;").replace("\n", "&#10;");
    }

    private static String argument(String name, String value) {
        return "<elementProp name=\"" + name + "\" elementType=\"Argument\"><stringProp name=\"Argument.name\">" + name
                + "</stringProp><stringProp name=\"Argument.value\">" + xml(value) + "</stringProp>"
                + "<stringProp name=\"Argument.metadata\">=</stringProp></elementProp>";
    }

    private static String sampler(String label, String... arguments) {
        StringBuilder args = new StringBuilder();
        for (int i = 0; i < arguments.length; i += 2) {
            args.append(argument(arguments[i], arguments[i + 1]));
        }
        return "<JavaSampler guiclass=\"JavaTestSamplerGui\" testclass=\"JavaSampler\" testname=\"" + xml(label)
                + "\"><elementProp name=\"arguments\" elementType=\"Arguments\"><collectionProp "
                + "name=\"Arguments.arguments\">" + args + "</collectionProp></elementProp><stringProp "
                + "name=\"classname\">org.apache.jmeter.protocol.java.test.JavaTest</stringProp></JavaSampler>"
                + "<hashTree/>";
    }

    private static String plan() {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<jmeterTestPlan version=\"1.2\" properties=\"5.0\" "
                + "jmeter=\"5.6.3\"><hashTree><TestPlan guiclass=\"TestPlanGui\" testclass=\"TestPlan\" "
                + "testname=\"quoting\"><elementProp name=\"TestPlan.user_defined_variables\" elementType=\"Arguments\">"
                + "<collectionProp name=\"Arguments.arguments\"/></elementProp></TestPlan><hashTree>"
                + "<ThreadGroup guiclass=\"ThreadGroupGui\" testclass=\"ThreadGroup\" testname=\"load\">"
                + "<intProp name=\"ThreadGroup.num_threads\">" + THREADS + "</intProp>"
                + "<intProp name=\"ThreadGroup.ramp_time\">0</intProp>"
                + "<stringProp name=\"ThreadGroup.on_sample_error\">continue</stringProp>"
                + "<elementProp name=\"ThreadGroup.main_controller\" elementType=\"LoopController\">"
                + "<intProp name=\"LoopController.loops\">" + LOOPS + "</intProp>"
                + "<boolProp name=\"LoopController.continue_forever\">false</boolProp></elementProp>"
                + "</ThreadGroup><hashTree>"
                + sampler(OK_LABEL, "Sleep_Time", "0", "Sleep_Mask", "0x0")
                + sampler(FAILED_LABEL, "Sleep_Time", "0", "Sleep_Mask", "0x0", "Status", "FAILED",
                        "ResponseCode", CODE, "ResponseMessage", MESSAGE)
                + "</hashTree></hashTree></hashTree></jmeterTestPlan>\n";
    }
}
