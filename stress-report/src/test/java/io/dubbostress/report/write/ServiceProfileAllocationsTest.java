package io.dubbostress.report.write;

import io.dubbostress.report.model.ServiceProfile;
import io.dubbostress.report.profile.JfrProfile;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Allocations per call from a profile's allocation samples, on recordings the JDK's own Flight Recorder made in this
 * JVM: with samples, their weight over the calls; with none (the samples come every few MiB, and a JVM that allocated
 * less has none), no figure: NaN, null in report.json, '-' in the tables; never 0.
 */
class ServiceProfileAllocationsTest {

    @TempDir
    Path dir;

    static volatile Object sink;

    @Test
    void aProfileWithoutAllocationSamplesHasNoAllocationFigureNotZero() throws Exception {
        ServiceProfile p = profile(record("cpu-only.jfr", false), 1_000);
        assertThat(p.profile().allocations().stacks()).isZero();
        assertThat(p.allocatedBytesPerCall()).isNaN();
        JsonNode json = ProfileJson.service(p);
        assertThat(json.at("/allocations/bytesPerCall").isNull()).as(json.toString()).isTrue();
        assertThat(json.at("/allocations/events").asLong()).isZero();
        assertThat(ProfileTables.kib(p.allocatedBytesPerCall())).isEqualTo("-");
    }

    @Test
    void aProfileWithAllocationSamplesHasTheirWeightPerCall() throws Exception {
        ServiceProfile p = profile(record("alloc.jfr", true), 1_000);
        long weight = p.profile().allocations().weight();
        assertThat(p.profile().allocations().stacks()).isPositive();
        assertThat(p.allocatedBytesPerCall()).isEqualTo(weight / 1_000.0);
        assertThat(ProfileJson.service(p).at("/allocations/bytesPerCall").asDouble())
                .isCloseTo(weight / 1_000.0, org.assertj.core.data.Offset.offset(0.01));
        // without calls there is nothing to divide by
        assertThat(profile(p.profile(), 0).allocatedBytesPerCall()).isNaN();
    }

    @Test
    void aHandfulOfAllocationSamplesGivesTheirCountNotAFigure() throws Exception {
        // JFR's own throttle keeps the samples to a handful, as a JVM that allocated some 100 MiB in a window gives
        // async-profiler's alloc=16m: its figure would be unsure by some 40 %
        ServiceProfile few = profile(record("few.jfr", "20/s", 300), 1_000);
        long samples = few.profile().allocations().stacks();
        // a second, simple count: the JDK's own reader of the recording, event by event
        long counted;
        try (jdk.jfr.consumer.RecordingFile file = new jdk.jfr.consumer.RecordingFile(dir.resolve("few.jfr"))) {
            counted = 0;
            while (file.hasMoreEvents()) {
                counted += file.readEvent().getEventType().getName().equals("jdk.ObjectAllocationSample") ? 1 : 0;
            }
        }
        assertThat(samples).as("the report's reader against the JDK's").isEqualTo(counted);
        assertThat(samples).as("a handful").isBetween(1L, (long) ServiceProfile.MIN_ALLOCATION_SAMPLES - 1);
        assertThat(few.allocatedBytesPerCall()).isNaN();
        JsonNode json = ProfileJson.service(few);
        assertThat(json.at("/allocations/bytesPerCall").isNull()).as(json.toString()).isTrue();
        assertThat(json.at("/allocations/events").asLong()).isEqualTo(samples);
        assertThat(ProfileTables.allocated(few)).isEqualTo("- (" + samples + " sample" + (samples == 1 ? "" : "s")
                + ")");
        // many: the figure, with its count
        // many: unthrottled, and at least 4,000 arrays of 64 KiB however little CPU a busy machine gives the thread
        ServiceProfile many = profile(record("many.jfr", "off", 300, 4_000), 1_000);
        long manySamples = many.profile().allocations().stacks();
        assertThat(manySamples).isGreaterThanOrEqualTo(ServiceProfile.MIN_ALLOCATION_SAMPLES);
        assertThat(ProfileTables.allocated(many)).isEqualTo(ProfileTables.kib(many.allocatedBytesPerCall()) + " ("
                + String.format(java.util.Locale.ROOT, "%,d", manySamples) + " samples)");
        assertThat(ProfileTables.allocated(profile(record("none.jfr", false), 1_000))).isEqualTo("-");
    }

    private Path record(String name, boolean allocations) throws Exception {
        return record(name, allocations ? "off" : null, 300);
    }

    /** A recording of CPU samples and, with a throttle ({@code off}: none), allocation samples; {@code ms} long. */
    private Path record(String name, String throttle, long ms) throws Exception {
        return record(name, throttle, ms, 0);
    }

    /** As above, allocating at least {@code arrays} arrays of 64 KiB whatever the time it takes. */
    private Path record(String name, String throttle, long ms, int arrays) throws Exception {
        Path file = dir.resolve(name);
        try (Recording recording = new Recording()) {
            recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
            if (throttle != null) {
                recording.enable("jdk.ObjectAllocationSample").with("throttle", throttle);
            }
            recording.start();
            long end = System.nanoTime() + ms * 1_000_000L;
            int allocated = 0;
            while (System.nanoTime() < end || allocated++ < arrays) {
                sink = new byte[64 * 1024];
            }
            recording.stop();
            recording.dump(file);
        }
        return file;
    }

    private static ServiceProfile profile(Path file, double calls) throws Exception {
        return profile(JfrProfile.read(file, Long.MIN_VALUE, Long.MAX_VALUE), calls);
    }

    private static ServiceProfile profile(JfrProfile jfr, double calls) {
        return new ServiceProfile("s", "provider", null, jfr, 0, 1, calls, Double.NaN, Double.NaN, Double.NaN, null,
                null);
    }
}
