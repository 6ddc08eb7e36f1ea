package io.dubbostress.cli.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** {@code --influxdb URL}: no password or token the text held in any message, toString or header it should not be in. */
class InfluxTargetTest {

    private static final String SECRET = "Qx7~Zk9~Wm4~";

    @Test
    void credentialsInTheUrlAreRefusedWithoutBeingEchoed() {
        for (String url : new String[] {
            "http://127.0.0.1:8086/write?db=x&u=admin&p=" + SECRET,
            "http://admin:" + SECRET + "@127.0.0.1:8086/write?db=x",
            // wrong in another way as well: refused for that first, and shown masked
            "http://127.0.0.1:8086/query?db=x&u=admin&p=" + SECRET,
            "ftp://127.0.0.1:8086/write?db=x&p=" + SECRET,
            "http://127.0.0.1:8086/write?u=admin&p=" + SECRET + "&precision=s",
            "http://admin:" + SECRET + "@127.0.0.1:8086/api/v1/query",
            "http://127.0.0.1:8086/write?db=x&token=" + SECRET + "&precision=s",
            "http://127.0.0.1:8086/write?db=x&p=" + SECRET + " with a space",
        }) {
            assertThatThrownBy(() -> InfluxTarget.parse(url)).as(url).isInstanceOf(IllegalArgumentException.class)
                    .satisfies(e -> {
                        for (int i = 0; i + 4 <= SECRET.length(); i++) {
                            assertThat(e.getMessage()).as(url).doesNotContain(SECRET.substring(i, i + 4));
                        }
                    });
        }
        assertThatThrownBy(() -> InfluxTarget.parse("http://127.0.0.1:8086/query?db=x&u=admin&p=" + SECRET))
                .hasMessageStartingWith("'http://127.0.0.1:8086/query?db=x&u=admin&p=***' is not a write URL");
    }

    @Test
    void maskedKeepsWhereItWrites() {
        assertThat(InfluxTarget.masked("http://admin:" + SECRET + "@10.0.0.9:8086/write?db=stress&u=a&p=" + SECRET
                + "&rp=week")).isEqualTo("http://admin:***@10.0.0.9:8086/write?db=stress&u=a&p=***&rp=week");
        assertThat(InfluxTarget.masked("http://h:8086/write?db=x&rp=week&dump=1"))
                .isEqualTo("http://h:8086/write?db=x&rp=week&dump=1");
    }

    @Test
    void theTokenIsInTheHeaderOnly() {
        InfluxTarget v1 = InfluxTarget.parse("http://127.0.0.1:8086/write?db=x").withToken("admin:" + SECRET);
        assertThat(v1.toString()).isEqualTo("http://127.0.0.1:8086/write?db=x").doesNotContain(SECRET);
        // every InfluxDB 1.x takes HTTP Basic; 1.8's Token user:password is the same pair
        assertThat(v1.authorization()).isEqualTo("Basic " + Base64.getEncoder()
                .encodeToString(("admin:" + SECRET).getBytes(StandardCharsets.UTF_8)));
        InfluxTarget v2 = InfluxTarget.parse("http://127.0.0.1:8086/api/v2/write?org=o&bucket=b").withToken(SECRET);
        assertThat(v2.authorization()).isEqualTo("Token " + SECRET);
        assertThat(v2.toString()).doesNotContain(SECRET);
        assertThat(InfluxTarget.parse("http://127.0.0.1:8086/write?db=x").authorization()).isNull();
    }
}
