package io.dubbostress.sampler.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dubbostress.api.Order;
import io.dubbostress.api.Payloads;
import io.dubbostress.api.StressTestService;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CallArgumentsTest {

    private final ValueConverter converter = new ValueConverter(getClass().getClassLoader());

    private CallArguments generic(String types, String json) {
        return CallArguments.parse(types, json, null, converter, "types", "arguments");
    }

    private static List<Method> methods(String name) {
        List<Method> found = new ArrayList<>();
        for (Method m : StressTestService.class.getMethods()) {
            if (m.getName().equals(name)) {
                found.add(m);
            }
        }
        return found;
    }

    @Test
    void scalarsConvertExactlyToTheirDeclaredTypes() {
        CallArguments args = generic("int, long, java.lang.Long, double, BigDecimal, BigInteger, boolean, char, short, byte",
                "[42, 9007199254740993, 7, 0.5, 12345678901234567890.123456789, 12345678901234567890, true, \"x\", 3, -4]");
        assertThat(args.typeNames()).containsExactly("int", "long", "java.lang.Long", "double", "java.math.BigDecimal",
                "java.math.BigInteger", "boolean", "char", "short", "byte");
        assertThat(args.values()).containsExactly(42, 9007199254740993L, 7L, 0.5,
                new BigDecimal("12345678901234567890.123456789"), new BigInteger("12345678901234567890"), true, 'x',
                (short) 3, (byte) -4);
    }

    @Test
    void timeArraysCollectionsAndPayloads() {
        CallArguments args = generic("LocalDate, LocalDateTime, int[], String[], List, Map, String",
                "[\"2024-01-31\", \"2024-01-31T12:00:00\", [1, 2], [\"a\"], [1, \"b\"], {\"k\": [1]}, {\"$payload\": 1024}]");
        Object[] v = args.values();
        assertThat(v[0]).isEqualTo(LocalDate.of(2024, 1, 31));
        assertThat(v[1]).isEqualTo(LocalDateTime.of(2024, 1, 31, 12, 0));
        assertThat((int[]) v[2]).containsExactly(1, 2);
        assertThat((String[]) v[3]).containsExactly("a");
        assertThat(v[4]).isEqualTo(List.of(1L, "b"));
        assertThat(v[5]).isEqualTo(Map.of("k", List.of(1L)));
        assertThat(v[6]).isSameAs(Payloads.ofSize(1024));
        assertThat(args.first()).isEqualTo(LocalDate.of(2024, 1, 31));
    }

    @Test
    void payloadBytesAreComputedOnce() {
        assertThat(generic("String", "[{\"$payload\": 102400}]").payloadBytes()).isEqualTo(102_400);
        assertThat(generic("String, long", "[\"\u00e9t\u00e9\", 1]").payloadBytes()).isEqualTo(5 + 8);
    }

    @Test
    void typedCallsBuildPojosFieldByFieldWithTheirGenericTypes() {
        CallArguments args = CallArguments.parse("", "[{\"id\": 9007199254740993, \"customer\": \"c\", \"total\": 1.10,"
                + " \"lines\": [{\"sku\": \"A\", \"quantity\": 2, \"unitPrice\": 19.99}],"
                + " \"createdAt\": \"2024-01-01T12:00:07\"}]", methods("echoOrder"), converter, "types", "arguments");
        Order order = (Order) args.values()[0];
        assertThat(order.getId()).isEqualTo(9007199254740993L);
        assertThat(order.getTotal()).isEqualTo(new BigDecimal("1.10"));
        assertThat(order.getLines()).hasSize(1);
        assertThat(order.getLines().get(0).getUnitPrice()).isEqualTo(new BigDecimal("19.99"));
        assertThat(order.getCreatedAt()).isEqualTo(LocalDateTime.of(2024, 1, 1, 12, 0, 7));
        assertThat(args.typeNames()).containsExactly("io.dubbostress.api.Order");
        assertThat(args.method().getName()).isEqualTo("echoOrder");
    }

    @Test
    void explicitTypesInsideUntypedPlaces() {
        Map<?, ?> map = (Map<?, ?>) generic("io.x.Pojo", "[{\"when\": {\"$type\": \"LocalDate\", \"value\": \"2024-02-29\"},"
                + " \"big\": {\"$type\": \"BigInteger\", \"value\": \"123\"}}]").values()[0];
        assertThat(map.get("when")).isEqualTo(LocalDate.of(2024, 2, 29));
        assertThat(map.get("big")).isEqualTo(BigInteger.valueOf(123));
    }

    @Test
    void badInputNamesTheFieldAndTheValue() {
        assertThatThrownBy(() -> generic("int", "[42.5]"))
                .hasMessage("arguments argument 1 (int): 42.5 is not a int (out of range or not whole)");
        assertThatThrownBy(() -> generic("int", "[3000000000]")).hasMessageContaining("out of range");
        assertThatThrownBy(() -> generic("String", "[1, 2]"))
                .hasMessageContaining("1 parameter type(s) [java.lang.String] in types but 2 argument value(s)");
        assertThatThrownBy(() -> generic("String", "{\"a\": 1}")).hasMessageContaining("must be a JSON array");
        assertThatThrownBy(() -> generic("String", "[abc]")).hasMessageStartingWith("arguments: malformed JSON at offset 1");
        assertThatThrownBy(() -> generic("java.lang.String x", "[\"a\"]")).hasMessageContaining("is not a Java type name");
        assertThatThrownBy(() -> generic("LocalDate", "[\"31.01.2024\"]")).hasMessageContaining("java.time.LocalDate (ISO-8601)");
        assertThatThrownBy(() -> generic("String", "[{\"$payload\": -1}]")).hasMessageContaining("needs N in 0..");
        assertThatThrownBy(() -> generic("Object", "[{\"$type\": \"com.example.Nope\", \"value\": 1}]"))
                .hasMessageContaining("unknown class 'com.example.Nope'");
        assertThatThrownBy(() -> CallArguments.parse("long", "[1]", methods("echo"), converter, "types", "arguments"))
                .hasMessageContaining("no method echo[long]").hasMessageContaining("echo(java.lang.String)");
        assertThatThrownBy(() -> CallArguments.parse("", "[{\"nope\": 1}]", methods("echoOrder"), converter, "types",
                "arguments")).hasMessageContaining("io.dubbostress.api.Order has no property 'nope'");
    }
}
