package io.dubbostress.sampler.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.sampler.EmbeddedJMeter;
import io.dubbostress.sampler.SamplerBuilder;
import io.dubbostress.sampler.sampler.DubboSampler;
import io.dubbostress.testsupport.FreePort;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plan with a typo must not fill a disk: a field error ({@code CONFIG}) and a dead hop address ({@code NETWORK}
 * from the HTTP hop) cost microseconds and repeat without a call reaching anything, so after each the thread pauses
 * ({@code dubbo.sampler.failure_pause_ms}, 100 ms). Real JMeter 5.1 engine in the test JVM, real sockets on
 * 127.0.0.1; the same plan with the pause turned off shows what it bounds. The provider-side cases (NO_PROVIDER,
 * request-side SERIALIZATION and PAYLOAD_LIMIT against a real provider) are checked in {@link BadInputCatalogueIT}.
 */
class FailurePauseIT {

    private static final long PAUSE_MS = 100;
    private static final String PROPERTY = "dubbo.sampler.failure_pause_ms";

    @TempDir
    static Path dir;

    private static SamplerBuilder typo(String label) {
        // the arguments as a user mistypes them: not JSON
        return SamplerBuilder.echo(label, "dubbo://127.0.0.1:" + FreePort.find(), 16)
                .set(DubboSampler.ARGUMENTS, "[\"abc\"");
    }

    @Test
    void aFieldErrorIsPausedAfterSoTwoThreadsRecordTensOfRowsNotTensOfThousands() {
        int seconds = 2;
        List<SampleResult> paced = EmbeddedJMeter.plan(dir).threadGroup(2, 1_000_000, seconds, typo("typo").build())
                .run().results();
        assertThat(paced).isNotEmpty().allSatisfy(r -> {
            assertThat(r.isSuccessful()).isFalse();
            assertThat(r.getResponseCode()).isEqualTo("CONFIG");
            assertThat(r.getResponseMessage()).startsWith("DubboSampler.arguments: malformed JSON");
        });
        // at most one failure per pause per thread, and the pause is between samples, never inside one
        assertThat(paced.size()).isLessThanOrEqualTo(2 * (seconds * 1000 / (int) PAUSE_MS + 1));
        assertGaps(paced);

        // the same plan without the pause: what a 10-minute run with a typo wrote before
        List<SampleResult> unpaced;
        JMeterUtils.setProperty(PROPERTY, "0");
        try {
            unpaced = EmbeddedJMeter.plan(dir).threadGroup(2, 1_000_000, 1, typo("typo unpaced").build()).run()
                    .results();
        } finally {
            JMeterUtils.getJMeterProperties().remove(PROPERTY);
        }
        assertThat(unpaced.size()).as("failed rows in 1 s without the pause").isGreaterThan(20 * paced.size());
        System.out.printf("CONFIG, 2 threads: %d rows in %d s with the pause, %d rows in 1 s without%n", paced.size(),
                seconds, unpaced.size());
    }

    @Test
    void aDeadHopAddressIsPausedAfterToo() {
        int port = FreePort.find();
        DubboSampler hop = SamplerBuilder.named("dead hop").set(DubboSampler.ADDRESS, "http://127.0.0.1:" + port
                + "/stressTest/string1k").set(DubboSampler.TIMEOUT, 1000).build();
        List<SampleResult> results = EmbeddedJMeter.plan(dir).threadGroup(1, 1_000_000, 1, hop).run().results();
        assertThat(results).isNotEmpty().allSatisfy(r -> assertThat(r.getResponseCode())
                .as(r.getResponseMessage()).isEqualTo("NETWORK"));
        assertThat(results.size()).isLessThanOrEqualTo(1000 / (int) PAUSE_MS + 1);
        assertGaps(results);
    }

    /**
     * Every sample of a thread starts at least one pause after the end of the one before it: the pause is between
     * samples, in no sample's time.
     */
    static void assertGaps(List<SampleResult> results) {
        Map<String, List<SampleResult>> byThread = results.stream()
                .collect(Collectors.groupingBy(SampleResult::getThreadName));
        byThread.forEach((thread, samples) -> {
            for (int i = 1; i < samples.size(); i++) {
                assertThat(samples.get(i).getStartTime() - samples.get(i - 1).getEndTime())
                        .as(thread + " sample " + i).isGreaterThanOrEqualTo(PAUSE_MS - 1);
            }
        });
    }
}
