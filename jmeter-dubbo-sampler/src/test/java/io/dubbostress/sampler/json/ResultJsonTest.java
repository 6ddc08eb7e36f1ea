package io.dubbostress.sampler.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResultJsonTest {

    enum Colour { RED }

    static final class Line {
        final String sku = "A";
        final BigDecimal price = new BigDecimal("1.50");
        transient int ignored = 3;
    }

    static final class Order {
        final Colour colour = Colour.RED;
        final List<Line> lines = Arrays.asList(new Line());
        final LocalDateTime at = LocalDateTime.of(2024, 1, 1, 13, 0);
        final int[] counts = {1, 4, 9};
        final Object nothing = null;
    }

    @Test
    void writesArraysPojosMapsAndJdkValuesAsJson() {
        assertThat(ResultJson.write(new int[] {1, 4, 9})).isEqualTo("[1,4,9]");
        assertThat(ResultJson.write(new String[] {"a", "b"})).isEqualTo("[\"a\",\"b\"]");
        assertThat(ResultJson.write(new Order())).isEqualTo("{\"colour\":\"RED\",\"lines\":[{\"sku\":\"A\","
                + "\"price\":1.50}],\"at\":\"2024-01-01T13:00\",\"counts\":[1,4,9],\"nothing\":null}");
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("n", 7L);
        map.put("d", 0.5d);
        map.put("self", map);
        assertThat(ResultJson.write(map)).isEqualTo("{\"n\":7,\"d\":0.5,\"self\":\"java.util.LinkedHashMap (cycle or"
                + " too deep)\"}");
    }

    @Test
    void payloadBytesCountLikeTheArguments() {
        assertThat(ResultJson.payloadBytes(null)).isZero();
        assertThat(ResultJson.payloadBytes(new int[] {1, 2})).isEqualTo(16);
        assertThat(ResultJson.payloadBytes(Arrays.asList("ab", "é"))).isEqualTo(4);
        assertThat(ResultJson.payloadBytes(new Line())).isEqualTo("sku".length() + 1 + "price".length() + 4);
    }

    /** A POJO answer as a provider sends it to a generic call: Dubbo's own PojoUtils.generalize, maps with "class". */
    @Test
    void theSamePojoAnswerCountsTheSameTypedAndGeneric() {
        io.dubbostress.api.Order order = new io.dubbostress.api.Order();
        order.setId(7);
        order.setCustomer("ann");
        order.setTotal(new BigDecimal("3.00"));
        order.setLines(Arrays.asList(new io.dubbostress.api.OrderLine("A", 2, new BigDecimal("1.50"))));
        order.setCreatedAt(LocalDateTime.of(2024, 1, 1, 13, 0));
        Object generic = org.apache.dubbo.common.utils.PojoUtils.generalize(order);
        assertThat(generic).isInstanceOf(Map.class).extracting(g -> ((Map<?, ?>) g).get("class"))
                .isEqualTo(io.dubbostress.api.Order.class.getName());
        assertThat(ResultJson.payloadBytes(generic)).isEqualTo(ResultJson.payloadBytes(order));
    }
}
