package io.dubbostress.sampler.failure;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.dubbo.remoting.RemotingException;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.service.GenericException;

/**
 * A failed call as a sample shows it: a response code naming the kind of failure and a one-line message.
 *
 * <table>
 * <caption>response codes</caption>
 * <tr><td>TIMEOUT</td><td>no answer within the timeout</td></tr>
 * <tr><td>NETWORK</td><td>cannot connect, connection lost</td></tr>
 * <tr><td>SERIALIZATION</td><td>arguments or result could not be (de)serialised</td></tr>
 * <tr><td>BIZ</td><td>the provider's method threw</td></tr>
 * <tr><td>FORBIDDEN</td><td>the provider refused the call (disabled, token, ...)</td></tr>
 * <tr><td>NO_PROVIDER</td><td>no provider available (none registered, or all filtered out), or the provider does not
 *     export the service with that version and group</td></tr>
 * <tr><td>OVERLOAD</td><td>the provider refused the call because its thread pool was exhausted (Dubbo's
 *     "Server side(host,port) thread pool is exhausted"): the server is saturated, the network is fine</td></tr>
 * <tr><td>LIMIT_EXCEEDED</td><td>the provider's concurrency limit</td></tr>
 * <tr><td>PAYLOAD_LIMIT</td><td>the request or the answer is beyond Dubbo's payload limit</td></tr>
 * <tr><td>PROVIDER_ERROR</td><td>the provider failed the request itself (no such method, wrong types, ...)</td></tr>
 * <tr><td>RPC</td><td>another Dubbo failure</td></tr>
 * <tr><td>REGISTRY</td><td>the registry cannot be created (its client missing from the jar, credentials refused, its
 *     server's check failed): which registry, which address, why</td></tr>
 * <tr><td>CONFIG</td><td>bad input in a sampler field</td></tr>
 * <tr><td>JVM_ARGS</td><td>Java 9+ module access Dubbo needs; the message gives the exact JVM_ARGS</td></tr>
 * <tr><td>MISMATCH</td><td>the echo check failed</td></tr>
 * <tr><td>ERROR</td><td>anything else</td></tr>
 * </table>
 */
public final class Failure {

    public static final String CONFIG = "CONFIG";
    public static final String MISMATCH = "MISMATCH";
    public static final String JVM_ARGS = "JVM_ARGS";
    public static final String TIMEOUT = "TIMEOUT";
    public static final String NETWORK = "NETWORK";
    /** A request or answer beyond Dubbo's payload limit (8 MiB by default). */
    public static final String PAYLOAD_LIMIT = "PAYLOAD_LIMIT";
    /** The provider's thread pool was exhausted: it refused the call without running it. */
    public static final String OVERLOAD = "OVERLOAD";
    /** The provider refused the call (a token, an access rule). */
    public static final String FORBIDDEN = "FORBIDDEN";
    /** The registry cannot be created ({@link RegistryException}). */
    public static final String REGISTRY = "REGISTRY";

    /** How a SERIALIZATION failure of a request that never left this side begins. */
    public static final String REQUEST_NOT_ENCODED = "cannot encode the request here";
    /** How a PAYLOAD_LIMIT failure of a request that never left this side begins. */
    public static final String REQUEST_TOO_LARGE = "the request is ";

    /** Longest message kept (a sample's message is one line). */
    public static final int MAX_MESSAGE_CHARS = 400;

