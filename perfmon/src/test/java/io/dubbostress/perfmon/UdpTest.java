package io.dubbostress.perfmon;

import io.dubbostress.perfmon.server.AgentSettings;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** The protocol over UDP, which the agent speaks only when asked to (--udp-port). */
class UdpTest {

    private static int freeUdpPort() throws IOException {
        try (DatagramSocket probe = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            return probe.getLocalPort();
        }
    }

    private static String exchange(DatagramSocket client, String command) throws IOException {
        send(client, command);
        return receive(client);
    }

    private static void send(DatagramSocket client, String command) throws IOException {
        byte[] bytes = (command + "\n").getBytes(StandardCharsets.UTF_8);
        client.send(new DatagramPacket(bytes, bytes.length));
    }

    private static String receive(DatagramSocket client) throws IOException {
        byte[] buffer = new byte[65536];
        DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
        client.receive(packet);
        return new String(packet.getData(), 0, packet.getLength(), StandardCharsets.UTF_8);
    }

    @Test
    void speaksTheProtocolOverUdpWhenAsked() throws IOException {
        int udpPort = freeUdpPort();
        try (PerfMonAgent agent = PerfMonAgent.start(AgentSettings.builder().tcpPort(0).udpPort(udpPort)
                .firstWindowMillis(200).build());
                DatagramSocket client = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            assertThat(agent.udpAddress().getPort()).isEqualTo(udpPort);
            assertThat(agent.listeningLine()).contains(", udp 127.0.0.1:" + udpPort + ";");
            client.connect(agent.udpAddress());
            client.setSoTimeout(10_000);

            assertThat(exchange(client, "test")).isEqualTo("Yep\n");
            assertThat(AgentClient.fields(exchange(client, "metrics-single:memory\tcpu"))).hasSize(2);
            assertThat(exchange(client, "metrics-single:bogus")).startsWith("ERROR metrics-single: unknown metric type");

            send(client, "interval:0.2");
            send(client, "metrics:memory:usedperc");
            for (int i = 0; i < 3; i++) {
                assertThat(AgentClient.number(AgentClient.fields(receive(client)).get(0))).isBetween(0.0, 100.0);
            }
            send(client, "exit");
            client.setSoTimeout(1500);
            int straggling = 0;
            try {
                while (straggling < 10) { // a line may already be on its way; then nothing more comes
                    receive(client);
                    straggling++;
                }
            } catch (SocketTimeoutException stopped) {
                // the stream has stopped
            }
            assertThat(straggling).isLessThan(10);
        }
    }

    @Test
    void udpIsOffByDefault() throws IOException {
        try (PerfMonAgent agent = PerfMonAgent.start(AgentSettings.builder().tcpPort(0).build())) {
            assertThat(agent.udpAddress()).isNull();
            assertThat(agent.listeningLine()).contains("(udp off)");
        }
    }
}
