package io.dubbostress.perfmon;

import io.dubbostress.perfmon.server.AgentSettings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.dubbostress.perfmon.host.Host;
import io.dubbostress.perfmon.metrics.JmxAccess;
import io.dubbostress.testsupport.FreePort;

/**
 * {@code jmx:url=} as a client uses it, over real TCP on loopback: the agent connects to loopback only unless
 * started with {@code --jmx-allow}, decides that before connecting, and answers every failure with the same line,
 * so a client cannot map which ports are open.
 */
class JmxAccessTest {

    private static final long CONNECT_TIMEOUT_MILLIS = 800;
    private static final long FAILURE_ANSWER_MILLIS = 200;

    private static Host host;
    private final List<PerfMonAgent> agents = new ArrayList<>();
    private final List<ServerSocket> servers = new ArrayList<>();

    @BeforeAll
    static void loadHost() {
        host = Host.local();
    }

    @AfterEach
    void stop() throws IOException {
        agents.forEach(PerfMonAgent::close);
        for (ServerSocket server : servers) {
            server.close();
        }
    }

    private int agent(AgentSettings.Builder settings) throws IOException {
        PerfMonAgent agent = PerfMonAgent.start(settings.tcpPort(0).jmxConnectTimeoutMillis(CONNECT_TIMEOUT_MILLIS)
                .jmxFailureAnswerMillis(FAILURE_ANSWER_MILLIS).build(), host);
        agents.add(agent);
        return agent.tcpAddress().getPort();
    }

    private ServerSocket listen(InetAddress address) throws IOException {
        ServerSocket server = new ServerSocket(0, 50, address);
        servers.add(server);
        return server;
    }