    private static final Pattern MODULE_NOT_OPEN = Pattern.compile("module (\\S+) does not \"opens (\\S+)\" to");
    private static final String ENCODER_EXCEPTION = "io.netty.handler.codec.EncoderException";
    private static final Pattern PAYLOAD_LIMIT_TEXT = Pattern.compile("Data length too large: (\\d+), max payload: (\\d+)");
    private static final Pattern NOT_EXPORTED = Pattern.compile("Not found exported service: (\\S+) in \\[([^\\]]*)\\]");
    private static final Pattern PROVIDER_ADDRESS = Pattern.compile("provider: /?([^\\s,]+)");
    /** Where this side decodes an answer: in the stack trace of a failure that is ours, not the provider's. */
    private static final String LOCAL_ANSWER_DECODER = "DecodeableRpcResult.decode";
    /** Dubbo 2.7 and 3.x: {@code Server side(127.0.0.1,20880) thread pool is exhausted, detail msg:Thread pool is
     * EXHAUSTED! Thread Name: ..., Pool Size: 1 (active: 1, core: 1, max: 1, largest: 1), ...}. */
    private static final Pattern POOL_EXHAUSTED = Pattern.compile(
            "Server side\\(([^,)]*),(\\d+)\\) thread ?pool is exhausted|Thread pool is EXHAUSTED!");
    private static final Pattern POOL_SIZE = Pattern.compile("Pool Size: \\d+ \\([^)]*\\)");
    /** A connection that broke under the send (the provider died mid-write): the network, not the provider's answer. */
    private static final Pattern BROKEN_CONNECTION = Pattern.compile("(?i)broken pipe|ClosedChannelException"
            + "|connection reset|channel is closed|connection refused");
    /**
     * Dubbo 3's directory when every provider's connection failed: {@code No provider available for the service X from
     * registry Directory(invokers: 1[127.0.0.1:20999], validInvokers: 0[], invokersToReconnect: 1[127.0.0.1:20999])}.
     */
    private static final Pattern PROVIDERS_TO_RECONNECT = Pattern.compile(
            "validInvokers: 0\\[\\], invokersToReconnect: (\\d+)\\[([^\\]]*)\\]");
    private static final Pattern INVALID_TOKEN = Pattern.compile("(Invalid token! [^\\n]*)");
    private static final Pattern UNDECODED_REQUEST = Pattern.compile("Fail to decode request");
    /**
     * A Dubbo 2.7 provider on Java 9+ that cannot set a JDK class's private field (its hessian2 needs the package
     * open): {@code Fail to decode request due to: com.alibaba.com.caucho.hessian.io.HessianFieldException:
     * java.math.BigInteger.mag: [I cannot be assigned to '[I'}.
     */
    private static final Pattern UNDECODED_JDK_FIELD = Pattern.compile(
            "Fail to decode request due to: \\S*HessianFieldException: ((java\\.[a-z.]+)\\.[A-Z]\\w*)\\.(\\w+)");
    private static final Pattern PROVIDER_URL = Pattern.compile("provider: (?:dubbo://)?/?([^/\\s,]+)/([\\w.$]+)");
    /** Dubbo 3's text: {@code No such method nosuch in class interface io.x.Service}. */
    private static final Pattern NO_SUCH_METHOD_3 = Pattern.compile("No such method (\\S+) in class (?:interface )?([\\w.$]+)");
    /** Dubbo's timeout, in its messages: {@code timeout: 1000 ms} (3.3: {@code Timeout after 1000ms}). */
    private static final Pattern TIMEOUT_MS = Pattern.compile("(?i)timeout(?::| after) (\\d+) ?ms");
    /** A triple status: {@code UNIMPLEMENTED : Invoker for gRPC not found}. */
    private static final Pattern TRIPLE_STATUS = Pattern.compile("^([A-Z_]+) : (.*)$");
    /** Where the service key goes in a triple failure's message ({@link #ofCall} puts the called one there). */
    private static final String TRIPLE_SERVICE = "the service";
    private static final Pattern CLASS_NOT_FOUND = Pattern.compile("ClassNotFoundException: ([\\w.$]+)");
    /** A URL's query (Dubbo's messages quote whole provider URLs, 300+ characters of parameters). */
    private static final Pattern URL_QUERY = Pattern.compile("\\b([a-z][a-z0-9+.-]*://[^\\s?]+)\\?\\S*?(?=,\\s|\\s|,?$)");

    private final String code;
    private final String message;

    private Failure(String code, String message) {
        this.code = code;
        this.message = message;
    }

    public static Failure of(String code, String message) {
        return new Failure(code, oneLine(message));
    }

