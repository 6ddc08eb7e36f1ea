package io.dubbostress.report.perfmon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.dubbostress.report.SeriesTrend;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * perfmon-jvms.csv as stress run writes it (the collector's shape, {@link JvmMetricLabel}'s labels), read back: the
 * rates of the change series, the levels over a window, the whole run's series across scenario files, the trends.
 */
class JvmMetricsTest {

    private static final long T0 = 1_795_300_000_000L;
    private static final String HOST = "127.0.0.1";

    @TempDir
    Path dir;

    /**
     * A scenario's file: readings at irregular times (0.8-1.2 s apart, as a busy machine delivers them) from
     * {@code fromS} to {@code toS} seconds after T0: the provider's threads 40 + 2/s, its open files 50, its context
     * switches 300/s, the host's 5000/s, and the scenario's JMeter ({@code jmeterPid}) at 64 threads, 120 switches/s.
     */
    private Path scenario(String name, int fromS, int toS, long jmeterPid, long seed) throws IOException {
        Path file = dir.resolve(name + "-perfmon-jvms.csv");
        Random random = new Random(seed);
        try (PerfMonCsv.Writer out = PerfMonCsv.create(file)) {
            long previous = T0 + fromS * 1000L - 1000;
            for (long t = T0 + fromS * 1000L; t < T0 + toS * 1000L; t += 800 + random.nextInt(401)) {
                double seconds = (t - previous) / 1000.0;
                double sinceT0 = (t - T0) / 1000.0;
                out.write(t, JvmMetricLabel.hostSwitches(HOST), Math.round(5000 * seconds));
                out.write(t, JvmMetricLabel.jvm(HOST, "provider", 100, JvmMetricLabel.Kind.THREADS),
                        Math.floor(40 + 2 * sinceT0));
                out.write(t, JvmMetricLabel.jvm(HOST, "provider", 100, JvmMetricLabel.Kind.FDS), 50);
                out.write(t, JvmMetricLabel.jvm(HOST, "provider", 100, JvmMetricLabel.Kind.CSWITCH),
                        Math.round(300 * seconds));
                out.write(t, JvmMetricLabel.jvm(HOST, JvmMetricLabel.JMETER, jmeterPid, JvmMetricLabel.Kind.THREADS),
                        64);
                out.write(t, JvmMetricLabel.jvm(HOST, JvmMetricLabel.JMETER, jmeterPid, JvmMetricLabel.Kind.CSWITCH),
                        Math.round(120 * seconds));
                out.write(t, "127.0.0.1 CPU combined", 12.5); // not of this file's vocabulary: counted, not used
                previous = t;
            }
        }
        return file;
    }

    @Test
    void labelsRoundTripAndForeignOnesAreNotTaken() {
        JvmMetricLabel l = JvmMetricLabel.parse(JvmMetricLabel.jvm("10.0.0.5", "consumer", 4242,
                JvmMetricLabel.Kind.FDS));
        assertThat(l.host()).isEqualTo("10.0.0.5");
        assertThat(l.service()).isEqualTo("consumer");
        assertThat(l.pid()).isEqualTo(4242);
        assertThat(l.kind()).isEqualTo(JvmMetricLabel.Kind.FDS);
        assertThat(l.isHost()).isFalse();
        JvmMetricLabel host = JvmMetricLabel.parse(JvmMetricLabel.hostSwitches("127.0.0.1"));
        assertThat(host.isHost()).isTrue();
        assertThat(host.kind()).isEqualTo(JvmMetricLabel.Kind.CSWITCH);
        assertThat(JvmMetricLabel.parse("127.0.0.1 CPU")).isNull();
        assertThat(JvmMetricLabel.parse("127.0.0.1 JVM provider pid=x threads")).isNull();
        assertThat(JvmMetricLabel.Kind.CSWITCH.spec(4242)).isEqualTo("process:pid=4242:cswitch");
    }

    @Test
    void theRateOfAChangeSeriesIsItsSumOverItsTimeWhateverTheSpacing() throws IOException {
        JvmMetrics data = new JvmMetrics();
        data.read(scenario("a", 0, 30, 200, 1));
        JvmWindow w = JvmWindow.of(data, T0 + 5_000, T0 + 30_000);
        JvmWindow.Figures provider = figures(w, "provider", 100);
        // each reading rounds its count to a whole number: within 1 switch per reading of 300/s
        assertThat(provider.switchesPerSecond()).isCloseTo(300, within(1.0));
        assertThat(w.hostSwitchesPerSecond()).containsOnlyKeys(HOST);
        assertThat(w.hostSwitchesPerSecond().get(HOST)).isCloseTo(5000, within(1.0));
        assertThat(provider.fds().avg).isEqualTo(50);
        assertThat(provider.threads().max).isBetween(40 + 2 * 28.0, 40 + 2 * 30.0);
        JvmWindow.Figures jmeter = figures(w, JvmMetricLabel.JMETER, 200);
        assertThat(jmeter.switchesPerSecond()).isCloseTo(120, within(1.0));
        assertThat(jmeter.fds()).as("JMeter's open files were not read: null, not 0").isNull();
        assertThat(data.otherRows()).isPositive();
    }