    /** An address of this host that is not loopback (connections to it stay on this host); null if none. */
    private static InetAddress nonLoopbackAddressOfThisHost() throws IOException {
        for (NetworkInterface nif : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!nif.isUp() || nif.isLoopback()) {
                continue;
            }
            for (InetAddress address : Collections.list(nif.getInetAddresses())) {
                if (address instanceof Inet4Address && !address.isLoopbackAddress()) {
                    return address;
                }
            }
        }
        return null;
    }

    /** Whether a connection to the server is waiting to be accepted (a client connected since the last look). */
    private static boolean someoneConnected(ServerSocket server) throws IOException {
        server.setSoTimeout(300);
        try (Socket ignored = server.accept()) {
            return true;
        } catch (SocketTimeoutException nobody) {
            return false;
        }
    }

    @Test
    void closedOpenAndSilentPortsAllGetTheSameAnswer() throws IOException {
        int closed = FreePort.find();
        ServerSocket notJmx = listen(InetAddress.getLoopbackAddress());
        AtomicInteger accepted = new AtomicInteger();
        Thread answerer = new Thread(() -> {
            while (!notJmx.isClosed()) {
                try (Socket socket = notJmx.accept()) {
                    accepted.incrementAndGet();
                    socket.getOutputStream().write("HTTP/1.1 400 Bad Request\r\n\r\n".getBytes("US-ASCII"));
                } catch (IOException e) {
                    return;
                }
            }
        }, "not-jmx");
        answerer.setDaemon(true);
        answerer.start();
        ServerSocket silent = listen(InetAddress.getLoopbackAddress()); // never accepts: connects, then silence

        try (AgentClient client = AgentClient.connect(agent(AgentSettings.builder()))) {
            long began = System.nanoTime();
            String closedAnswer = client.ask("metrics-single:jmx:url=127.0.0.1\\:" + closed + ":gc-time");
            long closedMillis = (System.nanoTime() - began) / 1_000_000;
            began = System.nanoTime();
            String notJmxAnswer = client.ask("metrics-single:jmx:url=127.0.0.1\\:" + notJmx.getLocalPort()
                    + ":gc-time");
            long notJmxMillis = (System.nanoTime() - began) / 1_000_000;
            began = System.nanoTime();
            String silentAnswer = client.ask("metrics-single:jmx:url=127.0.0.1\\:" + silent.getLocalPort()
                    + ":gc-time");
            long silentMillis = (System.nanoTime() - began) / 1_000_000;
            System.out.printf("jmx answers: closed port %d ms, open port not JMX %d ms, silent port %d ms"
                    + " (answers no sooner than %d ms, connect timeout %d ms)%n", closedMillis, notJmxMillis,
                    silentMillis, FAILURE_ANSWER_MILLIS, CONNECT_TIMEOUT_MILLIS);
            assertThat(closedMillis).as("no faster than the floor").isGreaterThanOrEqualTo(FAILURE_ANSWER_MILLIS);
            assertThat(notJmxMillis).as("no faster than the floor").isGreaterThanOrEqualTo(FAILURE_ANSWER_MILLIS);

            assertThat(accepted.get()).as("the agent did connect to the open port").isPositive();
            String expected = "ERROR metrics-single: jmx: nothing to read at url=127.0.0.1:PORT (no JMX agent answered"
                    + " there, or it refused this agent; this agent's log says which)\n";
            assertThat(closedAnswer.replace(String.valueOf(closed), "PORT")).isEqualTo(expected);
            assertThat(notJmxAnswer.replace(String.valueOf(notJmx.getLocalPort()), "PORT")).isEqualTo(expected);
            assertThat(silentAnswer.replace(String.valueOf(silent.getLocalPort()), "PORT")).isEqualTo(expected);
            assertThat(client.ask("test")).isEqualTo("Yep\n");
        }
    }

    @Test
    void onlyLoopbackUnlessAllowedAndDecidedBeforeConnecting() throws IOException {
        InetAddress other = nonLoopbackAddressOfThisHost();
        assumeTrue(other != null, "this host has an address besides loopback");
        ServerSocket elsewhere = listen(other);
        String url = "url=" + other.getHostAddress() + "\\:" + elsewhere.getLocalPort();

        try (AgentClient client = AgentClient.connect(agent(AgentSettings.builder()))) {
            assertThat(client.ask("metrics-single:jmx:" + url + ":gc-time")).isEqualTo("ERROR metrics-single: jmx: "
                    + url.replace("\\", "") + " is not a loopback address; this agent reads JMX on loopback only (localhost,"
                    + " 127.x.x.x, ::1) unless started with --jmx-allow HOST:PORT\n");
            String serviceUrl = "service:jmx:rmi:///jndi/rmi://" + other.getHostAddress() + ":"
                    + elsewhere.getLocalPort() + "/jmxrmi";
            assertThat(client.ask("metrics:jmx:url=" + serviceUrl.replace(":", "\\:") + ":memory-usage"))
                    .isEqualTo("ERROR metrics: jmx: url=" + serviceUrl + " is not a loopback address; this agent reads"
                            + " JMX on loopback only (localhost, 127.x.x.x, ::1) unless started with --jmx-allow"
                            + " HOST:PORT\n");
            assertThat(someoneConnected(elsewhere)).as("refused without a connection").isFalse();

            assertThat(client.ask("metrics-single:jmx:url="
                    + "service:jmx:rmi:///jndi/ldap://127.0.0.1:389/x".replace(":", "\\:") + ":gc-time"))
                    .as("a JNDI lookup other than an RMI registry").startsWith("ERROR metrics-single: jmx: url=")
                    .contains("is not HOST\\:PORT or service:jmx:rmi:///jndi/rmi://HOST\\:PORT/NAME");
            assertThat(client.ask("metrics-single:jmx:url=localhost\\:" + FreePort.find() + ":gc-time"))
                    .as("localhost is loopback").contains("nothing to read at url=localhost:");
        }

        int allowing = agent(AgentSettings.builder().allowJmx(other.getHostAddress() + ":"
                + elsewhere.getLocalPort()));
        try (AgentClient client = AgentClient.connect(allowing)) {
            assertThat(client.ask("metrics-single:jmx:" + url + ":gc-time"))
                    .contains("jmx: nothing to read at " + url.replace("\\", ""));
            assertThat(someoneConnected(elsewhere)).as("allowed: the agent connected").isTrue();
        }
    }

    @Test
    void theAllowListGrammar() {
        JmxAccess access = JmxAccess.loopbackOnly().allow("10.0.0.5:9010, db1:*,[fd00::5]:7000");
        assertThat(access.allows("10.0.0.5", 9010)).isTrue();
        assertThat(access.allows("10.0.0.5", 9011)).isFalse();
        assertThat(access.allows("10.0.0.6", 9010)).isFalse();
        assertThat(access.allows("DB1", 1)).isTrue();
        assertThat(access.allows("fd00:0:0:0:0:0:0:5", 7000)).as("the same address, written otherwise").isTrue();
        assertThat(access.allows("127.0.0.2", 4711)).isTrue();
        assertThat(access.allows("::1", 4711)).isTrue();
        assertThat(access.allows("localhost", 4711)).isTrue();
        assertThat(access.allows("localhost.example.com", 4711)).as("names are not looked up").isFalse();
        assertThat(JmxAccess.loopbackOnly().allow("*").allows("192.0.2.1", 1)).isTrue();
        assertThatThrownBy(() -> JmxAccess.loopbackOnly().allow("10.0.0.5:99999"))
                .hasMessage("jmx-allow '10.0.0.5:99999' is not HOST:PORT, HOST:* or * (example: 10.0.0.5:9010,"
                        + " [fd00::5]:9010, db1:*)");
        assertThatThrownBy(() -> JmxAccess.loopbackOnly().allow("fd00::5:7000")).hasMessageContaining("fd00::5:7000");
    }
}
