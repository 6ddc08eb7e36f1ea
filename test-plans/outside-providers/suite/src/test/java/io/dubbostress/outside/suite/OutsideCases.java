package io.dubbostress.outside.suite;

import java.util.ArrayList;
import java.util.List;

/** The cases each provider version gets, labelled {@code "<version> <case>"}, with what each sample must be. */
final class OutsideCases {

    static final String SHOP = OutsideProvidersIT.SHOP;
    static final String USERS = OutsideProvidersIT.USERS;

    private OutsideCases() {
    }

    /**
     * The cases of one provider at one address ({@code dubbo://} or {@code tri://}), labelled {@code "<label> <case>"},
     * as the sampler jar of Dubbo {@code line} ("2.7" or "3.3") sees them.
     */
    static List<Case> of(String label, String version, String line, String address) {
        String p = label + " ";
        String port = address.substring(address.lastIndexOf(':') + 1);
        boolean tri = address.startsWith("tri://");
        String order = "{\"id\": \"o-1\", \"colour\": \"BLUE\", \"lines\": [{\"sku\": \"A\", \"quantity\": 2,"
                + " \"unitPrice\": 1.50}], \"total\": 0, \"createdAt\": \"2024-01-01T12:00:00\"}";
        List<Case> cases = new ArrayList<>();
        // typed: as production clients call, with the contract jar on JMeter's class path
        Case hello = Case.typed(p + "hello", address, SHOP, "hello").args("[\"ann\"]").ok("hello ann from plain");
        cases.add(hello);
        cases.add(hello.copy(p + "hello (no data)").set("responseDataChars", "0").ok(null));
        cases.add(Case.typed(p + "add int", address, SHOP, "add").types("int, int").args("[1, 2]").ok("3"));
        cases.add(Case.typed(p + "add long", address, SHOP, "add").types("long, long").args("[1, 2]")
                .ok("1000000000003"));
        cases.add(Case.typed(p + "add String", address, SHOP, "add").types("String, String").args("[\"a\", \"b\"]")
                .ok("ab"));
        cases.add(Case.typed(p + "total", address, SHOP, "total").args("[\"1.10\", 3]").ok("3.30"));
        cases.add(Case.typed(p + "shift", address, SHOP, "shift").args("[\"2024-01-01T12:00:00\", \"PT90M\"]")
                .ok("\"2024-01-01T13:30\""));
        cases.add(Case.typed(p + "next", address, SHOP, "next").args("[\"RED\"]").ok("\"GREEN\""));
        Case place = Case.typed(p + "place", address, SHOP, "place").args("[" + order + "]")
                .ok("{\"id\":\"o-1-placed\",\"colour\":\"BLUE\",\"lines\":[{\"sku\":\"A\",\"quantity\":2,"
                        + "\"unitPrice\":1.50}],\"total\":3.00,\"createdAt\":\"2024-01-01T13:00\"}");
        cases.add(place);
        cases.add(place.copy(p + "place (no data)").set("responseDataChars", "0").ok(null));
        cases.add(Case.typed(p + "describe", address, SHOP, "describe").args("[\"A\"]")
                .ok("{\"sku\":\"A\",\"stock\":7,\"price\":19.90,\"tags\":[\"a\",\"b\"]}"));
        Case squares = Case.typed(p + "squares", address, SHOP, "squares").args("[3]").ok("[1,4,9]");
        cases.add(squares);
        cases.add(squares.copy(p + "squares (no data)").set("responseDataChars", "0").ok(null));
        cases.add(Case.typed(p + "names", address, SHOP, "names").args("[2]").ok("[\"n1\",\"n2\"]"));
        cases.add(Case.typed(p + "immutable list", address, SHOP, "immutableList").args("[2]")
                .ok("[\"i1\",\"i2\"]"));
        // Map.of: Dubbo 2.7's hessian2 sends its serialization proxy without the elements, and Dubbo 3.2 refuses
        // to send it; never a success with a wrong value
        Case immutableMap = Case.typed(p + "immutable map", address, SHOP, "immutableMap").args("[\"k\", 1]");
        if (version.startsWith("2.")) {
            immutableMap.fails("SERIALIZATION", "the provider's hessian2 sent a JDK immutable collection .*");
        } else if (version.startsWith("3.2") && tri) {
            immutableMap.fails("PROVIDER_ERROR", "provider: triple INTERNAL: Serialize response failed");
        } else if (version.startsWith("3.2")) {
            immutableMap.fails("PROVIDER_ERROR", "provider: Failed to send response: .*CollSer is not in allow list.*");
        } else {
            immutableMap.okContaining("\"k\":1", "\"other\":2");
        }
        cases.add(immutableMap);
        Case listOf = Case.typed(p + "List.of", address, SHOP, "listOf").args("[\"a\", \"b\"]");
        if (version.startsWith("2.")) {
            listOf.fails("SERIALIZATION", "the provider's hessian2 sent a JDK immutable collection .*");
        } else if (version.startsWith("3.2") && tri) {
            listOf.fails("PROVIDER_ERROR", "provider: triple INTERNAL: Serialize response failed");
        } else if (version.startsWith("3.2")) {
            listOf.fails("PROVIDER_ERROR", "provider: Failed to send response: .*CollSer is not in allow list.*");
        } else {
            listOf.ok("[\"a\",\"b\"]");
        }
        cases.add(listOf);
        cases.add(Case.typed(p + "null", address, SHOP, "nothing").ok(""));
        cases.add(Case.typed(p + "void", address, SHOP, "touch").args("[\"A\"]").ok(""));
        cases.add(Case.typed(p + "checked", address, SHOP, "reserve").args("[\"A\", 9]").fails("BIZ",
                "io\\.dubbostress\\.outside\\.api\\.OutOfStockException: only 5 of A left, 9 asked"));
        cases.add(Case.typed(p + "unchecked", address, SHOP, "broken").args("[\"x\"]").fails("BIZ",
                "java\\.lang\\.IllegalStateException: broken: x"));
        cases.add(Case.typed(p + "future late", address, SHOP, "later").args("[\"v\", 1500]")
                .ok("v after 1500 ms").atLeast(1500));
        cases.add(Case.typed(p + "future timeout", address, SHOP, "later").args("[\"v\", 3000]")
                .set("timeout", "1000").fails("TIMEOUT", ".*1000 ?ms.*").atLeast(1000));
        cases.add(Case.typed(p + "future fails", address, SHOP, "failLater").args("[\"r\", 500]").fails("BIZ",
                "java\\.lang\\.IllegalArgumentException: failed later: r").atLeast(500));
        cases.add(Case.typed(p + "sync timeout", address, SHOP, "slow").args("[3000]").set("timeout", "1000")
                .fails("TIMEOUT", ".*1000 ?ms.*").atLeast(1000));
        cases.add(Case.typed(p + "version and group", address, SHOP, "hello").args("[\"ann\"]")
                .set("version", "2.0.0").set("group", "gold").ok("hello ann from gold-2.0.0"));
        cases.add(Case.typed(p + "type variable", address, USERS, "get").args("[{\"id\": 7, \"tenant\": \"t\"}]")
                .ok("{\"id\":7,\"name\":\"user-7@t\",\"since\":\"2024-01-31\",\"roles\":[\"reader\",\"writer\"]}"));

        // generic: no contract jar needed
        cases.add(Case.generic(p + "g hello", address, SHOP, "hello").types("String").args("[\"ann\"]")
                .ok("hello ann from plain"));
        cases.add(Case.generic(p + "g checked", address, SHOP, "reserve").types("String, int").args("[\"A\", 9]")
                .fails("BIZ", "io\\.dubbostress\\.outside\\.api\\.OutOfStockException: only 5 of A left, 9 asked"));
        cases.add(Case.generic(p + "g unchecked", address, SHOP, "broken").types("String").args("[\"x\"]")
                .fails("BIZ", "java\\.lang\\.IllegalStateException: broken: x"));
        cases.add(Case.generic(p + "g squares", address, SHOP, "squares").types("int").args("[3]").ok("[1,4,9]"));
        cases.add(Case.generic(p + "g place", address, SHOP, "place").types("io.dubbostress.outside.api.Order")
                .args("[" + order + "]").okContaining("\"id\":\"o-1-placed\"", "\"sku\":\"A\""));
        // generic calls name the erased type, as Dubbo matches methods: V get(P) is get(java.lang.Object)
        cases.add(Case.generic(p + "g type variable", address, USERS, "get").types("java.lang.Object")
                .args("[{\"class\": \"io.dubbostress.outside.api.UserQuery\", \"id\": 7, \"tenant\": \"t\"}]")
                .okContaining("\"name\":\"user-7@t\""));
        cases.add(Case.generic(p + "g future late", address, SHOP, "later").types("String, int")
                .args("[\"v\", 1500]").ok("v after 1500 ms").atLeast(1500));
        Case wrongVersion = Case.generic(p + "wrong version", address, SHOP, "hello").types("String")
                .args("[\"ann\"]").set("version", "9.9.9");
        Case wrongInterface = Case.generic(p + "wrong interface", address, "io.dubbostress.outside.api.NoSuchService",
                "hello").types("String").args("[\"ann\"]");
        Case token = Case.generic(p + "token", address, SHOP, "hello").types("String").args("[\"ann\"]")
                .set("group", "secure");
        if (tri) {
            // a Dubbo 3.3 triple provider serves a version it does not export from the service without one
            // (its routing by path falls back to the interface): the provider's behaviour, not a sampler's choice
            wrongVersion.ok("hello ann from plain");
            wrongInterface.fails("NO_PROVIDER", "the provider does not export io\\.dubbostress\\.outside\\.api"
                    + "\\.NoSuchService over triple \\(UNIMPLEMENTED: .*\\): check the interface, version and group");
            if (version.startsWith("3.2")) {
                // a Dubbo 3.2.16 triple provider never answers a call with a wrong token: it times out. Two timers of
                // Dubbo's run out together, the calling thread's wait (an RpcException: "no answer within") and the
                // triple call's deadline (a gRPC status), and either may be first on a busy machine (seen with the
                // jar of main too): both are the timeout, named in the message
                token.set("timeout", "1000").fails("TIMEOUT", "(no answer within 1000 ms: .*|triple DEADLINE_EXCEEDED: "
                        + ".*timeout: 1000 ms.*)").atLeast(1000);
            } else {
                token.fails("FORBIDDEN", "the provider refused the call: .*incorrect token.*");
            }
        } else {
            wrongVersion.fails("NO_PROVIDER", "the provider 127\\.0\\.0\\.1:" + port
                    + " (does not export|could not decode the request for) .*ShopService:9\\.9\\.9.*");
            wrongInterface.fails("NO_PROVIDER", "the provider 127\\.0\\.0\\.1:" + port
                    + " (does not export|could not decode the request for) .*NoSuchService.*");
            token.fails("FORBIDDEN", "the provider refused the call: Invalid token!.*");
        }
        cases.add(wrongVersion);
        cases.add(wrongInterface);
        cases.add(Case.generic(p + "no such method", address, SHOP, "nosuch").types("String").args("[\"ann\"]")
                .fails("PROVIDER_ERROR", "the provider has no method (io\\.dubbostress\\.outside\\.api\\.ShopService\\.)?"
                        + "nosuch\\(java\\.lang\\.String\\).*"));
        cases.add(token);
        return cases;
    }

