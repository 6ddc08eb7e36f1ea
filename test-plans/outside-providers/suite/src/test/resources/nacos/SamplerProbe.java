import io.dubbostress.sampler.browse.BrowsedMethod;
import io.dubbostress.sampler.browse.BrowsedService;
import io.dubbostress.sampler.browse.ServiceBrowser;
import io.dubbostress.sampler.value.CallArguments;
import io.dubbostress.sampler.value.CallAttachments;
import io.dubbostress.sampler.runtime.DubboReference;
import io.dubbostress.sampler.failure.Failure;
import io.dubbostress.sampler.runtime.ReferenceCache;
import io.dubbostress.sampler.runtime.ReferenceKey;
import io.dubbostress.sampler.value.ValueConverter;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Collection;

/**
 * Runs the sampler's own code paths in a JVM whose class path is a JMeter home's lib/ and lib/ext/ and nothing else
 * (launched as a source file: no test class path): each argument is one step, fields separated by '|':
 * <ul>
 * <li>{@code sample|label|address|user|password|interface|timeoutMs}: the reference (Dubbo creates the registry
 *     with its client), then one generic call of {@code hello(String)}; prints the code and message, the registries
 *     Dubbo then holds (their full URLs) and the time;</li>
 * <li>{@code browse|label|address|user|password}: the Browse dialog's listing;</li>
 * <li>{@code idl-browse|label|address|protoFiles}: the Browse dialog's listing for an IDL address (the .proto files, or
 *     the server's reflection when empty), each method with its request type and its JSON template on one line;</li>
 * <li>{@code register|server|user|password|namespace|group|service|ip|port|metadata as k=v,k=v}: an instance put
 *     into a Nacos server over its open HTTP API (logged in first).</li>
 * </ul>
 * Every result line starts with {@code PROBE }.
 */
public class SamplerProbe {

    public static void main(String[] args) throws Exception {
        for (String step : args) {
            String[] f = step.split("\\|", -1);
            switch (f[0]) {
                case "sample" -> sample(f[1], f[2], f[3], f[4], f[5], Integer.parseInt(f[6]));
                case "browse" -> browse(f[1], f[2], f[3], f[4]);
                case "idl-browse" -> idlBrowse(f[1], f[2], f[3]);
                case "register" -> register(f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9]);
                default -> throw new IllegalArgumentException(step);
            }
        }
        ReferenceCache.shared().destroyAll();
        System.out.println("PROBE done");
        System.exit(0);
    }

    static void sample(String label, String address, String user, String password, String iface, int timeoutMs) {
        ReferenceKey key = new ReferenceKey(address, user, password, iface, "", "", timeoutMs, 0, 0, "", "", "",
                false);
        long start = System.nanoTime();
        String code = "200";
        String message = "";
        try {
            DubboReference reference = ReferenceCache.shared().obtain(key, SamplerProbe.class.getClassLoader(),
                    "DubboSampler.address", "DubboSampler.interface");
            ClassLoader loader = SamplerProbe.class.getClassLoader();
            reference.invoke("hello", CallArguments.parse("java.lang.String", "[\"ann\"]", null,
                    new ValueConverter(loader), "t", "a"), CallAttachments.none());
        } catch (Throwable t) {
            Failure failure = Failure.of(t);
            code = failure.code();
            message = failure.message();
        }
        System.out.println("PROBE " + label + " code " + code + " ms " + (System.nanoTime() - start) / 1_000_000
                + " message " + message);
        try {
            java.lang.reflect.Method registries = Class.forName("io.dubbostress.sampler.runtime.DubboVersion")
                    .getDeclaredMethod("registries");
            registries.setAccessible(true);
            for (Object registry : (Collection<?>) registries.invoke(null)) {
                Object url = registry.getClass().getMethod("getUrl").invoke(registry);
                System.out.println("PROBE " + label + " registry " + url.getClass().getMethod("toFullString")
                        .invoke(url));
            }
        } catch (ReflectiveOperationException e) {
            System.out.println("PROBE " + label + " registries unknown: " + e);
        }
        ReferenceCache.shared().destroyAll();
    }

    static void browse(String label, String address, String user, String password) {
        try {
            for (BrowsedService s : ServiceBrowser.browse(address, user, password, 5000)) {
                StringBuilder methods = new StringBuilder();
                for (BrowsedMethod m : s.methods()) {
                    methods.append(methods.length() == 0 ? "" : " ").append(m.name()).append('(')
                            .append(m.typesKnown() ? String.join(",", m.parameterTypes()) : "?").append(')');
                }
                System.out.println("PROBE " + label + " service " + s.serviceKey() + " providers " + s.providers()
                        + " methods " + methods);
            }
        } catch (Exception e) {
            System.out.println("PROBE " + label + " error " + e.getMessage());
        }
    }

    static void idlBrowse(String label, String address, String protoFiles) {
        try {
            for (BrowsedService s : io.dubbostress.sampler.idl.IdlBrowser.browse(address, protoFiles, "", "", 10000)) {
                for (BrowsedMethod m : s.methods()) {
                    System.out.println("PROBE " + label + " method " + s.interfaceName() + "/" + m.name() + "("
                            + String.join(",", m.parameterTypes()) + ") returns " + m.returnType() + " template "
                            + m.argumentsSkeleton().replaceAll("\\s+", " "));
                }
            }
        } catch (Exception e) {
            System.out.println("PROBE " + label + " error " + e.getMessage());
        }
    }

    static void register(String server, String user, String password, String namespace, String group,
            String service, String ip, String port, String metadata) throws Exception {
        HttpURLConnection login = (HttpURLConnection) new URL("http://" + server + "/nacos/v1/auth/users/login")
                .openConnection();
        login.setRequestMethod("POST");
        login.setDoOutput(true);
        login.setRequestProperty("Content-Type", "application/x-www-form-urlencoded");
        try (OutputStream out = login.getOutputStream()) {
            out.write(("username=" + enc(user) + "&password=" + enc(password)).getBytes(StandardCharsets.UTF_8));
        }
        String answer = new String(login.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        java.util.regex.Matcher token = java.util.regex.Pattern.compile("\"accessToken\":\"([^\"]+)\"")
                .matcher(answer);
        if (!token.find()) {
            throw new IllegalStateException("no accessToken in " + answer);
        }
        StringBuilder json = new StringBuilder("{");
        for (String pair : metadata.split(",")) {
            int eq = pair.indexOf('=');
            json.append(json.length() == 1 ? "" : ",").append('"').append(pair, 0, eq).append("\":\"")
                    .append(pair.substring(eq + 1).replace(';', ',')).append('"');
        }
        json.append('}');
        String query = "namespaceId=" + enc(namespace) + "&groupName=" + enc(group) + "&serviceName=" + enc(service)
                + "&ip=" + enc(ip) + "&port=" + port + "&metadata=" + enc(json.toString()) + "&accessToken="
                + enc(token.group(1));
        HttpURLConnection c = (HttpURLConnection) new URL("http://" + server + "/nacos/v1/ns/instance").openConnection();
        c.setRequestMethod("POST");
        c.setDoOutput(true);
        c.setRequestProperty("Content-Type", "application/x-www-form-urlencoded");
        try (OutputStream out = c.getOutputStream()) {
            out.write(query.getBytes(StandardCharsets.UTF_8));
        }
        System.out.println("PROBE registered " + service + " " + c.getResponseCode());
    }

    private static String enc(String s) throws Exception {
        return URLEncoder.encode(s, "UTF-8");
    }
}
