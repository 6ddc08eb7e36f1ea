package io.dubbostress.nacos.standin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractListener;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import com.alibaba.nacos.api.naming.pojo.Instance;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The stand-in against the real Nacos client ({@code nacos-client} 2.5.1, the one Dubbo 3.3.5 is built with), over
 * its gRPC protocol and the open HTTP API: what the client's naming and config services do when Dubbo registers,
 * subscribes, maps interfaces to applications, and what a browser asks over HTTP. One stand-in with auth on (a user
 * and an access key) for every case.
 */
class NacosStandInClientTest {

    private static final String USER = "nacos";
    private static final String PASSWORD = "pw-standin-3b1f";
    private static final String ACCESS_KEY = "AK-standin";
    private static final String SECRET_KEY = "SK-standin-88c0";

    private static NacosStandIn nacos;

    @BeforeAll
    static void start() {
        nacos = NacosStandIn.builder().user(USER, PASSWORD).accessKey(ACCESS_KEY, SECRET_KEY).start();
    }

    @AfterAll
    static void stop() {
        if (nacos != null) {
            assertThat(nacos.requests().unsupported()).as("request types the stand-in does not serve").isEmpty();
            nacos.close();
        }
    }

    private static Properties properties(String namespace) {
        Properties p = new Properties();
        p.setProperty(PropertyKeyConst.SERVER_ADDR, nacos.address());
        if (namespace != null) {
            p.setProperty(PropertyKeyConst.NAMESPACE, namespace);
        }
        p.setProperty(PropertyKeyConst.NAMING_LOAD_CACHE_AT_START, "false");
        return p;
    }

    private static Properties withUser(String namespace, String password) {
        Properties p = properties(namespace);
        p.setProperty(PropertyKeyConst.USERNAME, USER);
        p.setProperty(PropertyKeyConst.PASSWORD, password);
        return p;
    }

    private static Instance instance(String ip, int port, Map<String, String> metadata) {
        Instance i = new Instance();
        i.setIp(ip);
        i.setPort(port);
        i.setMetadata(metadata);
        return i;
    }

    @Test
    void registersQueriesSubscribesAndPushesWithinItsNamespaceAndGroup() throws Exception {
        NamingService provider = NacosFactory.createNamingService(withUser("ns-a", PASSWORD));
        NamingService other = NacosFactory.createNamingService(withUser("ns-a", PASSWORD));
        NamingService consumer = NacosFactory.createNamingService(withUser("ns-a", PASSWORD));
        NamingService elsewhere = NacosFactory.createNamingService(withUser("ns-b", PASSWORD));
        try {
            assertThat(provider.getServerStatus()).isEqualTo("UP");
            provider.registerInstance("svc-a", "G1", instance("127.0.0.1", 20880, Map.of("methods", "echo,ping")));
            await().atMost(Duration.ofSeconds(10)).until(() -> nacos.instances("ns-a", "G1", "svc-a").size() == 1);
            assertThat(nacos.instances("ns-a", "G1", "svc-a").get(0).metadata()).containsEntry("methods", "echo,ping");

            List<Instance> found = consumer.getAllInstances("svc-a", "G1", false);
            assertThat(found).extracting(Instance::getPort).containsExactly(20880);
            assertThat(found.get(0).getMetadata()).containsEntry("methods", "echo,ping");
            assertThat(elsewhere.getAllInstances("svc-a", "G1", false)).as("another namespace").isEmpty();
            assertThat(consumer.getAllInstances("svc-a", "DEFAULT_GROUP", false)).as("another group").isEmpty();

            List<List<Integer>> events = new CopyOnWriteArrayList<>();
            consumer.subscribe("svc-a", "G1", event -> events.add(((NamingEvent) event).getInstances().stream()
                    .map(Instance::getPort).sorted().toList()));
            await().atMost(Duration.ofSeconds(10)).until(() -> events.contains(List.of(20880)));

            other.registerInstance("svc-a", "G1", instance("127.0.0.1", 20881, Map.of()));
            await().atMost(Duration.ofSeconds(10)).until(() -> events.contains(List.of(20880, 20881)));
            assertThat(nacos.requests().count("NotifySubscriberResponse")).as("the client acknowledged pushes")
                    .isPositive();

            provider.batchRegisterInstance("svc-a", "G1", List.of(instance("127.0.0.1", 20880, Map.of()),
                    instance("127.0.0.1", 20882, Map.of())));
            await().atMost(Duration.ofSeconds(10)).until(() -> events.contains(List.of(20880, 20881, 20882)));

            other.shutDown(); // its ephemeral instance goes with its connection
            await().atMost(Duration.ofSeconds(10)).until(() -> events.contains(List.of(20880, 20882)));
            provider.deregisterInstance("svc-a", "G1", "127.0.0.1", 20882);
            await().atMost(Duration.ofSeconds(10)).until(() -> events.contains(List.of(20880)) && events
                    .indexOf(List.of(20880)) != events.lastIndexOf(List.of(20880)));

            assertThat(consumer.getServicesOfServer(1, 10, "G1").getData()).containsExactly("svc-a");
            assertThat(nacos.requests().principals("InstanceRequest")).containsExactly("user:" + USER);
            JsonNode registered = nacos.requests().bodies("InstanceRequest").get(0);
            assertThat(registered.path("namespace").asText()).isEqualTo("ns-a");
            assertThat(registered.path("groupName").asText()).isEqualTo("G1");
        } finally {
            for (NamingService n : List.of(provider, other, consumer, elsewhere)) {
                n.shutDown();
            }
        }
    }

