package io.dubbostress.report.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import jdk.jfr.Recording;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reader on a recording the JDK's own Flight Recorder made in this JVM while a thread spun in a named method: the
 * method is where the samples are, the window keeps what it should, and a recording cut off (a full disk, a JVM
 * killed while writing) is an IOException with the reason, not a crash. async-profiler's recordings, in the same
 * format, are read in stress-cli's ScenarioProfilesTest and ProfiledRunIT.
 */
class JfrProfileTest {

    @TempDir
    static Path dir;

    static Path file;
    static long startedMs;
    static long stoppedMs;
    static volatile long sink;

    @BeforeAll
    static void record() throws Exception {
        file = dir.resolve("spin.jfr");
        try (Recording recording = new Recording()) {
            recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
            recording.start();
            startedMs = System.currentTimeMillis();
            Thread spinner = new Thread(() -> spin(1_500), "spinner");
            spinner.start();
            spinner.join();
            stoppedMs = System.currentTimeMillis();
            recording.stop();
            recording.dump(file);
        }
    }

    static void spin(long ms) {
        long end = System.nanoTime() + ms * 1_000_000;
        long x = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 1000; i++) {
                x = x * 31 + i;
            }
        }
        sink = x;
    }

    @Test
    void theSpinningMethodHoldsMostOfTheSamplesOfAFlightRecording() throws IOException {
        JfrProfile profile = JfrProfile.read(file, Long.MIN_VALUE, Long.MAX_VALUE);
        assertThat(profile.profiler()).isEqualTo("JDK Flight Recorder");
        assertThat(profile.cpuEngine()).isEqualTo("jfr");
        long spin = profile.cpu().framesByName().get(JfrProfileTest.class.getName() + ".spin").total();
        assertThat(profile.cpu().weight()).isGreaterThan(20);
        assertThat((double) spin / profile.cpu().weight()).as("spin's share of %s samples", profile.cpu().weight())
                .isGreaterThan(0.5);
        assertThat(profile.firstSampleMs()).isBetween(startedMs - 1_000, stoppedMs + 1_000);
        assertThat(profile.lastSampleMs()).isGreaterThanOrEqualTo(profile.firstSampleMs());
    }

    @Test
    void aWindowKeepsOnlyTheSamplesThatStartInIt() throws IOException {
        JfrProfile all = JfrProfile.read(file, Long.MIN_VALUE, Long.MAX_VALUE);
        JfrProfile none = JfrProfile.read(file, stoppedMs + 60_000, stoppedMs + 120_000);
        assertThat(none.cpu().weight()).isZero();
        assertThat(none.samplesOutside()).isEqualTo(all.cpu().stacks());
        long middle = (all.firstSampleMs() + all.lastSampleMs()) / 2;
        JfrProfile firstHalf = JfrProfile.read(file, Long.MIN_VALUE, middle);
        JfrProfile secondHalf = JfrProfile.read(file, middle, Long.MAX_VALUE);
        assertThat(firstHalf.cpu().stacks() + secondHalf.cpu().stacks()).isEqualTo(all.cpu().stacks());
        assertThat(firstHalf.lastSampleMs()).isLessThan(middle);
    }

    @Test
    void aRecordingCutOffIsAnIoExceptionThatSaysSo() throws IOException {
        byte[] whole = Files.readAllBytes(file);
        Path cut = dir.resolve("cut.jfr");
        Files.write(cut, Arrays.copyOf(whole, whole.length / 2));
        assertThatThrownBy(() -> JfrProfile.read(cut, Long.MIN_VALUE, Long.MAX_VALUE)).isInstanceOf(IOException.class);
        Path empty = Files.createFile(dir.resolve("empty.jfr"));
        assertThatThrownBy(() -> JfrProfile.read(empty, Long.MIN_VALUE, Long.MAX_VALUE))
                .isInstanceOf(IOException.class);
    }
}
