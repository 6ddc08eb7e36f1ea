package io.dubbostress.sampler.nacos;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NacosOpenApiTest {

    /** Spring's error page, as a Nacos server sends it to a client that accepts HTML: its message only. */
    @Test
    void anHtmlErrorPageGivesItsMessageOnly() {
        assertThat(NacosOpenApi.messageOf("<html><body><h1>Whitelabel Error Page</h1><p>This application has no"
                + " explicit mapping for /error, so you are seeing this as a fallback.</p><div id='created'>Sat Nov 28"
                + " 10:00:00 UTC 2026</div><div>There was an unexpected error (type=Forbidden, status=403).</div>"
                + "<div>user not found!</div></body></html>")).isEqualTo("user not found!");
        assertThat(NacosOpenApi.messageOf("<html><body><h1>Whitelabel Error Page</h1><div>There was an unexpected"
                + " error (type=Forbidden, status=403).</div></body></html>")).isEmpty();
    }

    @Test
    void aJsonErrorGivesItsMessage() {
        assertThat(NacosOpenApi.messageOf("{\"status\":403,\"error\":\"Forbidden\",\"message\":\"user not found!\"}"))
                .isEqualTo("user not found!");
    }
}
