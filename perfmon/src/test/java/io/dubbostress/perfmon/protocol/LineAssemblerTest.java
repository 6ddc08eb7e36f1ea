package io.dubbostress.perfmon.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class LineAssemblerTest {

    private final List<String> lines = new ArrayList<>();
    private final List<Long> overlong = new ArrayList<>();
    private final LineAssembler.Listener listener = new LineAssembler.Listener() {
        @Override
        public void line(String line) {
            lines.add(line);
        }

        @Override
        public void overlong(long lengthSoFar) {
            overlong.add(lengthSoFar);
        }
    };

    private void feed(LineAssembler assembler, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        assembler.feed(bytes, 0, bytes.length, listener);
    }

    @Test
    void joinsLinesSplitAcrossReads() {
        LineAssembler assembler = new LineAssembler(1024);
        feed(assembler, "te");
        feed(assembler, "st\nmetrics-si");
        assertThat(lines).containsExactly("test");
        assertThat(assembler.pending()).isEqualTo("metrics-si".length());
        feed(assembler, "ngle:cpu\n\n");
        assertThat(lines).containsExactly("test", "metrics-single:cpu", "");
    }

    @Test
    void anOverlongLineIsReportedOnceAndSkippedToItsNewline() {
        LineAssembler assembler = new LineAssembler(16);
        feed(assembler, "x".repeat(40));
        feed(assembler, "y".repeat(40));
        assertThat(overlong).hasSize(1);
        assertThat(assembler.pending()).isZero();
        feed(assembler, "tail\ntest\n");
        assertThat(lines).containsExactly("test");
    }

    @Test
    void undecodableBytesDoNotStopIt() {
        LineAssembler assembler = new LineAssembler(1024);
        byte[] garbage = {(byte) 0xff, (byte) 0xfe, 'a', '\n'};
        assembler.feed(garbage, 0, garbage.length, listener);
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).endsWith("a");
    }
}