    /** Classifies what a call threw. */
    public static Failure of(Throwable error) {
        Throwable settled = settledCause(error);
        if (settled != error) {
            return of(settled);
        }
        String opens = missingOpens(error);
        if (opens != null) {
            return new Failure(JVM_ARGS, oneLine("this JVM blocks what Dubbo needs on Java 9+: restart JMeter with"
                    + " JVM_ARGS=\"" + opens + "\" (" + firstLine(rootMessage(error)) + ")"));
        }
        if (error instanceof ConfigurationException) {
            return new Failure(CONFIG, oneLine(error.getMessage()));
        }
        if (error instanceof RegistryException) {
            return new Failure(REGISTRY, oneLine(error.getMessage()));
        }
        if (error instanceof UnusableAnswerException) {
            return new Failure("PROVIDER_ERROR", oneLine(error.getMessage()));
        }
        if (error instanceof GenericException) {
            GenericException g = (GenericException) error;
            return new Failure("BIZ", oneLine(g.getExceptionClass() + ": " + g.getExceptionMessage()));
        }
        if (error instanceof com.alibaba.dubbo.rpc.service.GenericException) {
            // what Dubbo 3 providers (and 2.7 ones for generic=true callers) wrap a generic call's exception in
            com.alibaba.dubbo.rpc.service.GenericException g = (com.alibaba.dubbo.rpc.service.GenericException) error;
            return new Failure("BIZ", oneLine(g.getExceptionClass() + ": " + g.getExceptionMessage()));
        }
        if (error instanceof RpcException) {
            Failure triple = fromTripleStatus((RpcException) error);
            if (triple != null) {
                return triple;
            }
            RpcException rpc = (RpcException) error;
            String code = kind(rpc);
            String text = causeFirst(withoutUrlQueries(firstLine(error.getMessage())));
            if (rpc.getCode() == RpcException.NETWORK_EXCEPTION) {
                Failure answered = fromErrorResponse(rpc);
                if (answered != null) {
                    return answered;
                }
            }
            Matcher reconnect = PROVIDERS_TO_RECONNECT.matcher(text);
            if ("NO_PROVIDER".equals(code) && reconnect.find() && !"0".equals(reconnect.group(1))) {
                // Dubbo 3: the providers are known, but every connection failed and waits for its reconnect: the
                // dead address of the call before, not a missing provider (one code for one condition)
                return new Failure(NETWORK, oneLine("no connection to " + reconnect.group(2) + ": every provider's"
                        + " connection failed and Dubbo reconnects in the background, sending no call until one is"
                        + " back (" + text.substring(text.indexOf("No provider available")) + ")"));
            }
            if (TIMEOUT.equals(code) && !text.startsWith("no answer within ")) {
                // Dubbo's timeout texts quote the invoker, provider and times before they name the timeout
                Matcher ms = TIMEOUT_MS.matcher(text);
                if (ms.find() && (text.length() > MAX_MESSAGE_CHARS || ms.start() > 0)) {
                    text = "no answer within " + ms.group(1) + " ms: " + text;
                }
            }
            return new Failure(code, oneLine(text));
        }
        return new Failure("ERROR", oneLine(error.getClass().getName() + ": "
                + withoutUrlQueries(firstLine(error.getMessage()))));
    }

    /**
     * What a future failed with: Dubbo 3's triple invoker hands a generic call's failure over as the {@code
     * ExecutionException} of its future.
     */
    private static Throwable settledCause(Throwable error) {
        if ((error instanceof java.util.concurrent.ExecutionException
                || error instanceof java.util.concurrent.CompletionException) && error.getCause() != null) {
            return error.getCause();
        }
        return error;
    }

