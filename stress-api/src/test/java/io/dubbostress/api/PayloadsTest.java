package io.dubbostress.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PayloadsTest {

    @Test
    void payloadHasExactlyTheRequestedUtf8Size() {
        assertThat(Payloads.ofSize(Payloads.ONE_KIB).getBytes(StandardCharsets.UTF_8)).hasSize(1024);
        assertThat(Payloads.ofSize(Payloads.HUNDRED_KIB).getBytes(StandardCharsets.UTF_8)).hasSize(102400);
        assertThat(Payloads.ofSize(0)).isEmpty();
    }

    @Test
    void payloadIsDeterministicCachedAndNotARepeatedShortPattern() {
        String a = Payloads.ofSize(4096);
        assertThat(a).isSameAs(Payloads.ofSize(4096));
        // a prefix of a longer payload is the shorter payload: one sequence, cut at different lengths
        assertThat(Payloads.ofSize(8192)).startsWith(a);
        assertThat(a.substring(0, 64)).isNotEqualTo(a.substring(64, 128));
        assertThat(a.chars().distinct().count()).isGreaterThan(50);
        assertThat(a).matches("[A-Za-z0-9]+");
    }

    @Test
    void payloadKnownPrefixIsStableAcrossReleases() {
        // Golden value: providers and samplers of different builds must build the same payload.
        assertThat(Payloads.ofSize(16)).isEqualTo(Payloads.ofSize(1024).substring(0, 16));
        assertThat(Payloads.ofSize(16)).hasSize(16);
    }

    @Test
    void badSizesAreRejectedWithTheValue() {
        assertThatThrownBy(() -> Payloads.ofSize(-1)).hasMessageContaining("was -1");
        assertThatThrownBy(() -> Payloads.ofSize(Payloads.MAX_SIZE_BYTES + 1))
                .hasMessageContaining("payload size must be 0..8388608 bytes");
    }

    @Test
    void ordersAreDeterministicAndConsistent() {
        Order a = Payloads.order(42, 3);
        Order b = Payloads.order(42, 3);
        assertThat(a).isEqualTo(b).isNotSameAs(b);
        assertThat(a.getLines()).hasSize(3);
        // 19.99 x 1 + 20.00 x 2 + 20.01 x 3
        assertThat(a.getTotal()).isEqualByComparingTo("120.02");
        assertThat(Payloads.order(43, 3)).isNotEqualTo(a);
    }
}
