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

    private Path record(String name, boolean allocations) throws Exception {
        Path file = dir.resolve(name);
        try (Recording recording = new Recording()) {
            recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
            if (allocations) {
                recording.enable("jdk.ObjectAllocationSample").with("throttle", "off");
            }
            recording.start();
            long end = System.nanoTime() + 300_000_000L;
            while (System.nanoTime() < end) {
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
