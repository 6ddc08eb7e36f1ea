package io.dubbostress.outside.suite;

import io.dubbostress.testsupport.SecretScan;
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
        boolean dubbo26 = version.startsWith("2.6");
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
        Case futureLate = Case.typed(p + "future late", address, SHOP, "later").args("[\"v\", 1500]");
        Case futureTimeout = Case.typed(p + "future timeout", address, SHOP, "later").args("[\"v\", 3000]")
                .set("timeout", "1000");
        Case futureFails = Case.typed(p + "future fails", address, SHOP, "failLater").args("[\"r\", 500]");
        if (dubbo26) {
            // no asynchronous service methods before Dubbo 2.7.0: the provider sends the future object itself
            futureLate.fails("PROVIDER_ERROR", NOT_AWAITED);
            futureTimeout.fails("PROVIDER_ERROR", NOT_AWAITED);
            futureFails.fails("PROVIDER_ERROR", NOT_AWAITED);
        } else {
            futureLate.ok("v after 1500 ms").atLeast(1500);
            futureTimeout.fails("TIMEOUT", ".*1000 ?ms.*").atLeast(1000);
            futureFails.fails("BIZ", "java\\.lang\\.IllegalArgumentException: failed later: r").atLeast(500);
        }
        cases.add(futureLate);
        cases.add(futureTimeout);
        cases.add(futureFails);
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
        Case gPlace = Case.generic(p + "g place", address, SHOP, "place").types("io.dubbostress.outside.api.Order")
                .args("[" + order + "]");
        // generic calls name the erased type, as Dubbo matches methods: V get(P) is get(java.lang.Object)
        Case gTypeVariable = Case.generic(p + "g type variable", address, USERS, "get").types("java.lang.Object")
                .args("[{\"class\": \"io.dubbostress.outside.api.UserQuery\", \"id\": 7, \"tenant\": \"t\"}]");
        Case gFutureLate = Case.generic(p + "g future late", address, SHOP, "later").types("String, int")
                .args("[\"v\", 1500]");
        if (dubbo26) {
            // OrderLine(String, int, BigDecimal) and UserQuery(long, String): Dubbo 2.6 builds them with nulls
            gPlace.fails("PROVIDER_ERROR", POJO_ARGUMENT_2_6);
            gTypeVariable.fails("PROVIDER_ERROR", POJO_ARGUMENT_2_6);
            // its generic answer would be the future's bean properties: never a success
            gFutureLate.fails("PROVIDER_ERROR", NOT_AWAITED);
        } else {
            gPlace.okContaining("\"id\":\"o-1-placed\"", "\"sku\":\"A\"");
            gTypeVariable.okContaining("\"name\":\"user-7@t\"");
            gFutureLate.ok("v after 1500 ms").atLeast(1500);
        }
        cases.add(gPlace);
        cases.add(gTypeVariable);
        cases.add(gFutureLate);
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
        Case attachments = Case.typed(p + "attachments", address, SHOP, "attachments")
                .args("[\"" + ATTACHMENT_NAMES + "\"]").set("attachments", ATTACHMENTS);
        Case gAttachments = Case.generic(p + "g attachments", address, SHOP, "attachments").types("String")
                .args("[\"" + ATTACHMENT_NAMES + "\"]").set("attachments", ATTACHMENTS);
        if (tri) {
            // triple's attachments are HTTP/2 headers: the sampler refuses what Dubbo would drop, and the scalars
            // arrive as their text
            attachments.fails("CONFIG", java.util.regex.Pattern.quote("DubboSampler.attachments: 'list' is a"
                    + " java.util.ArrayList, which the triple protocol cannot carry (its attachments are HTTP/2"
                    + " headers: strings, numbers, booleans and dates, sent as text; Dubbo drops anything else):"
                    + " send it as a string"));
            gAttachments.set("attachments", SCALAR_ATTACHMENTS).args("[\"s,n,d,b,i\"]")
                    .ok("s=java.lang.String \"x\" getAttachment=\"x\"; n=java.lang.String \"42\" getAttachment=\"42\";"
                            + " d=java.lang.String \"1.50\" getAttachment=\"1.50\"; b=java.lang.String \"true\""
                            + " getAttachment=\"true\"; i=java.lang.String \"7\" getAttachment=\"7\"");
        } else {
            attachments.ok(attachmentsSeen(version));
            gAttachments.ok(attachmentsSeen(version));
        }
        cases.add(attachments);
        cases.add(gAttachments);
        cases.addAll(attachmentsPerCall(p, version, line, address, tri));
        // the service's group and version written in a direct address, as Dubbo's URLs write them
        cases.add(Case.typed(p + "version and group in the address", address + "?group=gold&version=2.0.0", SHOP,
                "hello").args("[\"ann\"]").ok("hello ann from gold-2.0.0"));
        // a call that works answers at once; the cases' 5 s were not enough on the loaded 2-core machine (load 30-40:
        // the first triple calls, and later ones, waited 5 s for an answer while 16 thread groups started together),
        // so what is not a timeout case of its own waits as long as the IDL cases do
        for (Case c : cases) {
            if ("5000".equals(c.fields.get("DubboSampler.timeout"))) {
                c.set("timeout", "30000");
            }
        }
        return cases;
    }

    /**
     * Issue 41: each call carries exactly its own sampler's attachments, typed and generic, whatever the calls before
     * it carried or how they failed: after the full set above, a call with none, then one with another value; a
     * BigInteger (which hessian2 writes and reads by reflection: the JVM that cannot, fails), then a call with none.
     * Every call asks for every name any of them sends.
     */
    private static List<Case> attachmentsPerCall(String p, String version, String line, String address,
            boolean tri) {
        String names = tri ? "s,n,d,b,i,big" : ATTACHMENT_NAMES + ",big";
        String allAbsent = absent(names.split(","));
        List<Case> cases = new ArrayList<>();
        cases.add(Case.typed(p + "attachments none after", address, SHOP, "attachments").args("[\"" + names + "\"]")
                .ok(allAbsent));
        cases.add(Case.generic(p + "g attachments one after", address, SHOP, "attachments").types("String")
                .args("[\"" + names + "\"]").set("attachments", "{\"s\": \"y\"}")
                .ok("s=java.lang.String \"y\" getAttachment=\"y\"; " + absent(names.substring(2).split(","))));
        Case big = Case.typed(p + "attachment BigInteger", address, SHOP, "attachments").args("[\"big\"]")
                .set("attachments", "{\"big\": {\"$type\": \"java.math.BigInteger\", \"value\": 5}}");
        if (tri) {
            big.ok("big=java.lang.String \"5\" getAttachment=\"5\""); // a number: its text, as triple sends them
        } else {
            big.ok("big=java.math.BigInteger 5 getAttachment=" + (version.startsWith("2.6") ? "ClassCastException"
                    : "null")).okOr(BIG_REFUSED);
        }
        cases.add(big);
        cases.add(Case.typed(p + "attachments none after BigInteger", address, SHOP, "attachments")
                .args("[\"" + names + "\"]").ok(allAbsent));
        cases.add(Case.generic(p + "g attachments none after BigInteger", address, SHOP, "attachments")
                .types("String").args("[\"" + names + "\"]").ok(allAbsent));
        return cases;
    }

    /** What {@code attachments} answers when none of {@code names} was sent. */
    static String absent(String... names) {
        StringBuilder out = new StringBuilder();
        for (String name : names) {
            out.append(out.length() == 0 ? "" : "; ").append(name).append(" absent");
        }
        return out.toString();
    }

    /**
     * How a BigInteger attachment may fail, and nothing else: this JMeter cannot write it (java.math not open: no JVM
     * flags, 2.7 jar), or the provider cannot read it (Dubbo 2.7.23 on Java 17 without java.math open: the suite runs
     * it so), each said as such.
     */
    static final java.util.regex.Pattern BIG_REFUSED = java.util.regex.Pattern.compile("(JVM_ARGS: "
            + java.util.regex.Pattern.quote("this JVM blocks what Dubbo needs on Java 9+: restart JMeter with"
            + " JVM_ARGS=\"--add-opens java.base/java.math=ALL-UNNAMED\"") + ".*|SERIALIZATION: the provider 127\\.0\\.0"
            + "\\.1:\\d+ could not decode the request: its hessian2 cannot set java\\.math\\.BigInteger\\.\\w+"
            + " \\(HessianFieldException\\), which a provider on Java 9\\+ does only with --add-opens"
            + " java\\.base/java\\.math=ALL-UNNAMED in its JVM.*)", java.util.regex.Pattern.DOTALL);

    /**
     * Issue 41: a call to the wrong protocol's port (tri:// to a dubbo port, dubbo:// to a triple port) says which
     * protocol the port speaks; {@code dubbo} and {@code tri} are one provider's two ports.
     */
    static List<Case> wrongProtocol(String line, String dubbo, String tri) {
        List<Case> cases = new ArrayList<>();
        String triPort = tri.substring(tri.lastIndexOf(':') + 1);
        String dubboPort = dubbo.substring(dubbo.lastIndexOf(':') + 1);
        cases.add(Case.generic("protocol dubbo to a triple port", "dubbo://127.0.0.1:" + triPort, SHOP, "hello")
                .types("String").args("[\"ann\"]").set("timeout", "1000").fails("CONFIG", java.util.regex.Pattern.quote(
                        "DubboSampler.address: 'dubbo://127.0.0.1:" + triPort + "' is an HTTP port (a triple port of"
                        + " Dubbo 3, or a web server), not the dubbo protocol (it answered HTTP/2's connection"
                        + " preface): call the provider's dubbo port, or call it as tri://127.0.0.1:" + triPort) + ".*"));
        if ("3.3".equals(line)) {
            cases.add(Case.generic("protocol tri to a dubbo port", "tri://127.0.0.1:" + dubboPort, SHOP, "hello")
                    .types("String").args("[\"ann\"]").set("timeout", "1000").fails("CONFIG",
                            java.util.regex.Pattern.quote("DubboSampler.address: 'tri://127.0.0.1:" + dubboPort
                                    + "' is a port of the dubbo protocol, not triple (it answered a dubbo heartbeat):"
                                    + " call it as dubbo://127.0.0.1:" + dubboPort + ", or the provider's triple port")
                                    + ".*"));
        }
        return cases;
    }

    /**
     * Issue 41: an address where nothing listens is a NETWORK failure every time (Dubbo 3 said NO_PROVIDER from its
     * second call on, once the connection waited for its reconnect).
     */
    static List<Case> deadAddress(String line, int closedPort) {
        List<Case> cases = new ArrayList<>();
        List<String> addresses = new ArrayList<>(java.util.Arrays.asList("dubbo://127.0.0.1:" + closedPort));
        if ("3.3".equals(line)) {
            addresses.add("tri://127.0.0.1:" + closedPort);
        }
        for (String address : addresses) {
            String scheme = address.substring(0, address.indexOf(':'));
            for (int i = 1; i <= 3; i++) {
                cases.add(Case.generic("dead " + scheme + " " + i, address, SHOP, "hello").types("String")
                        .args("[\"ann\"]").set("timeout", "1000").fails("NETWORK", ".*(Connection refused|no connection"
                                + " to 127\\.0\\.0\\.1:" + closedPort + "|UNAVAILABLE).*"));
            }
        }
        return cases;
    }

    /**
     * Issue 41, the hop: the reference consumer (stress-consumer, Dubbo 2.7.23) takes the sampler's attachments from
     * the request's Dubbo-Attachments header and sets them on its call to the provider, as strings; the provider
     * prints what it received ({@code AttachmentEcho}), checked by {@link OutsideProvidersIT} in this order. A value
     * that is not text is refused by the sampler and never sent.
     */
    static List<Case> hop(String consumer) {
        String url = consumer + "/stressTest/string1k";
        List<Case> cases = new ArrayList<>();
        cases.add(hopCase("hop k=v", url).set("attachments", "{\"k\": \"v\"}"));
        cases.add(hopCase("hop none", url));
        cases.add(hopCase("hop j=w n=7", url).set("attachments", "{\"j\": \"w x\", \"n\": 7}"));
        cases.add(hopCase("hop list", url).set("attachments", "{\"list\": [1]}").fails("CONFIG",
                java.util.regex.Pattern.quote("DubboSampler.attachments: 'list' is a java.util.ArrayList, which the"
                        + " consumer hop cannot carry") + ".*"));
        cases.add(hopCase("hop none again", url));
        return cases;
    }

    /** What the provider received from the consumer for {@link #hop}'s calls that were sent, in order. */
    static final List<String> HOP_RECEIVED = java.util.Arrays.asList("k=java.lang.String \"v\"", "",
            "j=java.lang.String \"w x\"; n=java.lang.String \"7\"", "");
    /** The names {@link #hop}'s samplers send. */
    static final List<String> HOP_NAMES = java.util.Arrays.asList("j", "k", "list", "n");

    private static Case hopCase(String label, String url) {
        return Case.generic(label, url, SHOP, "hello").set("responseCheck", "echo")
                .ok("{\"ok\":true,\"size\":1024}");
    }

    /** A method returning CompletableFuture on a provider that does not wait for futures (2.6). */
    static final String NOT_AWAITED = java.util.regex.Pattern.quote("the provider sent the CompletableFuture object"
            + " instead of its value: a provider on Dubbo 2.6 or older cannot serve a method returning"
            + " CompletableFuture (Dubbo 2.7.0+ waits for the future and sends its value)");
    /** A generic POJO argument whose smallest constructor takes a primitive, on a 2.6 provider. */
    static final String POJO_ARGUMENT_2_6 = java.util.regex.Pattern.quote("the provider could not build a POJO"
            + " argument of the generic call (java.lang.IllegalArgumentException in its PojoUtils.newInstance: Dubbo"
            + " 2.6 passes null to every constructor parameter, which a primitive int, long, ... refuses): call it"
            + " typed, or use a class with a no-argument constructor");

    /** Attachments of every JSON type, and two with an explicit {@code $type}. */
    static final String ATTACHMENTS = "{\"s\": \"x\", \"n\": 42, \"d\": 1.50, \"b\": true, \"list\": [1, \"a\"],"
            + " \"map\": {\"k\": 1}, \"day\": {\"$type\": \"java.time.LocalDate\", \"value\": \"2024-01-31\"},"
            + " \"i\": {\"$type\": \"int\", \"value\": 7}, \"none\": null}";
    static final String ATTACHMENT_NAMES = "s,n,d,b,list,map,day,i,none";
    /** Those the triple protocol carries. */
    static final String SCALAR_ATTACHMENTS = "{\"s\": \"x\", \"n\": 42, \"d\": 1.50, \"b\": true,"
            + " \"i\": {\"$type\": \"int\", \"value\": 7}}";

    /** What {@code ShopService.attachments} answers for {@link #ATTACHMENTS} over the dubbo protocol, by version. */
    static String attachmentsSeen(String version) {
        // every value arrives with its type; the String accessor of a 2.6 provider casts (and throws), of 2.7.5+ and
        // 3.x providers answers null for a value that is not a String
        String asString = version.startsWith("2.6") ? "ClassCastException" : "null";
        return "s=java.lang.String \"x\" getAttachment=\"x\"; n=java.lang.Long 42 getAttachment=" + asString
                + "; d=java.math.BigDecimal 1.50 getAttachment=" + asString + "; b=java.lang.Boolean true getAttachment="
                + asString + "; list=java.util.ArrayList [java.lang.Long 1, java.lang.String \"a\"] getAttachment="
                + asString + "; map=java.util.LinkedHashMap {k=java.lang.Long 1} getAttachment=" + asString
                + "; day=java.time.LocalDate 2024-01-31 getAttachment=" + asString
                + "; i=java.lang.Integer 7 getAttachment=" + asString + "; none absent";
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
     * Calls through the ZooKeeper root {@code group} (the registry group) the 2.6.12 provider registered under, beside
     * the 2.7.23 provider's default root: with the Registry group field, with {@code group=} in the address, and the
     * field winning over an address's {@code group=}. The 2.6 provider's own answer to a Long attachment (its String
     * accessor casts it) tells it from the 2.7.23 one.
     */
    /** A Long attachment as only a 2.6 provider answers it (2.7.23's String accessor answers null). */
    static final String LONG_SEEN_BY_2_6 = "n=java.lang.Long 42 getAttachment=ClassCastException";

    static List<Case> throughRegistryGroup(String registry, String group) {
        List<Case> cases = new ArrayList<>();
        String p = "registry 2.6 ";
        cases.add(Case.typed(p + "hello", registry, SHOP, "hello").args("[\"ann\"]").set("registryGroup", group)
                .ok("hello ann from plain"));
        cases.add(Case.generic(p + "g hello", registry, SHOP, "hello").types("String").args("[\"ann\"]")
                .set("registryGroup", group).ok("hello ann from plain"));
        cases.add(Case.typed(p + "attachments", registry, SHOP, "attachments").args("[\"" + ATTACHMENT_NAMES + "\"]")
                .set("registryGroup", group).set("attachments", ATTACHMENTS).ok(attachmentsSeen("2.6.12")));
        cases.add(Case.generic(p + "version and group", registry, SHOP, "hello").types("String").args("[\"ann\"]")
                .set("registryGroup", group).set("version", "2.0.0").set("group", "gold")
                .ok("hello ann from gold-2.0.0"));
        cases.add(Case.generic(p + "token", registry, SHOP, "hello").types("String").args("[\"ann\"]")
                .set("registryGroup", group).set("group", "secure").ok("hello ann from secure"));
        cases.add(Case.typed(p + "type variable", registry, USERS, "get").args("[{\"id\": 7, \"tenant\": \"t\"}]")
                .set("registryGroup", group)
                .ok("{\"id\":7,\"name\":\"user-7@t\",\"since\":\"2024-01-31\",\"roles\":[\"reader\",\"writer\"]}"));
        // the group written in the address, and the field winning over it
        cases.add(Case.typed(p + "group in the address", registry + "?group=" + group, SHOP, "attachments")
                .args("[\"n\"]").set("attachments", "{\"n\": 42}").ok(LONG_SEEN_BY_2_6));
        cases.add(Case.typed(p + "field wins", registry + "?group=dubbo", SHOP, "attachments").args("[\"n\"]")
                .set("registryGroup", group).set("attachments", "{\"n\": 42}").ok(LONG_SEEN_BY_2_6));
        cases.add(Case.generic(p + "no such group", registry, SHOP, "hello").types("String").args("[\"ann\"]")
                .set("registryGroup", "nobody-here").fails("NO_PROVIDER", ".*No provider available.*"));
        return cases;
    }

    /**
     * Calls through the ZooKeeper the 3.3.5 provider registered with application-level only (Dubbo 3's service
     * discovery: instances under /services, the interface-to-application mapping, the provider's metadata): found
     * with Dubbo 3's default discovery and with {@code registry-type=service}. {@code List.of} succeeds only from a
     * Dubbo 3.3 provider (2.7.23's hessian2 cannot send it), so a success proves which provider answered.
     */
    static List<Case> applicationLevel(String registry, String allRegistry) {
        List<Case> cases = new ArrayList<>();
        // through the mapping the providers wrote (/<root>/mapping/<interface>), as a Dubbo 3.3 consumer with
        // default settings finds it: the address alone, application-level only, and application first; against the
        // 3.3.5 provider registered application-level only and the 3.2.16 one registered both ways
        String[][] providers = {{"app-level", registry, "?"}, {"all-3.2", allRegistry, "&"}};
        for (String[] provider : providers) {
            cases.add(Case.generic(provider[0] + " the address alone", provider[1], SHOP, "hello").types("String")
                    .args("[\"ann\"]").ok("hello ann from plain"));
            for (String step : new String[] {"FORCE_APPLICATION", "APPLICATION_FIRST"}) {
                cases.add(Case.generic(provider[0] + " " + step, provider[1] + provider[2] + "migration.step=" + step,
                        SHOP, "hello").types("String").args("[\"ann\"]").ok("hello ann from plain"));
            }
        }
        cases.add(Case.typed("app-level List.of by the mapping", registry, SHOP, "listOf").args("[\"a\", \"b\"]")
                .ok("[\"a\",\"b\"]"));
        cases.add(Case.generic("app-level not in the mapping", registry + "?migration.step=FORCE_APPLICATION",
                "io.dubbostress.outside.api.NotExported", "hello").types("String").args("[\"ann\"]")
                .set("timeout", "3000").fails("NO_PROVIDER", "No provider available for io\\.dubbostress\\.outside"
                        + "\\.api\\.NotExported in the zookeeper registry zookeeper://127\\.0\\.0\\.1:[0-9]+ \\(root"
                        + " /dubbo\\), discovery FORCE_APPLICATION \\(application-level only: .*"));
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

    /**
     * A registry credential given every way a plan can give one, each with a secret of its own (collected in {@code
     * secrets}, for {@link SecretScan}): in the address's user info and {@code password=}, a Nacos {@code secretKey=},
     * the Registry user and password fields, a Dubbo Defaults element; ZooKeeper reached ({@code zookeeper}) and not
     * (nothing at {@code deadPort}), Nacos not reached. What the samples say is asserted elsewhere; here only that no
     * secret is written anywhere.
     */
    static List<Case> secrets(String zookeeper, int deadPort, List<String> secrets) {
        String zkHost = zookeeper.substring("zookeeper://".length());
        List<Case> cases = new ArrayList<>();
        int n = 0;
        // the ZooKeeper reached: each case under a root of its own, interface-level only; what a client with a user
        // creates there is that user's alone (ZooKeeper's creator ACL: the next password got NoAuth), and the other
        // thread groups share the server
        for (String[] target : new String[][] {{"zk", zkHost}, {"zk dead", "127.0.0.1:" + deadPort},
            {"nacos dead", "127.0.0.1:" + deadPort}}) {
            String scheme = target[0].startsWith("zk") ? "zookeeper://" : "nacos://";
            String user = target[0].startsWith("zk") ? "zk" : "nacos";
            String s1 = SecretScan.secret("Ui", n++);
            String s2 = SecretScan.secret("Pq", n++);
            String s3 = SecretScan.secret("Fd", n++);
            String s4 = SecretScan.secret("Df", n++);
            secrets.addAll(List.of(s1, s2, s3, s4));
            String p = "secret " + target[0] + " ";
            boolean reached = target[0].equals("zk");
            cases.add(secretCase(p + "user info", scheme + user + ":" + s1 + "@" + target[1] + root(reached, 1)));
            cases.add(secretCase(p + "password=", scheme + target[1] + (reached ? root(true, 2) + "&" : "?")
                    + "username=" + user + "&password=" + s2));
            cases.add(secretCase(p + "fields", scheme + target[1] + root(reached, 3)).set("username", user)
                    .set("password", s3));
            cases.add(secretCase(p + "defaults", scheme + target[1] + root(reached, 4)).defaults("username", user)
                    .defaults("password", s4));
            if (scheme.startsWith("nacos")) {
                String s5 = SecretScan.secret("Sk", n++);
                secrets.add(s5);
                cases.add(secretCase(p + "secretKey=", scheme + target[1] + "?accessKey=ak-outside&secretKey=" + s5));
            }
        }
        return cases;
    }

    private static String root(boolean reached, int n) {
        return reached ? "?group=dubbo-secrets-" + n + "&migration.step=FORCE_INTERFACE" : "";
    }

    private static Case secretCase(String label, String address) {
        return Case.generic(label, address, SHOP, "hello").types("String").args("[\"ann\"]").set("timeout", "2000")
                .fails(".*", ".*");
    }
}
