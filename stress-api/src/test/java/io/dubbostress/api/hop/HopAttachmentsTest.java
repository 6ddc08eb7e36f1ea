package io.dubbostress.api.hop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HopAttachmentsTest {

    @Test
    void anyKeyAndValueGoThroughTheHeaderAsTheyWereInPlainAscii() {
        Map<String, String> attachments = new LinkedHashMap<>();
        attachments.put("traceId", "a b&c=d");
        attachments.put("Tenant", "é 7%");
        attachments.put("empty", "");
        String header = HopAttachments.encode(attachments);
        assertThat(header).isEqualTo("traceId=a+b%26c%3Dd&Tenant=%C3%A9+7%25&empty=");
        assertThat(header.chars().allMatch(c -> c > ' ' && c < 0x7f)).isTrue();
        assertThat(HopAttachments.decode(header)).containsExactlyEntriesOf(attachments);
        assertThat(HopAttachments.decode(null)).isEmpty();
        assertThat(HopAttachments.decode("")).isEmpty();
    }

    @Test
    void aHeaderThatIsNotPairsOrGivesAKeyTwiceIsRefused() {
        assertThatThrownBy(() -> HopAttachments.decode("k=v&x")).hasMessage("Dubbo-Attachments: 'x' is not key=value");
        assertThatThrownBy(() -> HopAttachments.decode("k=v&k=w"))
                .hasMessage("Dubbo-Attachments: the key 'k' appears twice");
    }
}
