package io.dubbostress.sampler.it;

import io.dubbostress.sampler.value.CallArguments;
import io.dubbostress.sampler.value.CallAttachments;
import io.dubbostress.sampler.runtime.DubboReference;
import io.dubbostress.sampler.failure.Failure;
import io.dubbostress.sampler.runtime.ReferenceCache;
import io.dubbostress.sampler.runtime.ReferenceKey;
import io.dubbostress.sampler.value.ValueConverter;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * Run in a JVM started WITHOUT any --add-opens (by {@link FlagFreeIT}): makes calls of each argument type through
 * the sampler's own call path and prints one line per call: {@code RESULT<TAB>label<TAB>OK|code<TAB>message}.
 */
public final class FlagFreeProbe {

    private FlagFreeProbe() {
    }

    public static void main(String[] args) {
        String address = args[0];
        String service = "io.dubbostress.api.StressTestService";
        // label, typed?, method, types, arguments
        String[][] calls = {
            {"generic String", "n", "echo", "String", "[{\"$payload\": 1024}]"},
            {"typed String", "y", "echo", "String", "[{\"$payload\": 1024}]"},
            {"typed Order", "y", "echoOrder", "", "[{\"id\": 1, \"customer\": \"c\", \"total\": 19.99,"
                + " \"lines\": [{\"sku\": \"A\", \"quantity\": 1, \"unitPrice\": 1.5}],"
                + " \"createdAt\": \"2024-01-01T12:00:00\"}]"},
            {"generic Order map", "n", "echoOrder", "io.dubbostress.api.Order", "[{\"id\": 1, \"customer\": \"c\","
                + " \"total\": 19.99, \"lines\": [{\"sku\": \"A\", \"quantity\": 1, \"unitPrice\": 1.5}]}]"},
            {"int", "n", "echo", "int", "[42]"},
            {"long", "n", "echo", "long", "[9007199254740993]"},
            {"double", "n", "echo", "double", "[0.5]"},
            {"boolean", "n", "echo", "boolean", "[true]"},
            {"char", "n", "echo", "char", "[\"x\"]"},
            {"BigDecimal", "n", "echo", "BigDecimal", "[12345678901234567890.123]"},
            {"BigInteger", "n", "echo", "BigInteger", "[12345678901234567890]"},
            {"LocalDate", "n", "echo", "LocalDate", "[\"2024-01-31\"]"},
            {"LocalDateTime", "n", "echo", "LocalDateTime", "[\"2024-01-31T12:00:00\"]"},
            {"Instant", "n", "echo", "Instant", "[\"2024-01-31T12:00:00Z\"]"},
            {"Duration", "n", "echo", "Duration", "[\"PT5S\"]"},
            {"java.util.Date", "n", "echo", "java.util.Date", "[1706702400000]"},
            {"int[]", "n", "echo", "int[]", "[[1, 2, 3]]"},
            {"String[]", "n", "echo", "String[]", "[[\"a\", \"b\"]]"},
            {"List", "n", "echo", "List", "[[1, \"a\", 2.5]]"},
            {"Set", "n", "echo", "Set", "[[1, 2]]"},
            {"Map", "n", "echo", "Map", "[{\"a\": 1, \"b\": [1, 2]}]"},
        };
        ClassLoader loader = FlagFreeProbe.class.getClassLoader();
        for (String[] call : calls) {
            boolean typed = "y".equals(call[1]);
            String outcome;
            try {
                ReferenceKey key = new ReferenceKey(address, "", "", service, "", "", 10_000, 0, 0, "random",
                        "failover", "hessian2", typed);
                List<Method> methods = null;
                if (typed) {
                    methods = new ArrayList<>();
                    for (Method m : Class.forName(service).getMethods()) {
                        if (m.getName().equals(call[2])) {
                            methods.add(m);
                        }
                    }
                }
                CallArguments arguments = CallArguments.parse(call[3], call[4], methods, new ValueConverter(loader),
                        "types", "arguments");
                DubboReference reference = ReferenceCache.shared().obtain(key, loader, "address", "interface");
                try {
                    reference.invoke(call[2], arguments, CallAttachments.none());
                    outcome = "OK\t";
                } catch (Throwable t) {
                    Failure f = typed && !(t instanceof org.apache.dubbo.rpc.RpcException) ? Failure.biz(t) : Failure.of(t);
                    outcome = f.code() + "\t" + f.message();
                    if ("JVM_ARGS".equals(f.code())) {
                        t.printStackTrace(System.out); // the log shows where
                    }
                }
            } catch (Throwable t) {
                Failure f = Failure.of(t);
                outcome = f.code() + "\t" + f.message();
                if ("JVM_ARGS".equals(f.code())) {
                    t.printStackTrace(System.out);
                }
            }
            System.out.println("RESULT\t" + call[0] + "\t" + outcome);
        }
        ReferenceCache.shared().destroyAll();
        System.out.println("PROBE DONE");
        System.exit(0);
    }
}
