package io.dubbostress.nacos.standin;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The open HTTP API of a Nacos 2 server, the part logins and browsing use (Nacos's "Open API" documentation, v1):
 * <ul>
 * <li>{@code POST /nacos/v1/auth/users/login} (and {@code /nacos/v1/auth/login}): {@code username}, {@code password}
 *     (query or form) -> {@code {"accessToken": ..., "tokenTtl": 18000, "globalAdmin": false}}; 403 otherwise;</li>
 * <li>{@code GET /nacos/v1/ns/service/list?pageNo&pageSize&groupName&namespaceId} -> {@code {"count": N, "doms":
 *     [names]}};</li>
 * <li>{@code GET /nacos/v1/ns/instance/list?serviceName&groupName&namespaceId&healthyOnly} -> the service with its
 *     {@code hosts} (ip, port, healthy, metadata, ...);</li>
 * <li>{@code POST}/{@code DELETE /nacos/v1/ns/instance?ip&port&serviceName&groupName&namespaceId&metadata}: a
 *     persistent instance (what a test registers without a client).</li>
 * </ul>
 * With auth on, the naming endpoints need {@code accessToken} (parameter, or header {@code accessToken} or
 * {@code Authorization: Bearer <token>}).
 */
final class OpenApi {

    private final NamingStore naming;
    private final AccessControl access;
    private HttpServer server;
    private ExecutorService executor;

    OpenApi(NamingStore naming, AccessControl access) {
        this.naming = naming;
        this.access = access;
    }

    void start(InetSocketAddress address) throws IOException {
        server = HttpServer.create(address, 50);
        executor = Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "nacos-standin-http");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        server.createContext("/nacos/", this::handle);
        server.start();
    }

    int port() {
        return server.getAddress().getPort();
    }

    void stop() {
        if (server != null) {
            server.stop(0);
            executor.shutdownNow();
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Map<String, String> params = params(exchange);
            String path = exchange.getRequestURI().getPath();
            String method = exchange.getRequestMethod();
            if (path.equals("/nacos/v1/auth/users/login") || path.equals("/nacos/v1/auth/login")) {
                String token = access.login(params.get("username"), params.get("password"));
                if (token == null) {
                    send(exchange, 403, forbidden(path, "user not found!")); // Nacos 2.5.1's words
                    return;
                }
                ObjectNode body = Json.object();
                body.put("accessToken", token);
                body.put("tokenTtl", 18000);
                body.put("globalAdmin", false);
                body.put("username", params.get("username"));
                send(exchange, 200, body);
                return;
            }
            if (!path.startsWith("/nacos/v1/ns/")) {
                send(exchange, 404, forbidden(path, "the Nacos stand-in does not serve " + path));
                return;
            }
            if (access.enabled() && access.userOf(token(exchange, params)) == null) {
                String accept = exchange.getRequestHeaders().getFirst("Accept");
                if (accept != null && accept.contains("text/html")) {
                    // Spring Boot's error page, as the real server sends it to a client that accepts HTML (the
                    // JDK's HttpURLConnection does, by default)
                    sendHtml(exchange, 403, "<html><body><h1>Whitelabel Error Page</h1><p>This application has no"
                            + " explicit mapping for /error, so you are seeing this as a fallback.</p><div"
                            + " id='created'>" + new java.util.Date() + "</div><div>There was an unexpected error"
                            + " (type=Forbidden, status=403).</div><div>user not found!</div></body></html>");
                    return;
                }
                send(exchange, 403, forbidden(path, "user not found!"));
                return;
            }
            String namespace = params.getOrDefault("namespaceId", "");
            namespace = namespace.isEmpty() ? NamingStore.DEFAULT_NAMESPACE : namespace;
            if (path.equals("/nacos/v1/ns/service/list") && "GET".equals(method)) {
                String group = params.getOrDefault("groupName", "");
                List<String> names = naming.serviceNames(namespace, group.isEmpty() ? NamingStore.DEFAULT_GROUP
                        : group);
                int pageNo = Math.max(1, Integer.parseInt(params.getOrDefault("pageNo", "1")));
                int pageSize = Math.max(1, Integer.parseInt(params.getOrDefault("pageSize", "20")));
                ObjectNode body = Json.object();
                body.put("count", names.size());
                ArrayNode doms = body.putArray("doms");
                long from = (long) (pageNo - 1) * pageSize;
                for (int i = (int) Math.min(from, names.size()); i < names.size() && i < from + pageSize; i++) {
                    doms.add(names.get(i));
                }
                send(exchange, 200, body);
            } else if (path.equals("/nacos/v1/ns/instance/list") && "GET".equals(method)) {
                NamingStore.ServiceKey key = NamingStore.ServiceKey.of(namespace, params.get("groupName"),
                        params.getOrDefault("serviceName", ""));
                ObjectNode info = naming.serviceInfo(key, params.getOrDefault("clusters", ""),
                        Boolean.parseBoolean(params.getOrDefault("healthyOnly", "false")));
                info.put("name", key.grouped());
                send(exchange, 200, info);
            } else if (path.equals("/nacos/v1/ns/instance") && ("POST".equals(method) || "DELETE".equals(method))) {
                NamingStore.ServiceKey key = NamingStore.ServiceKey.of(namespace, params.get("groupName"),
                        params.getOrDefault("serviceName", ""));
                ObjectNode instance = Json.object();
                instance.put("ip", params.getOrDefault("ip", ""));
                instance.put("port", Integer.parseInt(params.getOrDefault("port", "0")));
                instance.put("ephemeral", false);
                if (params.containsKey("metadata")) {
                    instance.set("metadata", Json.read(params.get("metadata").getBytes(StandardCharsets.UTF_8)));
                }
                NamingStore.InstanceRecord record = NamingStore.instance(instance, null);
                if ("POST".equals(method)) {
                    naming.register(key, record);
                } else {
                    naming.deregister(key, record.ip(), record.port(), record.cluster());
                }
                sendText(exchange, 200, "ok");
            } else {
                send(exchange, 404, forbidden(path, "the Nacos stand-in does not serve " + method + " " + path));
            }
        } catch (RuntimeException e) {
            sendText(exchange, 400, "caused: " + e.getMessage());
        }
    }

    private static String token(HttpExchange exchange, Map<String, String> params) {
        String token = params.get("accessToken");
        if (token == null) {
            token = exchange.getRequestHeaders().getFirst("accessToken");
        }
        String authorization = exchange.getRequestHeaders().getFirst("Authorization");
        if (token == null && authorization != null && authorization.startsWith("Bearer ")) {
            token = authorization.substring("Bearer ".length());
        }
        return token;
    }

    private static void sendHtml(HttpExchange exchange, int status, String html) throws IOException {
        byte[] bytes = html.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/html;charset=UTF-8");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    private static ObjectNode forbidden(String path, String message) {
        ObjectNode body = Json.object();
        body.put("timestamp", System.currentTimeMillis());
        body.put("status", 403);
        body.put("error", "Forbidden");
        body.put("message", message);
        body.put("path", path);
        return body;
    }

    private static Map<String, String> params(HttpExchange exchange) throws IOException {
        Map<String, String> params = new LinkedHashMap<>();
        addPairs(exchange.getRequestURI().getRawQuery(), params);
        String type = exchange.getRequestHeaders().getFirst("Content-Type");
        byte[] body = exchange.getRequestBody().readAllBytes();
        if (body.length > 0 && (type == null || type.startsWith("application/x-www-form-urlencoded"))) {
            addPairs(new String(body, StandardCharsets.UTF_8), params);
        }
        return params;
    }

    private static void addPairs(String query, Map<String, String> into) {
        if (query == null || query.isEmpty()) {
            return;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            into.putIfAbsent(name, value);
        }
    }

    private static void send(HttpExchange exchange, int status, ObjectNode body) throws IOException {
        byte[] bytes = Json.write(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json;charset=UTF-8");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static void sendText(HttpExchange exchange, int status, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain;charset=UTF-8");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
