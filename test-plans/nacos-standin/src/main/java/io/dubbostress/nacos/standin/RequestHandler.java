package io.dubbostress.nacos.standin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Answers the requests a Nacos 2 client sends on the {@code Request/request} call, by their type (the simple class
 * name of {@code nacos-api}'s request classes), with the response type and JSON fields the client reads. What it
 * does not know it answers with an {@code ErrorResponse} (code 501) and records, so a test can tell that a client
 * asked for more than the stand-in covers.
 */
final class RequestHandler {

    /** The response type of each request type the stand-in serves. */
    static final Map<String, String> RESPONSES = Map.ofEntries(
            Map.entry("ServerCheckRequest", "ServerCheckResponse"),
            Map.entry("HealthCheckRequest", "HealthCheckResponse"),
            Map.entry("InstanceRequest", "InstanceResponse"),
            Map.entry("PersistentInstanceRequest", "InstanceResponse"),
            Map.entry("BatchInstanceRequest", "BatchInstanceResponse"),
            Map.entry("ServiceQueryRequest", "QueryServiceResponse"),
            Map.entry("SubscribeServiceRequest", "SubscribeServiceResponse"),
            Map.entry("ServiceListRequest", "ServiceListResponse"),
            Map.entry("ConfigQueryRequest", "ConfigQueryResponse"),
            Map.entry("ConfigPublishRequest", "ConfigPublishResponse"),
            Map.entry("ConfigRemoveRequest", "ConfigRemoveResponse"),
            Map.entry("ConfigBatchListenRequest", "ConfigChangeBatchListenResponse"));

    /** Requests a server answers without auth (connection housekeeping). */
    private static final Set<String> OPEN = Set.of("ServerCheckRequest", "HealthCheckRequest");

    private final NamingStore naming;
    private final ConfigStore config;
    private final AccessControl access;
    private final RequestLog log;

    RequestHandler(NamingStore naming, ConfigStore config, AccessControl access, RequestLog log) {
        this.naming = naming;
        this.config = config;
        this.access = access;
        this.log = log;
    }

    Frame handle(Frame request, String connection) {
        String type = request.type();
        String responseType = RESPONSES.get(type);
        if (responseType == null) {
            log.unsupported(type);
            return error("ErrorResponse", 501, "the Nacos stand-in does not serve " + type);
        }
        String principal = OPEN.contains(type) ? "anonymous" : access.principal(request);
        log.received(type, principal, request.body());
        if (principal == null) {
            return error(responseType, 403, "user not found! (the stand-in's auth: no valid accessToken or"
                    + " access key signature)");
        }
        ObjectNode body = request.body();
        ObjectNode ok = Json.object();
        ok.put("resultCode", 200);
        ok.put("errorCode", 0);
        switch (type) {
            case "ServerCheckRequest" -> {
                ok.put("connectionId", connection);
                ok.put("supportAbilityNegotiation", true);
            }
            case "HealthCheckRequest" -> {
                // nothing to say: the connection is alive
            }
            case "InstanceRequest", "PersistentInstanceRequest" -> {
                NamingStore.ServiceKey key = serviceKey(body);
                NamingStore.InstanceRecord instance = NamingStore.instance(body.path("instance"), connection);
                if ("PersistentInstanceRequest".equals(type)) {
                    instance = NamingStore.instance(((ObjectNode) body.path("instance").deepCopy())
                            .put("ephemeral", false), null);
                }
                String what = body.path("type").asText();
                if ("deregisterInstance".equals(what)) {
                    naming.deregister(key, instance.ip(), instance.port(), instance.cluster());
                } else {
                    naming.register(key, instance);
                }
                ok.put("type", what);
            }
            case "BatchInstanceRequest" -> {
                NamingStore.ServiceKey key = serviceKey(body);
                List<NamingStore.InstanceRecord> instances = new ArrayList<>();
                for (JsonNode i : body.path("instances")) {
                    instances.add(NamingStore.instance(i, connection));
                }
                String what = body.path("type").asText();
                if ("batchDeregisterInstance".equals(what)) {
                    for (NamingStore.InstanceRecord i : instances) {
                        naming.deregister(key, i.ip(), i.port(), i.cluster());
                    }
                } else {
                    naming.registerBatch(key, instances, connection);
                }
                ok.put("type", what);
            }
            case "ServiceQueryRequest" -> ok.set("serviceInfo", naming.serviceInfo(serviceKey(body),
                    body.path("cluster").asText(""), body.path("healthyOnly").asBoolean(false)));
            case "SubscribeServiceRequest" -> {
                NamingStore.ServiceKey key = serviceKey(body);
                if (body.path("subscribe").asBoolean(true)) {
                    naming.subscribe(key, connection);
                } else {
                    naming.unsubscribe(key, connection);
                }
                ok.set("serviceInfo", naming.serviceInfo(key, body.path("clusters").asText(""), false));
            }
            case "ServiceListRequest" -> {
                String namespace = body.path("namespace").asText("");
                String group = body.path("groupName").asText("");
                List<String> names = naming.serviceNames(namespace.isEmpty() ? NamingStore.DEFAULT_NAMESPACE
                        : namespace, group.isEmpty() ? NamingStore.DEFAULT_GROUP : group);
                int pageNo = Math.max(1, body.path("pageNo").asInt(1));
                int pageSize = Math.max(1, body.path("pageSize").asInt(10));
                ArrayNode page = ok.putArray("serviceNames");
                long from = (long) (pageNo - 1) * pageSize;
                for (int i = (int) Math.min(from, names.size()); i < names.size() && i < from + pageSize; i++) {
                    page.add(names.get(i));
                }
                ok.put("count", names.size());
            }
            case "ConfigQueryRequest" -> {
                ConfigStore.Config found = config.get(configKey(body));
                if (found == null) {
                    return error(responseType, 300, "config data not exist");
                }
                ok.put("content", found.content());
                ok.put("md5", found.md5());
                ok.put("lastModified", found.lastModified());
                ok.put("contentType", "text");
                ok.put("encryptedDataKey", "");
                ok.put("isBeta", false);
            }
            case "ConfigPublishRequest" -> {
                if (!config.publish(configKey(body), body.path("content").asText(""),
                        body.path("casMd5").asText(""))) {
                    return error(responseType, 400, "publish failed: the stored MD5 is not the casMd5 given");
                }
            }
            case "ConfigRemoveRequest" -> config.remove(configKey(body));
            case "ConfigBatchListenRequest" -> {
                boolean listen = body.path("listen").asBoolean(true);
                ArrayNode changed = ok.putArray("changedConfigs");
                for (JsonNode c : body.path("configListenContexts")) {
                    ConfigStore.ConfigKey key = ConfigStore.ConfigKey.of(c.path("tenant").asText(""),
                            c.path("group").asText(""), c.path("dataId").asText(""));
                    if (config.listen(key, connection, c.path("md5").asText(""), listen)) {
                        changed.addObject().put("group", c.path("group").asText(""))
                                .put("dataId", key.dataId()).put("tenant", c.path("tenant").asText(""));
                    }
                }
            }
            default -> throw new IllegalStateException(type);
        }
        return Frame.of(responseType, ok);
    }

    private static NamingStore.ServiceKey serviceKey(JsonNode body) {
        return NamingStore.ServiceKey.of(body.path("namespace").asText(""), body.path("groupName").asText(""),
                body.path("serviceName").asText(""));
    }

    private static ConfigStore.ConfigKey configKey(JsonNode body) {
        return ConfigStore.ConfigKey.of(body.path("tenant").asText(""), body.path("group").asText(""),
                body.path("dataId").asText(""));
    }

    /** A failed response of {@code type}: result code 500 with the error code and message the client reads. */
    static Frame error(String type, int errorCode, String message) {
        ObjectNode body = Json.object();
        body.put("resultCode", 500);
        body.put("errorCode", errorCode);
        body.put("message", message);
        return Frame.of(type, body);
    }
}