    /**
     * A triple call's failure (Dubbo 3: {@code StatusRpcException}, a gRPC status and its text, e.g. {@code
     * UNIMPLEMENTED : Invoker for gRPC not found}), or Dubbo 3's "No such method" text the triple provider sends;
     * null for anything else.
     */
    private static Failure fromTripleStatus(RpcException rpc) {
        String text = firstLine(rpc.getMessage());
        Matcher noMethod3 = NO_SUCH_METHOD_3.matcher(text);
        if (noMethod3.find()) {
            return new Failure("PROVIDER_ERROR", oneLine("the provider has no method " + noMethod3.group(1)
                    + " in " + noMethod3.group(2) + " (check the method name and parameter types)"));
        }
        Matcher status = null;
        for (Throwable t = rpc; t != null && status == null; t = t.getCause() == t ? null : t.getCause()) {
            if ("StatusRpcException".equals(t.getClass().getSimpleName())) {
                Matcher m = TRIPLE_STATUS.matcher(firstLine(t.getMessage()));
                status = m.find() ? m : null;
            }
        }
        if (status == null) {
            return null;
        }
        String code = status.group(1);
        String detail = withoutUrlQueries(status.group(2));
        switch (code) {
            case "UNIMPLEMENTED":
            case "NOT_FOUND":
                return new Failure("NO_PROVIDER", oneLine("the provider does not export " + TRIPLE_SERVICE
                        + " over triple (" + code + ": " + detail + "): check the interface, version and group"));
            case "PERMISSION_DENIED":
            case "UNAUTHENTICATED":
                return new Failure(FORBIDDEN, oneLine("the provider refused the call: " + detail));
            case "INTERNAL":
                if (detail.startsWith("Deserialize response failed")) {
                    return new Failure("SERIALIZATION", oneLine("cannot decode the provider's answer here (triple "
                            + code + ": " + detail + ")"));
                }
                return new Failure("PROVIDER_ERROR", oneLine("provider: triple " + code + ": " + detail));
            case "DEADLINE_EXCEEDED":
                return new Failure(TIMEOUT, oneLine("triple " + code + ": " + detail));
            case "UNAVAILABLE":
                return new Failure(NETWORK, oneLine("triple " + code + ": " + detail));
            case "RESOURCE_EXHAUSTED":
                return new Failure(OVERLOAD, oneLine("the provider is overloaded (triple " + code + ": " + detail
                        + ")"));
            default:
                return new Failure("RPC", oneLine("triple " + code + ": " + detail));
        }
    }

    /**
     * {@code dubbo://127.0.0.1:20880/io.x.Service?application=...&timestamp=...} -> {@code
     * dubbo://127.0.0.1:20880/io.x.Service}: Dubbo quotes whole URLs in its messages, and their parameters would push
     * the cause ("channel is closed", "Data length too large") past the end of a one-line message.
     */
    static String withoutUrlQueries(String text) {
        return URL_QUERY.matcher(text).replaceAll("$1");
    }

    /**
     * Dubbo's cluster invoker wraps the cause in boilerplate ({@code Failed to invoke the method echo in the service
     * X. Tried 1 times of the providers [...] from the registry ... using the dubbo version 3.3.5. Last error is:
     * CAUSE}), 300 characters before the cause: the cause comes first, then the boilerplate's first sentence in
     * brackets. Other texts are left as they are.
     */
    static String causeFirst(String text) {
        int last = text.indexOf(LAST_ERROR);
        if (last < 0) {
            return text;
        }
        String head = text.substring(0, last).trim();
        int sentence = head.indexOf(". ");
        return text.substring(last + LAST_ERROR.length()).trim() + " [" + (sentence > 0 ? head.substring(0,
                sentence + 1) : head) + "]";
    }

    private static final String LAST_ERROR = "Last error is: ";

    /** An exception the provider's method threw, rethrown by a typed proxy. */
    public static Failure biz(Throwable error) {
        String opens = missingOpens(error);
        if (opens != null) {
            return of(error);
        }
        String name = error instanceof ProviderException ? ((ProviderException) error).className()
                : error.getClass().getName();
        return new Failure("BIZ", oneLine(name + ": " + firstLine(error.getMessage())));
    }

