package io.dubbostress.sampler.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReferenceKeyTest {

    private static ReferenceKey key(int timeout, String password, boolean typed) {
        return new ReferenceKey("dubbo://127.0.0.1:20880", "u", password, "a.B", "", "", timeout, 0, 0, "random",
                "failover", "hessian2", typed);
    }

    @Test
    void everyBehaviourChangingFieldIsInTheKey() {
        assertThat(key(5000, "p", false)).isEqualTo(key(5000, "p", false)).hasSameHashCodeAs(key(5000, "p", false));
        assertThat(key(5000, "p", false)).isNotEqualTo(key(4000, "p", false));
        assertThat(key(5000, "p", false)).isNotEqualTo(key(5000, "q", false));
        assertThat(key(5000, "p", false)).isNotEqualTo(key(5000, "p", true));
    }

    @Test
    void thePasswordIsNeverShown() {
        assertThat(key(5000, "s3cret", false).toString()).contains("password ***").doesNotContain("s3cret");
    }

    @Test
    void addressesAreParsedAsDubboTakesThem() {
        assertThat(DubboAddress.parse("127.0.0.1:1, dubbo://127.0.0.2:2", "a").url())
                .isEqualTo("dubbo://127.0.0.1:1;dubbo://127.0.0.2:2");
        assertThat(DubboAddress.parse("zookeeper://127.0.0.1:2181?backup=127.0.0.1:2182", "a").isDirect()).isFalse();
    }
}