    @Test
    void aWindowWithOneReadingHasNoRate() throws IOException {
        JvmMetrics data = new JvmMetrics();
        data.read(scenario("a", 0, 30, 200, 2));
        JvmWindow w = JvmWindow.of(data, T0 + 10_000, T0 + 10_700);
        assertThat(w.jvms()).allSatisfy(f -> assertThat(f.switchesPerSecond()).isNaN());
        assertThat(JvmWindow.of(data, T0 + 60_000, T0 + 90_000).isEmpty()).isTrue();
    }

    @Test
    void aServiceIsOneSeriesAcrossScenariosAndEachJMeterItsOwn() throws IOException {
        JvmMetrics data = new JvmMetrics();
        data.read(scenario("b", 40, 340, 300, 3)); // read out of time order: the series sorts itself
        data.read(scenario("a", 0, 30, 200, 4));
        assertThat(data.jvms()).extracting(JvmMetrics.Jvm::service, JvmMetrics.Jvm::pid).containsExactly(
                org.assertj.core.groups.Tuple.tuple("provider", 100L),
                org.assertj.core.groups.Tuple.tuple(JvmMetricLabel.JMETER, 300L),
                org.assertj.core.groups.Tuple.tuple(JvmMetricLabel.JMETER, 200L));
        assertThat(figures(JvmWindow.of(data, T0 + 45_000, T0 + 70_000), JvmMetricLabel.JMETER, 300)).isNotNull();
        assertThat(figures(JvmWindow.of(data, T0 + 45_000, T0 + 70_000), "provider", 100).switchesPerSecond())
                .isCloseTo(300, within(1.0));
        assertThat(JvmWindow.of(data, T0 + 45_000, T0 + 70_000).jvms())
                .noneMatch(f -> f.jvm().pid() == 200);
        List<JvmTrends.Trend> trends = JvmTrends.of(data);
        assertThat(trends).as("each scenario's JMeter has its figures per scenario, no trend").hasSize(1);
        JvmTrends.Trend provider = trends.get(0);
        assertThat(provider.threads().verdict()).isEqualTo("rising");
        assertThat(provider.threads().trend().slopePerHour()).isCloseTo(7_200, within(7_200 * 0.02));
        assertThat(provider.threads().trend().first()).isEqualTo(40);
        assertThat(provider.threads().trend().spanMs()).isGreaterThan(JvmTrends.MIN_MINUTES * 60_000L);
        assertThat(provider.fds().verdict()).isEqualTo("steady");
        assertThat(provider.fds().reason()).isNull();
        assertThat(provider.threads().sentence("provider")).contains("provider's threads 40 -> ", "keep rising");
    }

    @Test
    void readingsOverLessThanFiveMinutesAreNoVerdictButKeepTheirSlope() throws IOException {
        JvmMetrics data = new JvmMetrics();
        data.read(scenario("a", 0, 70, 200, 6));
        JvmTrends.Figure threads = JvmTrends.of(data).get(0).threads();
        assertThat(threads.trend().verdict()).as("the rule alone says rising").isEqualTo(SeriesTrend.Verdict.RISING);
        assertThat(threads.verdict()).isEqualTo("not enough data");
        assertThat(threads.reason()).matches("its threads were read over 1\\.[12] min, a verdict needs 5\\.0 min or more .*");
        assertThat(threads.trend().slopePerHour()).isCloseTo(7_200, within(7_200 * 0.05));
        assertThat(threads.sentence("provider")).contains("provider's threads 40 -> ", "not enough data")
                .doesNotContain("leak signal");
        JvmTrends.Rule seconds = new JvmTrends.Rule(JvmTrends.MIN_READINGS, 60_000);
        assertThat(JvmTrends.figure("threads", data.series(data.jvms().get(0), JvmMetricLabel.Kind.THREADS), seconds)
                .verdict()).isEqualTo("rising");
    }

    @Test
    void tooFewReadingsSayWhatIsNeeded() throws IOException {
        JvmMetrics data = new JvmMetrics();
        data.read(scenario("a", 0, 5, 200, 5));
        JvmTrends.Trend provider = JvmTrends.of(data).get(0);
        assertThat(provider.threads().verdict()).isEqualTo("not enough data");
        assertThat(provider.threads().reason()).matches("\\d reading\\(s\\) of its threads, 10 needed .*");
        assertThat(provider.threads().trend().slopePerHour()).isNaN();
    }

    private static JvmWindow.Figures figures(JvmWindow w, String service, long pid) {
        return w.jvms().stream().filter(f -> f.jvm().service().equals(service) && f.jvm().pid() == pid).findFirst()
                .orElse(null);
    }
}
