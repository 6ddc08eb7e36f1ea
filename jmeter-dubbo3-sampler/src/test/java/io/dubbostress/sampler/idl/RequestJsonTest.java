package io.dubbostress.sampler.idl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.util.JsonFormat;
import io.dubbostress.api.Payloads;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The request JSON against the message type: what fits becomes the message, what does not is named by its path. */
class RequestJsonTest {

    static final Descriptor CART = ProtoFilesTest.shop().method("test.shop.v1.CartService", "Get", "s", "m")
            .getInputType();
    static final JsonFormat.TypeRegistry TYPES = JsonFormat.TypeRegistry.newBuilder().add(CART).build();

    static DynamicMessage parse(String json) {
        return RequestJson.parse(json, CART, TYPES, "DubboSampler.arguments");
    }

    @Test
    void aFullRequestBecomesTheMessage() throws Exception {
        DynamicMessage cart = parse("{\"id\": \"9007199254740993\", \"items\": [{\"sku\": \"A\", \"quantity\": 2,"
                + " \"weight_grams\": 4000000000, \"price\": {\"currency\": \"EUR\", \"cents\": 150}}],"
                + " \"bySku\": {\"A\": {\"sku\": \"A\"}}, \"size\": \"LARGE\", \"user\": \"ann\","
                + " \"createdAt\": \"2024-01-31T12:00:00Z\", \"coupon\": \"TEN\", \"token\": \"AAEC\","
                + " \"mask\": \"items,size\", \"ttl\": \"1.5s\", \"ratings\": [1, 2.5, \"NaN\"], \"gift\": true}");
        String json = JsonFormat.printer().usingTypeRegistry(TYPES).omittingInsignificantWhitespace().print(cart);
        assertThat(json).isEqualTo("{\"id\":\"9007199254740993\",\"items\":[{\"sku\":\"A\",\"quantity\":2,"
                + "\"weightGrams\":4000000000,\"price\":{\"currency\":\"EUR\",\"cents\":\"150\"}}],"
                + "\"bySku\":{\"A\":{\"sku\":\"A\"}},\"size\":\"LARGE\",\"user\":\"ann\","
                + "\"createdAt\":\"2024-01-31T12:00:00Z\",\"coupon\":\"TEN\",\"token\":\"AAEC\","
                + "\"mask\":\"items,size\",\"ttl\":\"1.500s\",\"ratings\":[1.0,2.5,\"NaN\"],\"gift\":true}");
    }

    @Test
    void payloadsFillStringsBytesAndWrappers() {
        DynamicMessage cart = parse("{\"user\": {\"$payload\": 1024}, \"token\": {\"$payload\": 10},"
                + " \"coupon\": {\"$payload\": 3}}");
        assertThat(cart.getField(CART.findFieldByName("user"))).isEqualTo(Payloads.ofSize(1024));
        assertThat(((com.google.protobuf.ByteString) cart.getField(CART.findFieldByName("token"))).toByteArray())
                .isEqualTo(Payloads.ofSize(10).getBytes(StandardCharsets.US_ASCII));
        assertThat(cart.toString()).contains("value: \"" + Payloads.ofSize(3) + "\"");
        assertThat(parse("").getAllFields()).isEmpty();
    }