    private static String kind(RpcException rpc) {
        switch (rpc.getCode()) {
            case RpcException.TIMEOUT_EXCEPTION:
            case RpcException.TIMEOUT_TERMINATE:
                return TIMEOUT;
            case RpcException.NETWORK_EXCEPTION:
                return NETWORK;
            case RpcException.SERIALIZATION_EXCEPTION:
                return "SERIALIZATION";
            case RpcException.BIZ_EXCEPTION:
                return "BIZ";
            case RpcException.FORBIDDEN_EXCEPTION:
                return rpc.getMessage() != null && rpc.getMessage().contains("No provider available")
                        ? "NO_PROVIDER" : "FORBIDDEN";
            case RpcException.NO_INVOKER_AVAILABLE_AFTER_FILTER:
                return "NO_PROVIDER";
            case RpcException.LIMIT_EXCEEDED_EXCEPTION:
                return "LIMIT_EXCEEDED";
            default:
                String m = rpc.getMessage();
                if (m != null && m.contains("No provider available")) {
                    return "NO_PROVIDER";
                }
                return "RPC";
        }
    }

    /**
     * Dubbo reports an error response as a {@link RemotingException} whose message is the error text: a request the
     * provider failed to serve (unknown method or service, types it cannot load) carries the provider's stack trace;
     * a request this side could not encode (Netty's {@code EncoderException}: a serialization that cannot write the
     * arguments, the payload limit) comes back the same way with ours. Neither is a network failure. Null for a real
     * one.
     */
    private static Failure fromErrorResponse(RpcException rpc) {
        for (Throwable t = rpc.getCause(); t != null; t = t.getCause()) {
            if (!(t instanceof RemotingException) || t.getMessage() == null) {
                continue;
            }
            String text = t.getMessage();
            String first = firstLine(text);
            // the encoder's failure comes back as an error response (text), or, when it failed before the send
            // returned, as the send's cause
            Throwable encoder = causeNamed(t, ".EncoderException");
            boolean encodedHere = first.startsWith(ENCODER_EXCEPTION) || encoder != null;
            Matcher payload = PAYLOAD_LIMIT_TEXT.matcher(text);
            if (payload.find()) {
                return new Failure(PAYLOAD_LIMIT, oneLine((encodedHere ? REQUEST_TOO_LARGE : "the provider's answer is ")
                        + payload.group(1) + " bytes, beyond Dubbo's payload limit of " + payload.group(2)
                        + " bytes (the 'payload' setting, 8 MiB by default, on the provider and the consumer)"));
            }
            if (encodedHere) {
                String why = encoder != null ? firstLine(encoder.getMessage())
                        : first.substring(ENCODER_EXCEPTION.length()).replaceFirst("^: ", "");
                return new Failure("SERIALIZATION", oneLine(REQUEST_NOT_ENCODED + ": "
                        + withoutUrlQueries(why)));
            }
            if (text.contains(ThrowableDecoding.INCOMPLETE_COLLECTION)) {
                return new Failure("SERIALIZATION", oneLine(ThrowableDecoding.INCOMPLETE_COLLECTION
                        + ThrowableDecoding.INCOMPLETE_COLLECTION_ADVICE));
            }
            if (text.contains(LOCAL_ANSWER_DECODER)) {
                // the answer arrived and this JVM could not decode it (its stack trace is ours, not the provider's)
                return new Failure("SERIALIZATION", oneLine("cannot decode the provider's answer here: "
                        + withoutUrlQueries(first)));
            }
            Matcher exhausted = POOL_EXHAUSTED.matcher(text);
            if (exhausted.find()) {
                Matcher size = POOL_SIZE.matcher(text);
                String where = exhausted.group(1) != null ? " " + exhausted.group(1) + ":" + exhausted.group(2) : "";
                return new Failure(OVERLOAD, oneLine("the provider" + where + " is overloaded: its thread pool is"
                        + " exhausted" + (size.find() ? " (" + size.group() + ")" : "") + " and it refused the call"
                        + " without running it (its dubbo.protocol.threads, or the load)"));
            }
            Matcher token = INVALID_TOKEN.matcher(text);
            if (token.find()) {
                return new Failure(FORBIDDEN, oneLine("the provider refused the call: " + token.group(1)));
            }
            Matcher jdkField = UNDECODED_JDK_FIELD.matcher(first);
            if (jdkField.find()) {
                // the request is right; the provider's JVM cannot build one of its JDK values
                Matcher provider = PROVIDER_URL.matcher(String.valueOf(rpc.getMessage()));
                String where = provider.find() ? " " + provider.group(1) : "";
                return new Failure("SERIALIZATION", oneLine("the provider" + where + " could not decode the request:"
                        + " its hessian2 cannot set " + jdkField.group(1) + "." + jdkField.group(3)
                        + " (HessianFieldException), which a provider on Java 9+ does only with --add-opens java.base/"
                        + jdkField.group(2) + "=ALL-UNNAMED in its JVM: a " + jdkField.group(1) + " among this call's"
                        + " arguments or attachments needs that on the provider (or send the value as a string)"));
            }
            Matcher undecoded = UNDECODED_REQUEST.matcher(first);
            if (undecoded.find()) {
                // Dubbo 3 providers answer this, with no more detail, for a service they do not export with that
                // version and group, and for arguments they cannot build
                Matcher provider = PROVIDER_URL.matcher(String.valueOf(rpc.getMessage()));
                boolean found = provider.find();
                String where = found ? " " + provider.group(1) : "";
                String service = found ? provider.group(2) : "the service";
                return new Failure("NO_PROVIDER", oneLine("the provider" + where + " could not decode the request for "
                        + service + " (a Dubbo 3 provider answers this when it does not export the"
                        + " interface with that version and group, or cannot build the arguments): check the"
                        + " interface, version, group and parameter types"));
            }
            Matcher noMethod3 = NO_SUCH_METHOD_3.matcher(text);
            if (noMethod3.find()) {
                return new Failure("PROVIDER_ERROR", oneLine("the provider has no method " + noMethod3.group(1)
                        + " in " + noMethod3.group(2) + " (check the method name and parameter types)"));
            }
            Matcher notExported = NOT_EXPORTED.matcher(first);
            if (notExported.find()) {
                Matcher provider = PROVIDER_ADDRESS.matcher(first);
                return new Failure("NO_PROVIDER", oneLine("the provider" + (provider.find() ? " " + provider.group(1)
                        : "") + " does not export " + withoutPort(notExported.group(1)) + " (it exports "
                        + withoutPorts(notExported.group(2)) + "): check the interface, version and group"));
            }
            if (BROKEN_CONNECTION.matcher(first).find()) {
                return null; // a send that failed on a dead connection carries our stack trace: still the network
            }
            if (FutureAnswers.isUnserializableFuture(text)) {
                return new Failure("PROVIDER_ERROR", FutureAnswers.NOT_AWAITED);
            }
            if (text.contains("\tat ")) {
                return new Failure("PROVIDER_ERROR", oneLine(providerErrorLine(text)));
            }
        }
        return null;
    }