    /** Calls through the ZooKeeper registry the 2.7.23 provider registered with (its token travels in its URL). */
    static List<Case> throughRegistry(String registry, String line) {
        String clientVersion = "3.3".equals(line) ? "3\\.3\\.5" : "2\\.7\\.23";
        List<Case> cases = new ArrayList<>();
        cases.add(Case.typed("registry hello", registry, SHOP, "hello").args("[\"ann\"]").ok("hello ann from plain"));
        cases.add(Case.generic("registry g hello", registry, SHOP, "hello").types("String").args("[\"ann\"]")
                .ok("hello ann from plain"));
        cases.add(Case.generic("registry token", registry, SHOP, "hello").types("String").args("[\"ann\"]")
                .set("group", "secure").ok("hello ann from secure"));
        cases.add(Case.generic("registry wrong version", registry, SHOP, "hello").types("String").args("[\"ann\"]")
                .set("version", "9.9.9").fails("NO_PROVIDER", ".*No provider available.*"
                        // Dubbo's own version, not the sampler jar's (its package's manifest section)
                        + "dubbo version " + clientVersion + ".*"));
        return cases;
    }

    /**
     * Calls through the ZooKeeper the 3.3.5 provider registered with application-level only (Dubbo 3's service
     * discovery: instances under /services, the interface-to-application mapping, the provider's metadata): found
     * with Dubbo 3's default discovery and with {@code registry-type=service}. {@code List.of} succeeds only from a
     * Dubbo 3.3 provider (2.7.23's hessian2 cannot send it), so a success proves which provider answered.
     */
    static List<Case> applicationLevel(String registry) {
        List<Case> cases = new ArrayList<>();
        // Dubbo 3 finds an interface's applications in a metadata centre, or in the reference's provided-by
        String providedBy = registry + "?provided-by=outside-provider";
        String serviceDiscovery = registry + "?registry-type=service&provided-by=outside-provider";
        cases.add(Case.typed("app-level hello", providedBy, SHOP, "hello").args("[\"ann\"]").ok("hello ann from plain"));
        cases.add(Case.generic("app-level g hello", providedBy, SHOP, "hello").types("String").args("[\"ann\"]")
                .ok("hello ann from plain"));
        cases.add(Case.typed("app-level List.of", providedBy, SHOP, "listOf").args("[\"a\", \"b\"]")
                .ok("[\"a\",\"b\"]"));
        cases.add(Case.generic("app-level version and group", providedBy, SHOP, "hello").types("String")
                .args("[\"ann\"]").set("version", "2.0.0").set("group", "gold").ok("hello ann from gold-2.0.0"));
        cases.add(Case.typed("app-level service-discovery hello", serviceDiscovery, SHOP, "hello").args("[\"ann\"]")
                .ok("hello ann from plain"));
        cases.add(Case.generic("app-level service-discovery g users", serviceDiscovery, USERS, "get")
                .types("java.lang.Object")
                .args("[{\"class\": \"io.dubbostress.outside.api.UserQuery\", \"id\": 7, \"tenant\": \"t\"}]")
                .okContaining("\"name\":\"user-7@t\""));
        return cases;
    }
}
