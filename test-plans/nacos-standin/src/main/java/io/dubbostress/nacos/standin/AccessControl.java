package io.dubbostress.nacos.standin;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Who may call, as a Nacos 2 server with auth on checks it (from Nacos's documentation and its client's auth plugins):
 * users log in over HTTP ({@code POST /nacos/v1/auth/users/login}, {@code username} and {@code password}) and send
 * the {@code accessToken} they got with every request; or a request carries an access key and its HMAC-SHA1
 * signature (naming: headers {@code ak}, {@code data} = {@code <millis>[@@<group>@@<service>]}, {@code signature} =
 * Base64(HmacSHA1(data, secretKey)); config: {@code Spas-AccessKey}, {@code Timestamp}, {@code Spas-Signature} =
 * Base64(HmacSHA1([<tenant>+<group>+]<timestamp>, secretKey))). Without users and keys, everything is allowed.
 */
final class AccessControl {

    private final Map<String, String> users;
    private final Map<String, String> accessKeys;
    /** token -> user. */
    private final Map<String, String> tokens = new ConcurrentHashMap<>();

    AccessControl(Map<String, String> users, Map<String, String> accessKeys) {
        this.users = Map.copyOf(users);
        this.accessKeys = Map.copyOf(accessKeys);
    }

    boolean enabled() {
        return !users.isEmpty() || !accessKeys.isEmpty();
    }

    /** A token for a known user and password, else null. */
    String login(String user, String password) {
        if (user == null || password == null || !password.equals(users.get(user))) {
            return null;
        }
        String token = "standin-" + UUID.randomUUID();
        tokens.put(token, user);
        return token;
    }

    /** The user a token belongs to, else null. */
    String userOf(String token) {
        return token == null ? null : tokens.get(token);
    }

    /**
     * Who sent a gRPC request: {@code user:<name>} for a valid token, {@code ak:<key>} for a valid signature,
     * {@code anonymous} when auth is off; null when auth is on and neither is valid.
     */
    String principal(Frame request) {
        if (!enabled()) {
            return "anonymous";
        }
        String user = userOf(request.header("accessToken"));
        if (user != null) {
            return "user:" + user;
        }
        String namingKey = request.header("ak");
        if (namingKey != null && accessKeys.containsKey(namingKey)) {
            String data = request.header("data");
            String signature = request.header("signature");
            if (data != null && signature != null && signature.equals(sign(data, accessKeys.get(namingKey)))) {
                return "ak:" + namingKey;
            }
        }
        String configKey = request.header("Spas-AccessKey");
        if (configKey != null && accessKeys.containsKey(configKey)) {
            String timestamp = request.header("Timestamp");
            String signature = request.header("Spas-Signature");
            String tenant = request.text("tenant");
            String group = request.text("group");
            for (String resource : Set.of(tenant + "+" + group, group, tenant, "")) {
                String data = resource.isEmpty() || "+".equals(resource) ? timestamp : resource + "+" + timestamp;
                if (timestamp != null && signature != null && signature.equals(sign(data, accessKeys.get(configKey)))) {
                    return "ak:" + configKey;
                }
            }
        }
        return null;
    }

    static String sign(String data, String secretKey) {
        try {
            Mac mac = Mac.getInstance("HmacSHA1");
            mac.init(new SecretKeySpec(secretKey.getBytes(StandardCharsets.UTF_8), "HmacSHA1"));
            return Base64.getEncoder().encodeToString(mac.doFinal(data.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