    /**
     * What a call threw, with what the call asked for where Dubbo's text does not say it: the service key
     * ({@code group/interface:version}) a Dubbo 3 provider could not decode a request for, the parameter types of
     * a method it does not have.
     */
    public static Failure ofCall(Throwable error, String interfaceName, String group, String version,
            String method, String[] parameterTypes) {
        Failure f = of(error);
        String key = (group.isEmpty() ? "" : group + "/") + interfaceName + (version.isEmpty() ? "" : ":" + version);
        String m = f.message.replace("could not decode the request for " + interfaceName + " ",
                "could not decode the request for " + key + " ");
        m = m.replace("does not export " + TRIPLE_SERVICE + " over triple", "does not export " + key + " over triple");
        m = m.replace("has no method " + method + " in " + interfaceName + " ",
                "has no method " + method + "(" + String.join(", ", parameterTypes) + ") in " + interfaceName + " ");
        return m.equals(f.message) ? f : new Failure(f.code, oneLine(m));
    }

    private static Throwable causeNamed(Throwable error, String classNameEnd) {
        for (Throwable t = error.getCause(); t != null && t != t.getCause(); t = t.getCause()) {
            if (t.getClass().getName().endsWith(classNameEnd)) {
                return t;
            }
        }
        return null;
    }

