package io.dubbostress.cli.remote;

import io.dubbostress.cli.options.RateSchedule;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dubbostress.cli.UserError;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The run's threads and rate split over the load generators, and the client's RMI settings. */
class RemoteGeneratorsTest {

    private final RemoteGenerators two = new RemoteGenerators(List.of("10.0.0.7", "10.0.0.8:1099"), "10.0.0.5", 0,
            null);

    @Test
    void threadsAndRateAreTheRunsTotalsSplitEvenly() {
        assertThat(two.threadsPerServer(20)).isEqualTo(10);
        assertThat(two.ratePerServer(RateSchedule.parse("500")).asProperty()).isEqualTo("250");
        assertThat(two.ratePerServer(RateSchedule.parse("100,201")).asProperty()).isEqualTo("50,100.5");
        assertThat(two.ratePerServer(RateSchedule.parse("0..1000:60s,1000")).asProperty()).isEqualTo("0..500:60s,500");
        assertThat(two.ratePerServer(RateSchedule.NONE).isOpen()).isFalse();
        assertThat(RemoteGenerators.none().threadsPerServer(7)).isEqualTo(7);
    }

    @Test
    void threadsThatDoNotSplitEvenlyAreRefusedNamingBothNumbers() {
        assertThatThrownBy(() -> two.threadsPerServer(5)).isInstanceOf(UserError.class)
                .hasMessage("Invalid value for option '--threads': 5 threads cannot be split evenly across 2 load "
                        + "generators (--remote runs --threads / 2 threads on each): use a multiple of 2");
        assertThatThrownBy(() -> two.threadsPerServer(1)).isInstanceOf(UserError.class);
    }

    @Test
    void withoutAKeystoreRmiIsPlainAndTheCallbackAddressIsTheOneGiven() {
        assertThat(two.clientJvmFlags()).containsExactly("-Djava.rmi.server.hostname=10.0.0.5");
        assertThat(two.clientJMeterArgs()).containsExactly("-Jserver.rmi.ssl.disable=true", "-R",
                "10.0.0.7,10.0.0.8:1099");
    }

    @Test
    void withAKeystoreRmiIsSslAndPinnedPortsAreSet() {
        RemoteGenerators ssl = new RemoteGenerators(List.of("127.0.0.1:1099"), null, 4100, Path.of("/k/rmi.jks"));
        assertThat(ssl.clientJMeterArgs()).containsExactly("-Jclient.rmi.localport=4100",
                "-Jserver.rmi.ssl.keystore.file=/k/rmi.jks", "-Jserver.rmi.ssl.truststore.file=/k/rmi.jks", "-R",
                "127.0.0.1:1099");
        // servers on loopback call back on loopback
        assertThat(ssl.callbackAddress()).isEqualTo("127.0.0.1");
    }

    @Test
    void anUnknownServerIsOneLineNamingIt() {
        RemoteGenerators unknown = new RemoteGenerators(List.of("no-such-host.invalid"), null, 0, null);
        assertThatThrownBy(unknown::callbackAddress).isInstanceOf(UserError.class)
                .hasMessage("Invalid value for option '--remote': unknown host 'no-such-host.invalid'");
    }
}