    @Test
    void refusesAWrongPasswordAndSignsWithAnAccessKey() throws Exception {
        NamingService wrong = NacosFactory.createNamingService(withUser(null, "not-the-password"));
        Properties signed = properties(null);
        signed.setProperty(PropertyKeyConst.ACCESS_KEY, ACCESS_KEY);
        signed.setProperty(PropertyKeyConst.SECRET_KEY, SECRET_KEY);
        NamingService withKey = NacosFactory.createNamingService(signed);
        try {
            assertThatThrownBy(() -> wrong.getAllInstances("svc-k", false)).isInstanceOf(NacosException.class)
                    .hasMessageContaining("user not found");
            assertThat(nacos.requests().principals("ServiceQueryRequest")).contains("refused");

            withKey.registerInstance("svc-k", instance("127.0.0.1", 20890, Map.of()));
            assertThat(withKey.getAllInstances("svc-k", false)).extracting(Instance::getPort).containsExactly(20890);
            assertThat(nacos.requests().principals("InstanceRequest")).contains("ak:" + ACCESS_KEY);
        } finally {
            wrong.shutDown();
            withKey.shutDown();
        }
    }

    @Test
    void storesPublishesAndNotifiesConfigurations() throws Exception {
        Properties p = withUser("ns-c", PASSWORD);
        ConfigService config = NacosFactory.createConfigService(p);
        ConfigService listener = NacosFactory.createConfigService(p);
        try {
            assertThat(config.getConfig("io.x.Service", "mapping", 5000)).isNull();
            assertThat(config.publishConfig("io.x.Service", "mapping", "app-a")).isTrue();
            assertThat(config.getConfig("io.x.Service", "mapping", 5000)).isEqualTo("app-a");
            assertThat(nacos.config("ns-c", "mapping", "io.x.Service")).isEqualTo("app-a");
            assertThat(config.publishConfigCas("io.x.Service", "mapping", "app-b", "not-the-md5")).isFalse();

            List<String> seen = new CopyOnWriteArrayList<>();
            listener.addListener("io.x.Service", "mapping", new AbstractListener() {
                @Override
                public void receiveConfigInfo(String content) {
                    seen.add(content);
                }
            });
            assertThat(config.publishConfigCas("io.x.Service", "mapping", "app-a,app-b",
                    ConfigStore.md5("app-a"))).isTrue();
            await().atMost(Duration.ofSeconds(15)).until(() -> seen.contains("app-a,app-b"));
            assertThat(config.removeConfig("io.x.Service", "mapping")).isTrue();
            assertThat(config.getConfig("io.x.Service", "mapping", 5000)).isNull();
            // a compare-and-swap of a configuration that does not exist creates it, as the server's
            // insertOrUpdateCas does: Dubbo 3's providers write a new mapping so, with "0" as the MD5
            assertThat(config.publishConfigCas("io.y.Service", "mapping", "app-c", "0")).isTrue();
            assertThat(nacos.config("ns-c", "mapping", "io.y.Service")).isEqualTo("app-c");
        } finally {
            config.shutDown();
            listener.shutDown();
        }
    }

    @Test
    void servesTheOpenApiToALoggedInUser() throws Exception {
        NamingService provider = NacosFactory.createNamingService(withUser("ns-h", PASSWORD));
        HttpClient http = HttpClient.newHttpClient();
        try {
            provider.registerInstance("providers:io.x.Service::", "G2",
                    instance("127.0.0.1", 20886, Map.of("methods", "a,b", "interface", "io.x.Service")));
            String base = "http://" + nacos.address() + "/nacos/v1";
            HttpResponse<String> refused = http.send(HttpRequest.newBuilder(URI.create(base
                    + "/ns/service/list?namespaceId=ns-h&groupName=G2&pageNo=1&pageSize=10")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(refused.statusCode()).isEqualTo(403);

            HttpResponse<String> login = http.send(HttpRequest.newBuilder(URI.create(base + "/auth/login"))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString("username=" + USER + "&password=" + PASSWORD)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(login.statusCode()).isEqualTo(200);
            String token = Json.MAPPER.readTree(login.body()).path("accessToken").asText();

            JsonNode list = Json.MAPPER.readTree(http.send(HttpRequest.newBuilder(URI.create(base
                    + "/ns/service/list?namespaceId=ns-h&groupName=G2&pageNo=1&pageSize=10&accessToken=" + token))
                    .build(), HttpResponse.BodyHandlers.ofString()).body());
            assertThat(list.path("count").asInt()).isEqualTo(1);
            assertThat(list.path("doms").get(0).asText()).isEqualTo("providers:io.x.Service::");

            JsonNode instances = Json.MAPPER.readTree(http.send(HttpRequest.newBuilder(URI.create(base
                    + "/ns/instance/list?namespaceId=ns-h&groupName=G2&serviceName="
                    + URLEncoder.encode("providers:io.x.Service::", StandardCharsets.UTF_8) + "&accessToken="
                    + token)).build(), HttpResponse.BodyHandlers.ofString()).body());
            assertThat(instances.path("hosts")).hasSize(1);
            assertThat(instances.path("hosts").get(0).path("port").asInt()).isEqualTo(20886);
            assertThat(instances.path("hosts").get(0).path("metadata").path("methods").asText()).isEqualTo("a,b");
        } finally {
            provider.shutDown();
        }
    }
}