    @Test
    void whatDoesNotFitIsNamedByItsPath() {
        String fit = "DubboSampler.arguments: the request does not fit test.shop.v1.Cart at ";
        assertThatThrownBy(() -> parse("{\"items\": [{\"sku\": \"A\"}, {\"quantity\": \"two\"}]}"))
                .hasMessage(fit + "items[1].quantity: expected a whole number (int32), was \"two\"");
        assertThatThrownBy(() -> parse("{\"bySku\": {\"A\": {\"price\": {\"cents\": 1.5}}}}"))
                .hasMessage(fit + "bySku[\"A\"].price.cents: expected a whole number (int64), was 1.5");
        assertThatThrownBy(() -> parse("{\"items\": [{\"skew\": \"A\"}]}"))
                .hasMessage(fit + "items[0].skew: no field 'skew' in test.shop.v1.Item (it has [sku, quantity,"
                        + " weightGrams, price])");
        assertThatThrownBy(() -> parse("{\"size\": \"HUGE\"}"))
                .hasMessage(fit + "size: 'HUGE' is not a value of test.shop.v1.Size (it has [SIZE_UNSPECIFIED, SMALL,"
                        + " LARGE])");
        assertThatThrownBy(() -> parse("{\"items\": {\"sku\": \"A\"}}"))
                .hasMessage(fit + "items: expected an array (a repeated field), was {\"sku\":\"A\"}");
        assertThatThrownBy(() -> parse("{\"items\": [{\"weightGrams\": -1}]}"))
                .hasMessage(fit + "items[0].weightGrams: -1 is out of range for uint32");
        assertThatThrownBy(() -> parse("{\"gift\": \"yes\"}"))
                .hasMessage(fit + "gift: expected true or false, was \"yes\"");
        assertThatThrownBy(() -> parse("{\"user\": {\"$payload\": \"big\"}}"))
                .hasMessageStartingWith(fit + "user: {\"$payload\": N} takes one whole number of bytes");
        // bytes: base64 (standard or URL-safe, padded or not), else named by its path, no library class in the text
        assertThatThrownBy(() -> parse("{\"token\": \"not base64 !\"}"))
                .hasMessage(fit + "token: expected base64 text (bytes), was \"not base64 !\", which is not base64");
        assertThatThrownBy(() -> parse("{\"token\": \"abcdefghijklm\"}"))
                .hasMessage(fit + "token: expected base64 text (bytes), was \"abcdefghijklm\", which is not base64");
        assertThat(parse("{\"token\": \"AAEC\"}")).isNotNull();
        assertThat(parse("{\"token\": \"_-8\"}")).isNotNull();
        assertThatThrownBy(() -> parse("[1]"))
                .hasMessage("DubboSampler.arguments: the request must be a JSON object (a test.shop.v1.Cart message),"
                        + " was [1]");
        assertThatThrownBy(() -> parse("{\"id\": 1,}"))
                .hasMessageStartingWith("DubboSampler.arguments: malformed JSON at offset");
    }

    @Test
    void whatOnlyJsonFormatKnowsIsStillOneLine() {
        // two fields of one oneof: only protobuf's parser knows
        assertThatThrownBy(() -> parse("{\"user\": \"ann\", \"guest\": 7}"))
                .hasMessageStartingWith("DubboSampler.arguments: the request does not fit test.shop.v1.Cart: ")
                .hasMessageContaining("oneof");
        assertThatThrownBy(() -> parse("{\"createdAt\": \"yesterday\"}"))
                .hasMessageStartingWith("DubboSampler.arguments: the request does not fit test.shop.v1.Cart: ")
                .hasMessageContaining("yesterday");
    }

    @Test
    void theBrowseTemplateIsARequestThatParses() {
        String template = JsonTemplate.of(CART);
        assertThat(template).contains("\"items\" : [ {", "\"sku\" : \"\"", "\"weightGrams\" : 0",
                "\"size\" : \"SIZE_UNSPECIFIED\"", "\"createdAt\" : \"1970-01-01T00:00:00Z\"", "\"ttl\" : \"0s\"",
                "\"bySku\" : {", "\"ratings\" : [ 0 ]", "\"gift\" : false", "\"parent\" : { }");
        assertThat(template).contains("\"user\"").doesNotContain("\"guest\""); // one field of the oneof
        DynamicMessage cart = parse(template);
        assertThat(cart.getRepeatedFieldCount(CART.findFieldByName("items"))).isEqualTo(1);
        assertThat(cart.hasField(CART.findFieldByName("created_at"))).isTrue();
    }
}
