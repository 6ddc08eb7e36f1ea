package io.dubbostress.cli.gc;

import io.dubbostress.cli.StressCommand;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code stress gc}'s exit codes and table: a figure it cannot vouch for is marked and fails the command. */
class GcCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int stress(String... args) {
        CommandLine cli = StressCommand.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    private Path write(String name, String... lines) throws Exception {
        return Files.write(dir.resolve(name), Arrays.asList(lines), StandardCharsets.ISO_8859_1);
    }

    @Test
    void aLogWithWarningsIsMarkedAndExitsOneUnlessAccepted() throws Exception {
        Path zgc = write("zgc-gc.log",
                "[0.995s][info][gc] Using The Z Garbage Collector",
                "[1.221s][info][gc] GC(0) Garbage Collection (Metadata GC Threshold) 106M(0%)->88M(0%)",
                "[2.048s][info][gc] GC(1) Garbage Collection (Warmup) 208M(20%)->164M(16%)");
        Path g1 = write("g1-gc.log",
                "[0.010s][info][gc] Using G1",
                "[1.000s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 9M->1M(32M) 1.000ms");

        assertThat(stress("gc", "--offline", zgc.toString(), g1.toString())).isEqualTo(1);
        assertThat(out.toString()).contains("| NOT SURE zgc-gc.log | ZGC | 0 |").contains("| g1-gc.log | G1 | 1 |")
                .contains("- zgc-gc.log: NOT SURE: 2 lines speak of collections but none states a pause");
        assertThat(err.toString().trim().lines()).containsExactly("stress gc: zgc-gc.log: not sure: 2 lines speak of "
                + "collections but none states a pause the analysis knows: no figures");
        JsonNode json = new ObjectMapper().readTree(dir.resolve("zgc-gc.analysis.json").toFile());
        assertThat(json.get("warnings")).hasSize(1);
        assertThat(new ObjectMapper().readTree(dir.resolve("g1-gc.analysis.json").toFile()).get("warnings")).isEmpty();

        assertThat(stress("gc", "--offline", "--accept-warnings", zgc.toString(), g1.toString())).isZero();
        assertThat(stress("gc", "--offline", g1.toString())).isZero();
    }

    @Test
    void thePiecesOfARotatedLogAreOneRow() throws Exception {
        Path current = write("gc.log",
                "[2026-11-21T10:00:09.000+0000][9.000s][info][gc] GC(9) Pause Young (Normal) (G1 Evacuation Pause) "
                        + "9M->1M(32M) 3.000ms");
        Path older = write("gc.log.0",
                "[2026-11-21T10:00:07.000+0000][7.000s][info][gc] GC(7) Pause Young (Normal) (G1 Evacuation Pause) "
                        + "9M->1M(32M) 1.000ms",
                "[2026-11-21T10:00:08.000+0000][8.000s][info][gc] GC(8) Pause Young (Normal) (G1 Evacuation Pause) "
                        + "9M->1M(32M) 2.000ms");
        assertThat(stress("gc", "--offline", current.toString(), older.toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("| gc.log (2 files) | G1 | 3 | 6.00 |");
        JsonNode json = new ObjectMapper().readTree(dir.resolve("gc.analysis.json").toFile());
        assertThat(json.get("files").toString()).isEqualTo("[\"gc.log.0\",\"gc.log\"]");
        assertThat(json.get("spanSeconds").asDouble()).isEqualTo(2.001);

        // the current piece alone: the same row, the same analysis (it never describes one piece as the log)
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        assertThat(stress("gc", "--offline", current.toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("| gc.log (2 files) | G1 | 3 | 6.00 |");
        assertThat(err.toString()).contains("stress gc: gc.log: read as one log with the other pieces of its rotated"
                + " set beside it (gc.log.0)");
        assertThat(new ObjectMapper().readTree(dir.resolve("gc.analysis.json").toFile()).get("pauses").get("count")
                .asInt()).isEqualTo(3);
    }

    @Test
    void compressedUtf16CutAndZippedLogsGetTheirOwnAnswers() throws Exception {
        String[] lines = {
            "[2026-11-21T10:00:07.000+0000][7.000s][info][gc] Using G1",
            "[2026-11-21T10:00:08.000+0000][8.000s][info][gc] GC(8) Pause Young (Normal) (G1 Evacuation Pause) "
                + "9M->1M(32M) 2.000ms"};
        String text = String.join("\n", lines) + "\n";
        Path utf16 = Files.write(dir.resolve("utf16-gc.log"), concat(new byte[] {(byte) 0xff, (byte) 0xfe},
                text.getBytes(StandardCharsets.UTF_16LE)));
        assertThat(stress("gc", "--offline", utf16.toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("| utf16-gc.log | G1 | 1 | 2.00 |");

        Path gz = dir.resolve("gz-gc.log.gz");
        try (java.io.OutputStream o = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            o.write(text.repeat(200).getBytes(StandardCharsets.ISO_8859_1));
        }
        byte[] whole = Files.readAllBytes(gz);
        Files.write(gz, Arrays.copyOf(whole, whole.length - 12)); // its trailer lost: cut short
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        assertThat(stress("gc", "--offline", gz.toString())).as(err.toString()).isEqualTo(1);
        assertThat(out.toString()).contains("| NOT SURE gz-gc.log | G1 |");
        assertThat(err.toString()).contains("stress gc: gz-gc.log: not sure: gz-gc.log.gz could not be read to its end");

        Path zip = dir.resolve("zipped-gc.log");
        try (java.util.zip.ZipOutputStream o = new java.util.zip.ZipOutputStream(Files.newOutputStream(zip))) {
            o.putNextEntry(new java.util.zip.ZipEntry("gc.log"));
            o.write(text.getBytes(StandardCharsets.ISO_8859_1));
        }
        err.getBuffer().setLength(0);
        assertThat(stress("gc", "--offline", zip.toString())).isEqualTo(2);
        assertThat(err.toString().trim()).isEqualTo("stress gc: GC log " + zip
                + " is a zip archive: unzip it and give the log files in it");
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
