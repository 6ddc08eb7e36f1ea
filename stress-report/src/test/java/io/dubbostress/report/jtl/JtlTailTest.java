package io.dubbostress.report.jtl;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live page's reader ({@link JtlTail}) reads what the report's ({@link JtlReader}) reads of the fields it reads,
 * and finds malformed the rows it finds malformed: quoted fields, doubled quotes, line breaks in a quoted field, CRLF,
 * {@code null} words, a date as the timestamp, and each way a row can be wrong. (A JTL that JMeter itself wrote:
 * {@code JtlTailOnJMeterTest} in stress-cli.)
 */
class JtlTailTest {

    @TempDir
    Path dir;

    static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,success,bytes,"
            + "elapsed_us,due_us,lag_us,response_us,SampleCount,ErrorCount\n";

    private static List<String> rows(JtlRow r, java.util.function.BooleanSupplier next) {
        List<String> out = new ArrayList<>();
        while (next.getAsBoolean()) {
            out.add(r.timeStampMs() + " " + r.elapsedMs() + " " + r.elapsedUs() + " " + r.dueUs() + " " + r.lagUs()
                    + " " + r.responseUs() + " " + r.success() + " " + r.sampleCount() + " " + r.errorCount() + " ["
                    + (r.success() ? "" : r.responseCode()) + "]");
        }
        return out;
    }

    @Test
    void readsTheFieldsTheReportsReaderReadsAndTheSameRowsMalformed() throws Exception {
        String text = HEADER
                + "1795860000000,3,\"direct, \"\"one\"\"\",200,OK,t 1-1,true,1024,2500,,,,1,0\n"
                + "1795860000001,4,hop,\"5,02 \"\"x\"\"\",\"busy,\nreally\",t 1-2,false,0,null,1795860000000000,-3,"
                + "4100,1,1\r\n"
                + "2026/11/28 10:00:00.002,5,direct,200,OK,t 1-1,TRUE,1,5000,,,,3,\n"
                + "1795860000003,x,direct,200,OK,t 1-1,true,1,,,,,1,0\n"            // elapsed is no number
                + "1795860000004,-1,direct,200,OK,t 1-1,true,1,,,,,1,0\n"           // a negative duration
                + "1795860000005,1,direct,200,OK,t 1-1,true,1,-7,,,,1,0\n"          // a negative elapsed_us
                + "1795860000006,1,direct,200,OK,t 1-1,true,1,,5x,,,1,0\n"          // due_us no number
                + "1795860000007,1,direct,200,OK,t 1-1,true\n"                      // too few fields
                + "1795860000008,1,direct,200,OK,t 1-1,true,1,,,,,1,0,extra\n"      // too many
                + "1795860000009,1,\"direct\"x,200,OK,t 1-1,true,1,,,,,1,0\n"       // text after a quote
                + "not a time,1,direct,200,OK,t 1-1,true,1,,,,,1,0\n"               // no timestamp
                + "\n"                                                               // a blank line: no row
                + "1795860000010,2,direct,\"\",,t 1-1,false,1,,,,,2,\n"             // a failure without a code
                + "1795860000011,2,direct,200,OK,t 1-1,true,1,,,,,1,0";             // no line break yet
        Path jtl = Files.writeString(dir.resolve("results.jtl"), text, StandardCharsets.UTF_8);

        List<String> report;
        long reportMalformed;
        try (JtlReader reader = JtlReader.open(jtl)) {
            report = rows(reader.row(), reader::next);
            reportMalformed = reader.malformedRows();
        }
        List<String> live;
        long liveMalformed;
        JtlTail tail = JtlTail.follow(jtl);
        try {
            live = rows(tail.row(), tail::next);
            liveMalformed = tail.malformedRows();
            // the last row waits for its line break (a row JMeter is writing): the report's reader, at the end of a
            // whole file, takes it
            assertThat(live).isEqualTo(report.subList(0, report.size() - 1));
            assertThat(liveMalformed).isEqualTo(reportMalformed).isEqualTo(8);
            Files.writeString(jtl, "\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
            live.addAll(rows(tail.row(), tail::next));
            assertThat(live).isEqualTo(report);
            assertThat(tail.rows()).isEqualTo(5);
        } finally {
            tail.close();
        }
        assertThat(live.get(0)).isEqualTo("1795860000000 3 2500 -1 -1 -1 true 1 0 []");
        assertThat(live.get(1)).isEqualTo("1795860000001 4 -1 1795860000000000 0 4100 false 1 1 [5,02 \"x\"]");
        assertThat(live.get(3)).isEqualTo("1795860000010 2 -1 -1 -1 -1 false 2 2 []");
    }

    @Test
    void aRowLongerThanTwoReadBlocksGrowsTheBufferOfBothReaders() throws Exception {
        // a failure whose message is 2.5 read blocks (a stack trace in the message): the buffer doubles twice while
        // the row is partial, in both readers; the rows around it are read whole
        int length = DelimitedRows.BLOCK * 5 / 2;
        String message = "x".repeat(length - 7) + ",\n\"\"y\"\"";
        String text = HEADER + "1795860000000,3,direct,200,OK,t 1-1,true,1,,,,,1,0\n"
                + "1795860000001,4,direct,500,\"" + message + "\",t 1-2,false,1,4000,,,,1,1\n"
                + "1795860000002,5,direct,200,OK,t 1-1,true,1,,,,,1,0\n";
        Path jtl = Files.writeString(dir.resolve("long.jtl"), text, StandardCharsets.UTF_8);
        String errorText;
        List<String> report;
        try (JtlReader reader = JtlReader.open(jtl)) {
            report = new ArrayList<>();
            JtlRow r = reader.row();
            String error = null;
            while (reader.next()) {
                report.add(r.timeStampMs() + " " + r.elapsedUs() + " " + r.success());
                if (!r.success()) {
                    error = r.errorText();
                }
            }
            errorText = error;
            assertThat(reader.malformedRows()).isZero();
        }
        assertThat(report).containsExactly("1795860000000 -1 true", "1795860000001 4000 false",
                "1795860000002 -1 true");
        assertThat(errorText).hasSize(length - 7 + 5).endsWith("x,\n\"y\"");
        JtlTail tail = JtlTail.follow(jtl);
        try {
            List<String> live = rows(tail.row(), tail::next);
            assertThat(live).hasSize(3);
            assertThat(live.get(1)).isEqualTo("1795860000001 4 4000 -1 -1 -1 false 1 1 [500]");
            assertThat(tail.malformedRows()).isZero();
        } finally {
            tail.close();
        }
    }

    @Test
    void aFileWithoutItsHeaderLineYetIsNotFollowedYet() throws Exception {
        Path jtl = Files.writeString(dir.resolve("results.jtl"), "timeStamp,elapsed,label", StandardCharsets.UTF_8);
        assertThat(JtlTail.follow(jtl)).isNull();
        assertThat(JtlTail.follow(dir.resolve("none.jtl"))).isNull();
    }
}
