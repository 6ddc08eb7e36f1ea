package io.dubbostress.report.jtl;

import io.dubbostress.report.ReportException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JtlReaderTest {

    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,"
            + "success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";

    @TempDir
    Path dir;

    static Path resource(String name) throws URISyntaxException {
        return Paths.get(JtlReaderTest.class.getResource("/" + name).toURI());
    }

    /** Reads every row into a list of small records, for assertions. */
    private static List<Object[]> readAll(JtlReader reader) {
        List<Object[]> rows = new ArrayList<>();
        JtlRow row = reader.row();
        while (reader.next()) {
            rows.add(new Object[] {row.timeStampMs(), row.elapsedMs(), row.elapsedUs(), row.label(), row.success(),
                                   row.success() ? "" : row.responseCode() + "|" + row.errorText(), row.bytes(),
                                   row.sentBytes()});
        }
        return rows;
    }

    @Test
    void readsARealJMeterJtlWithQuotedMessagesAndNullSampleVariable() throws Exception {
        Path jtl = resource("report/jmeter-5.6.3/results.jtl");
        List<String> lines = Files.readAllLines(jtl);
        try (JtlReader reader = JtlReader.open(jtl)) {
            assertThat(reader.columns().has(JtlColumn.ELAPSED_US)).isTrue();
            List<Object[]> rows = readAll(reader);
            assertThat(rows).hasSize(lines.size() - 1);
            assertThat(reader.malformedRows()).isZero();
            Map<String, Integer> perLabel = new LinkedHashMap<>();
            rows.forEach(r -> perLabel.merge((String) r[3], 1, Integer::sum));
            assertThat(perLabel).containsOnlyKeys("direct-1k", "hop-1k");
            // JMeter writes "null" for a sample variable nobody set: no microseconds
            assertThat(rows).allSatisfy(r -> assertThat(r[2]).isEqualTo(JtlRow.NO_MICROS));
            long failures = lines.stream().filter(l -> l.contains(",false,")).count();
            assertThat(rows.stream().filter(r -> !(Boolean) r[4]).count()).isEqualTo(failures).isPositive();
            assertThat(rows.stream().filter(r -> !(Boolean) r[4]).map(r -> (String) r[5]))
                    .containsOnly("502|TIMEOUT: waited 5000 ms, \"provider\" busy");
            // the first data line, field by field
            String[] first = lines.get(1).split(",");
            assertThat(rows.get(0)[0]).isEqualTo(Long.parseLong(first[0]));
            assertThat(rows.get(0)[1]).isEqualTo(Long.parseLong(first[1]));
            assertThat(rows.get(0)[3]).isEqualTo(first[2]);
        }
    }

    @Test
    void quotedFieldsWithDelimitersQuotesAndLineBreaksAndCrLf() throws IOException {
        Path jtl = dir.resolve("quoted.jtl");
        String text = HEADER + ",elapsed_us\r\n"
                + "1000,1,\"a,b\",200,OK,t-1,text,true,,10,20,1,1,null,1,0,0,1234\r\n"
                + "1001,2,plain,500,\"line one\nline \"\"two\"\", three\",t-1,text,false,,0,0,1,1,null,1,0,0,\r\n"
                + "1002,3,plain,502,Bad Gateway,t-1,text,false,\"assertion, failed\",5,6,1,1,null,1,0,0,3456";
        Files.write(jtl, text.getBytes(StandardCharsets.UTF_8));
        try (JtlReader reader = JtlReader.open(jtl)) {
            List<Object[]> rows = readAll(reader);
            assertThat(reader.malformedRows()).isZero();
            assertThat(rows).hasSize(3);
            assertThat(rows.get(0)).containsExactly(1000L, 1L, 1234L, "a,b", true, "", 10L, 20L);
            assertThat(rows.get(1)).containsExactly(1001L, 2L, JtlRow.NO_MICROS, "plain", false,
                    "500|line one\nline \"two\", three", 0L, 0L);
            // failureMessage (an assertion) wins over responseMessage
            assertThat(rows.get(2)).containsExactly(1002L, 3L, 3456L, "plain", false, "502|assertion, failed", 5L, 6L);
        }
    }

    @Test
    void malformedRowsAreCountedAndSkippedNeverFatal() throws IOException {
        Path jtl = dir.resolve("bad.jtl");
        String text = "timeStamp,elapsed,label,success\n"
                + "1000,5,ok,true\n"
                + "1001,5,too,many,fields\n"
                + "1002,abc,ok,true\n"
                + "1003,-4,ok,true\n"
                + "1004,7,ok,true\n"
                + "\"1005\"x,7,ok,true\n"
                + "1006,8,ok,false\n"
                + "1007,9,\"unclosed,true\n";
        Files.write(jtl, text.getBytes(StandardCharsets.UTF_8));
        try (JtlReader reader = JtlReader.open(jtl)) {
            List<Object[]> rows = readAll(reader);
            assertThat(rows).extracting(r -> r[0]).containsExactly(1000L, 1004L, 1006L);
            assertThat(reader.malformedRows()).isEqualTo(5);
            assertThat(reader.malformedExamples()).hasSize(3);
            assertThat(reader.malformedExamples().get(0)).isEqualTo("data row 2: 5 fields where the header has 4");
            assertThat(reader.malformedExamples().get(1)).isEqualTo("data row 3: elapsed 'abc' is not a duration");
            assertThat(reader.malformedExamples().get(2)).isEqualTo("data row 4: elapsed '-4' is not a duration");
        }
    }

    @Test
    void anySubsetAndOrderOfColumnsAndOtherDelimiters() throws IOException {
        Path jtl = dir.resolve("subset.jtl");
        Files.write(jtl, ("label\tsuccess\telapsed_us\telapsed\tURL\ttimeStamp\n"
                + "x\ttrue\t1500\t1\thttp://h/\t2000\n"
                + "y\tfalse\t\t3\thttp://h/\t2001\n").getBytes(StandardCharsets.UTF_8));
        try (JtlReader reader = JtlReader.open(jtl)) {
            assertThat(reader.columns().delimiter()).isEqualTo((byte) '\t');
            List<Object[]> rows = readAll(reader);
            assertThat(rows.get(0)).containsExactly(2000L, 1L, 1500L, "x", true, "", 0L, 0L);
            assertThat(rows.get(1)).containsExactly(2001L, 3L, JtlRow.NO_MICROS, "y", false, "|", 0L, 0L);
        }
    }

    @Test
    void aFileWithoutHeaderIsReadWithJMetersDefaultColumns() throws IOException {
        Path jtl = dir.resolve("noheader.jtl");
        Files.write(jtl, ("1000,12,call,200,OK,t 1-1,text,true,,100,50,1,1,null,12,0,3\n"
                + "1010,13,call,200,OK,t 1-1,text,true,,100,50,1,1,null,12,0,3\n").getBytes(StandardCharsets.UTF_8));
        try (JtlReader reader = JtlReader.open(jtl)) {
            assertThat(reader.columns().fromHeaderRow()).isFalse();
            List<Object[]> rows = readAll(reader);
            assertThat(rows).hasSize(2);
            assertThat(rows.get(1)).containsExactly(1010L, 13L, JtlRow.NO_MICROS, "call", true, "", 100L, 50L);
        }
    }

    @Test
    void dateFormattedTimestampsAreParsed() throws IOException {
        Path jtl = dir.resolve("dates.jtl");
        Files.write(jtl, ("timeStamp,elapsed,label,success\n2026/11/22 00:09:45.677,2,x,true\n")
                .getBytes(StandardCharsets.UTF_8));
        long expected = LocalDateTime.of(2026, 11, 22, 0, 9, 45, 677_000_000)
                .atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
        try (JtlReader reader = JtlReader.open(jtl)) {
            assertThat(readAll(reader).get(0)[0]).isEqualTo(expected);
        }
    }

    @Test
    void rowsStraddlingTheReadBufferAndGzippedFiles() throws IOException {
        // 3 MiB of rows (the reader's block is 1 MiB) with multi-line quoted messages in between
        StringBuilder text = new StringBuilder(HEADER).append(",elapsed_us\n");
        int n = 0;
        long sumUs = 0;
        long lastEnd = 0;
        while (text.length() < 3 * 1024 * 1024) {
            boolean fail = n % 97 == 0;
            String message = fail ? "\"boom, " + "x".repeat(n % 300) + "\nsecond \"\"line\"\"\"" : "OK";
            text.append(1_000_000L + n).append(',').append(n % 50).append(",lbl").append(n % 3).append(",200,")
                    .append(message).append(",t,text,").append(!fail).append(",,1,2,1,1,null,0,0,0,")
                    .append(n * 7L).append('\n');
            sumUs += n * 7L;
            lastEnd = Math.max(lastEnd, 1_000_000L + n + n % 50);
            n++;
        }
        Path plain = dir.resolve("big.jtl");
        Files.write(plain, text.toString().getBytes(StandardCharsets.UTF_8));
        Path gz = dir.resolve("big.jtl.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        }
        for (Path file : new Path[] {plain, gz}) {
            try (JtlReader reader = JtlReader.open(file)) {
                List<Object[]> rows = readAll(reader);
                assertThat(reader.malformedRows()).isZero();
                assertThat(rows).hasSize(n);
                assertThat(rows.stream().mapToLong(r -> (Long) r[2]).sum()).isEqualTo(sumUs);
                assertThat(rows.get(97)[5]).isEqualTo("200|boom, " + "x".repeat(97) + "\nsecond \"line\"");
                assertThat(rows.stream().map(r -> r[3]).distinct()).containsExactlyInAnyOrder("lbl0", "lbl1", "lbl2");
            }
        }
        JtlSpan span = JtlSpan.exact(plain);
        assertThat(span.firstStartMs()).isEqualTo(1_000_000L);
        assertThat(span.lastEndMs()).isEqualTo(lastEnd);
    }

    @Test
    void emptyMissingXmlAndHeaderlessFilesAreClearErrors() throws IOException {
        Path empty = Files.write(dir.resolve("empty.jtl"), new byte[0]);
        assertThatThrownBy(() -> JtlReader.open(empty)).isInstanceOf(ReportException.class)
                .hasMessage("JTL file " + empty + " is empty");
        Path missing = dir.resolve("missing.jtl");
        assertThatThrownBy(() -> JtlReader.open(missing)).isInstanceOf(ReportException.class)
                .hasMessage("JTL file " + missing + " does not exist");
        Path xml = Files.write(dir.resolve("x.jtl"), "<?xml version=\"1.0\"?>\n<testResults>".getBytes());
        assertThatThrownBy(() -> JtlReader.open(xml)).isInstanceOf(ReportException.class).hasMessageContaining("is XML");
        Path noLabel = Files.write(dir.resolve("n.jtl"), "timeStamp,elapsed,success\n1,2,true\n".getBytes());
        assertThatThrownBy(() -> JtlReader.open(noLabel)).isInstanceOf(ReportException.class)
                .hasMessageContaining("has no 'label' column");
        Path headerOnly = Files.write(dir.resolve("h.jtl"), (HEADER + "\n").getBytes());
        assertThatThrownBy(() -> JtlSpan.exact(headerOnly)).isInstanceOf(ReportException.class)
                .hasMessage("JTL file " + headerOnly + " has no samples");
    }

    /** A JTL a running JMeter is writing: rows come as they are written, a half-written row waits for its end. */
    @Test
    void followsAFileThatIsStillBeingWritten() throws IOException {
        Path file = dir.resolve("live.jtl");
        assertThat(JtlReader.follow(file)).as("no file yet").isNull();
        Files.write(file, "timeStamp,elapsed,label,success".getBytes(StandardCharsets.UTF_8));
        assertThat(JtlReader.follow(file)).as("the header is not whole yet").isNull();
        try (OutputStream out = Files.newOutputStream(file, java.nio.file.StandardOpenOption.APPEND)) {
            out.write("\n1000,5,a,true\n1001,12".getBytes(StandardCharsets.UTF_8));
            out.flush();
            try (JtlReader live = JtlReader.follow(file)) {
                assertThat(live).isNotNull();
                assertThat(live.next()).isTrue();
                assertThat(live.row().elapsedMs()).isEqualTo(5);
                assertThat(live.next()).as("'1001,12' is half a row").isFalse();
                assertThat(live.next()).isFalse();
                out.write("3,b,false\n1002,7,c,true\n".getBytes(StandardCharsets.UTF_8));
                out.flush();
                assertThat(live.next()).isTrue();
                assertThat(live.row().elapsedMs()).as("the row whole, not its first half").isEqualTo(123);
                assertThat(live.row().success()).isFalse();
                assertThat(live.next()).isTrue();
                assertThat(live.row().label()).isEqualTo("c");
                assertThat(live.next()).isFalse();
                assertThat(live.rows()).isEqualTo(3);
                assertThat(live.malformedRows()).isZero();
            }
        }
    }
}