    private static String providerErrorLine(String text) {
        // "org.apache.dubbo.rpc.RpcException: java.lang.NoSuchMethodException: ... \n\tat ..."
        String first = firstLine(text).replace("org.apache.dubbo.rpc.RpcException: ", "");
        if (text.contains("NoSuchMethodException")) {
            int colon = first.lastIndexOf("Exception: ");
            String method = colon >= 0 ? first.substring(colon + "Exception: ".length()) : first;
            return "the provider has no method " + method + " (check the method name and parameter types)";
        }
        if (first.startsWith("java.lang.IllegalArgumentException") && text.contains(".PojoUtils.newInstance(")) {
            // Dubbo 2.6's PojoUtils builds a generic call's POJO argument through its smallest constructor with every
            // parameter null (Dubbo 2.7+ gives primitives their default)
            return "the provider could not build a POJO argument of the generic call (" + first + " in its"
                    + " PojoUtils.newInstance: Dubbo 2.6 passes null to every constructor parameter, which a primitive"
                    + " int, long, ... refuses): call it typed, or use a class with a no-argument constructor";
        }
        Matcher missing = CLASS_NOT_FOUND.matcher(text);
        if (missing.find()) {
            return "the provider cannot load class " + missing.group(1) + " (ClassNotFoundException): check the"
                    + " parameter types and \"class\" values";
        }
        return "provider: " + withoutUrlQueries(first);
    }

    /** {@code nope/io.x.Service:1.0:20880} -> {@code nope/io.x.Service:1.0}: Dubbo's service keys end with the port. */
    private static String withoutPort(String serviceKey) {
        return serviceKey.trim().replaceFirst(":\\d+$", "");
    }

    private static String withoutPorts(String serviceKeys) {
        StringBuilder out = new StringBuilder();
        for (String key : serviceKeys.split(",")) {
            if (out.length() > 0) {
                out.append(", ");
            }
            out.append(withoutPort(key));
        }
        return out.toString();
    }

    /** {@code --add-opens java.base/java.math=ALL-UNNAMED} when the failure is Java module access, else null. */
    static String missingOpens(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String name = t.getClass().getName();
            String text = t.getMessage();
            if (text != null) {
                Matcher m = MODULE_NOT_OPEN.matcher(text);
                if (m.find()) {
                    return "--add-opens " + m.group(1) + "/" + m.group(2) + "=ALL-UNNAMED";
                }
            }
            if ("java.lang.reflect.InaccessibleObjectException".equals(name)) {
                return "--add-opens java.base/java.lang=ALL-UNNAMED";
            }
        }
        return null;
    }

    private static String rootMessage(Throwable error) {
        Throwable t = error;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getClass().getName() + ": " + t.getMessage();
    }

    static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        int nl = text.indexOf('\n');
        return (nl < 0 ? text : text.substring(0, nl)).trim();
    }

    /**
     * One line of at most {@value #MAX_MESSAGE_CHARS} characters; a longer text keeps its start and its end (the
     * larger half), where Dubbo and the JDK put the cause ({@code ... error message is:Connection refused}).
     */
    static String oneLine(String text) {
        String line = text == null ? "" : Secrets.masked(text.replace('\r', ' ').replace('\n', ' ').replace('\t', ' '));
        if (line.length() <= MAX_MESSAGE_CHARS) {
            return line;
        }
        int tail = MAX_MESSAGE_CHARS / 2 + 2;
        return line.substring(0, MAX_MESSAGE_CHARS - tail - 5) + " ... " + line.substring(line.length() - tail);
    }

    /** The JMeter response code. */
    public String code() {
        return code;
    }

    /** One line naming what failed. */
    public String message() {
        return message;
    }

    @Override
    public String toString() {
        return code + ": " + message;
    }
}
