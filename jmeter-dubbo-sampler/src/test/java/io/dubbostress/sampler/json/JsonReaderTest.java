package io.dubbostress.sampler.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonReaderTest {

    @Test
    void numbersAreExact() {
        List<?> values = (List<?>) JsonReader.parse("[1, -9007199254740993, 12345678901234567890, 0.1, 1e3, 1.50]");
        assertThat(values.get(0)).isEqualTo(1L);
        assertThat(values.get(1)).isEqualTo(-9007199254740993L);
        assertThat(values.get(2)).isEqualTo(new BigInteger("12345678901234567890"));
        assertThat(values.get(3)).isEqualTo(new BigDecimal("0.1"));
        assertThat(values.get(4)).isEqualTo(new BigDecimal("1e3"));
        assertThat(values.get(5)).isEqualTo(new BigDecimal("1.50")); // scale kept
        assertThat(JsonReader.parse("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
        assertThat(JsonReader.parse("9223372036854775808")).isEqualTo(new BigInteger("9223372036854775808"));
    }

    @Test
    void objectsKeepKeyOrderAndStringsUnescape() {
        Map<?, ?> map = (Map<?, ?>) JsonReader.parse(" {\"b\": true, \"a\": null, \"s\": \"x\\\"\\\\\\/\\n\\u00e9\\t\"} ");
        assertThat(new java.util.ArrayList<Object>(map.keySet())).containsExactly("b", "a", "s");
        assertThat(map.get("b")).isEqualTo(Boolean.TRUE);
        assertThat(map.get("a")).isNull();
        assertThat(map.get("s")).isEqualTo("x\"\\/\n\u00e9\t");
        assertThat(JsonReader.parse("[[], {}, \"\"]")).isEqualTo(List.of(List.of(), Map.of(), ""));
    }

    @Test
    void malformedTextNamesTheOffset() {
        assertThatThrownBy(() -> JsonReader.parse("[\"abc\"")).hasMessage("malformed JSON at offset 6 (end of text): expected ',' or ']'");
        assertThatThrownBy(() -> JsonReader.parse("[1,]")).hasMessageStartingWith("malformed JSON at offset 3: unexpected ']'");
        assertThatThrownBy(() -> JsonReader.parse("{a: 1}")).hasMessageContaining("expected a \"key\"");
        assertThatThrownBy(() -> JsonReader.parse("[01]")).hasMessageContaining("leading zero");
        assertThatThrownBy(() -> JsonReader.parse("[1] x")).hasMessageContaining("after the value");
        assertThatThrownBy(() -> JsonReader.parse("\"a\nb\"")).hasMessageContaining("control character");
        assertThatThrownBy(() -> JsonReader.parse("tru")).isInstanceOf(JsonException.class);
        assertThatThrownBy(() -> JsonReader.parse("")).hasMessageContaining("end of text");
    }
}
