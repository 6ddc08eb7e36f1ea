package io.dubbostress.sampler.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonValuesTest {

    @Test
    void numbersAreExact() {
        List<?> values = (List<?>) JsonValues.parse("[1, -9007199254740993, 12345678901234567890, 0.1, 1e3, 1.50]");
        assertThat(values.get(0)).isEqualTo(1L);
        assertThat(values.get(1)).isEqualTo(-9007199254740993L);
        assertThat(values.get(2)).isEqualTo(new BigInteger("12345678901234567890"));
        assertThat(values.get(3)).isEqualTo(new BigDecimal("0.1"));
        assertThat(values.get(4)).isEqualTo(new BigDecimal("1e3"));
        assertThat(values.get(5)).isEqualTo(new BigDecimal("1.50")); // scale kept
        assertThat(JsonValues.parse("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
        assertThat(JsonValues.parse("9223372036854775808")).isEqualTo(new BigInteger("9223372036854775808"));
    }

    @Test
    void objectsKeepKeyOrderAndStringsUnescape() {
        Map<?, ?> map = (Map<?, ?>) JsonValues.parse(" {\"b\": true, \"a\": null, \"s\": \"x\\\"\\\\\\/\\n\\u00e9\\t\"} ");
        assertThat(new java.util.ArrayList<Object>(map.keySet())).containsExactly("b", "a", "s");
        assertThat(map.get("b")).isEqualTo(Boolean.TRUE);
        assertThat(map.get("a")).isNull();
        assertThat(map.get("s")).isEqualTo("x\"\\/\n\u00e9\t");
        assertThat(JsonValues.parse("[[], {}, \"\"]")).isEqualTo(List.of(List.of(), Map.of(), ""));
    }

    @Test
    void malformedTextNamesTheOffsetAndWhatIsWrongInOneLine() {
        assertThatThrownBy(() -> JsonValues.parse("[\"abc\"")).hasMessage("malformed JSON at offset 6 (end of text):"
                + " Unexpected end-of-input: expected close marker for Array");
        assertThatThrownBy(() -> JsonValues.parse("[1,]")).hasMessageStartingWith("malformed JSON at offset 3:"
                + " Unexpected character (']'");
        assertThatThrownBy(() -> JsonValues.parse("{a: 1}")).hasMessageContaining("double-quote to start field name");
        assertThatThrownBy(() -> JsonValues.parse("[01]")).hasMessageContaining("Leading zeroes not allowed");
        assertThatThrownBy(() -> JsonValues.parse("[abc]")).hasMessageStartingWith("malformed JSON at offset 1:"
                + " Unrecognized token 'abc'");
        assertThatThrownBy(() -> JsonValues.parse("[1] x")).hasMessageStartingWith("malformed JSON at offset 4:"
                + " Unrecognized token 'x'")
                .hasMessageEndingWith("(after the value)");
        assertThatThrownBy(() -> JsonValues.parse("[1] [2]")).hasMessage("malformed JSON at offset 4: unexpected '['"
                + " after the value");
        assertThatThrownBy(() -> JsonValues.parse("\"a\nb\"")).hasMessageContaining("CTRL-CHAR");
        assertThatThrownBy(() -> JsonValues.parse("tru")).isInstanceOf(JsonException.class);
        assertThatThrownBy(() -> JsonValues.parse("")).hasMessage("malformed JSON at offset 0 (end of text): no value");
        assertThatThrownBy(() -> JsonValues.parse("[1,\n 2,\n x]")).hasMessageStartingWith("malformed JSON at line 3,"
                + " column");
        // never Jackson's copy of the input, nor a second line
        assertThatThrownBy(() -> JsonValues.parse("{\"secret\": [1, 2")).hasMessageNotContaining("secret")
                .hasMessageNotContaining("Source").hasMessageNotContaining("\n");
    }

    /** Issue 41: a key given twice kept the last value without a word (an attachment, a POJO field). */
    @Test
    void aKeyGivenTwiceInOneObjectIsRefusedWithItsOffset() {
        assertThatThrownBy(() -> JsonValues.parse("{\"k\": \"v\", \"k\": \"w\"}"))
                .hasMessage("malformed JSON at offset 11: the key 'k' appears twice in one object");
        assertThatThrownBy(() -> JsonValues.parse("[{\"a\": {\"x\": 1, \"x\": 2}}]"))
                .hasMessageContaining("the key 'x' appears twice");
        // the same key in two objects is no duplicate
        assertThat(JsonValues.parse("[{\"k\": 1}, {\"k\": 2}]")).hasToString("[{k=1}, {k=2}]");
    }
}
