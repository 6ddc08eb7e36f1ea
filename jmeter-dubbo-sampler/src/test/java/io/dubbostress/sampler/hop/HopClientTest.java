package io.dubbostress.sampler.hop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link HopClient} against a real HTTP server on loopback: a raw {@link ServerSocket} written here, so each test
 * decides byte for byte what the server sends and when it closes the connection.
 */
class HopClientTest {

    private ScriptedServer server;
    private final HopClient client = new HopClient();
    private final CountingTiming timing = new CountingTiming();

    @AfterEach
    void stop() throws IOException {
        client.close();
        if (server != null) {
            server.close();
        }
    }

    @Test
    void readsAChunkedBodyAndKeepsTheConnection() throws IOException {
        String response = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "b\r\n{\"ok\":true,\r\n10\r\n \"size\": 1024}  \r\n0\r\nX-Trailer: 1\r\n\r\n";
        server = new ScriptedServer((connection, request) -> new Answer(response, false));
        HopRequest request = HopRequest.parse(server.url("/stressTest/string1k"), "target");

        client.exchange(request, 5000, timing);
        assertThat(client.status()).isEqualTo(200);
        assertThat(new String(client.body(100), StandardCharsets.US_ASCII)).isEqualTo("{\"ok\":true, \"size\": 1024}  ");
        assertThat(client.bodyBytes()).isEqualTo(11 + 16);
        assertThat(client.receivedBytes()).isEqualTo(response.length());
        assertThat(client.bodyContains("\"ok\":true".getBytes(StandardCharsets.US_ASCII))).isTrue();

        client.exchange(request, 5000, timing); // the trailer was consumed: the next response starts clean
        assertThat(client.status()).isEqualTo(200);
        assertThat(client.bodyBytes()).isEqualTo(27);
        assertThat(server.connections()).isEqualTo(1);
        assertThat(timing.connects.get()).isEqualTo(1);
        assertThat(timing.firstBytes.get()).isEqualTo(2);
        assertThat(server.requests().get(0)).startsWith("GET /stressTest/string1k HTTP/1.1\r\nHost: 127.0.0.1:");
    }

    @Test
    void connectionCloseEndsTheConnectionAndTheNextRequestOpensANewOne() throws IOException {
        server = new ScriptedServer((connection, request) -> new Answer(
                "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 18\r\n\r\n"
                        + "{\"ok\":false,\"n\":" + connection + "}", true));
        HopRequest request = HopRequest.parse(server.url("/x"), "target");

        client.exchange(request, 5000, timing);
        assertThat(client.status()).isEqualTo(503);
        assertThat(client.bodyLine(100)).isEqualTo("{\"ok\":false,\"n\":1}");
        assertThat(client.isConnected()).isFalse();

        client.exchange(request, 5000, timing);
        assertThat(client.bodyLine(100)).isEqualTo("{\"ok\":false,\"n\":2}");
        assertThat(server.connections()).isEqualTo(2);
        assertThat(timing.connects.get()).isEqualTo(2);
    }

    @Test
    void aBodyWithoutLengthEndsWithTheConnection() throws IOException {
        server = new ScriptedServer((connection, request) -> new Answer(
                "HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nall of it", true));
        client.exchange(HopRequest.parse(server.url("/x"), "target"), 5000, timing);
        assertThat(client.status()).isEqualTo(200);
        assertThat(client.bodyLine(100)).isEqualTo("all of it");
        assertThat(client.isConnected()).isFalse();
    }

    @Test
    void aKeptAliveConnectionTheServerClosedIsReopenedOnceAndTheRequestSentAgain() throws IOException {
        // the server answers one request per connection and then closes it without saying so (an idle timeout)
        server = new ScriptedServer((connection, request) -> new Answer(
                "HTTP/1.1 200 OK\r\nContent-Length: 17\r\n\r\n{\"ok\":true,\"n\":" + connection + "}", true));
        HopRequest request = HopRequest.parse(server.url("/x"), "target");

        client.exchange(request, 5000, timing);
        assertThat(client.bodyLine(100)).isEqualTo("{\"ok\":true,\"n\":1}");
        assertThat(client.isConnected()).isTrue(); // HTTP/1.1 without Connection: close: kept
        server.awaitClosed(1);

        client.exchange(request, 5000, timing);
        assertThat(client.status()).isEqualTo(200);
        assertThat(client.bodyLine(100)).isEqualTo("{\"ok\":true,\"n\":2}");
        assertThat(server.connections()).isEqualTo(2);
        assertThat(timing.connects.get()).isEqualTo(2);
    }

    @Test
    void aFreshConnectionThatFailsIsNotRetried() throws IOException {
        AtomicInteger answered = new AtomicInteger();
        server = new ScriptedServer((connection, request) -> {
            answered.incrementAndGet();
            return new Answer("", true); // closes without a byte
        });
        HopRequest request = HopRequest.parse(server.url("/x"), "target");
        assertThatThrownBy(() -> client.exchange(request, 5000, timing))
                .isInstanceOf(IOException.class).hasMessageContaining("before the response");
        assertThat(answered.get()).isEqualTo(1);
        assertThat(client.isConnected()).isFalse();
    }

    @Test
    void aSilentServerIsATimeout() throws IOException {
        server = new ScriptedServer((connection, request) -> null); // reads the request, never answers
        HopRequest request = HopRequest.parse(server.url("/x"), "target");
        assertThatThrownBy(() -> client.exchange(request, 300, timing)).isInstanceOf(SocketTimeoutException.class);
        assertThat(server.connections()).isEqualTo(1); // a timeout is not retried
    }

    /** What the server sends for one request, and whether it closes the connection after it. */
    private static final class Answer {
        final String bytes;
        final boolean close;

        Answer(String bytes, boolean close) {
            this.bytes = bytes;
            this.close = close;
        }
    }

    private static final class CountingTiming implements HopClient.Timing {
        final AtomicInteger connects = new AtomicInteger();
        final AtomicInteger firstBytes = new AtomicInteger();

        @Override
        public void connected() {
            connects.incrementAndGet();
        }

        @Override
        public void firstByte() {
            firstBytes.incrementAndGet();
        }
    }

    /**
     * An HTTP server on a free loopback port that reads each request head and answers what the script says for
     * (connection number from 1, request text); null: no answer (the connection stays open, silent).
     */
    private static final class ScriptedServer implements AutoCloseable {
        private final ServerSocket socket;
        private final Thread acceptor;
        private final AtomicInteger connections = new AtomicInteger();
        private final AtomicInteger closed = new AtomicInteger();
        private final List<String> requests = new CopyOnWriteArrayList<>();
        private final List<Socket> open = new CopyOnWriteArrayList<>();

        ScriptedServer(BiFunction<Integer, String, Answer> script) throws IOException {
            socket = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
            acceptor = new Thread(() -> {
                while (!socket.isClosed()) {
                    try {
                        Socket s = socket.accept();
                        open.add(s);
                        int n = connections.incrementAndGet();
                        Thread t = new Thread(() -> serve(s, n, script), "scripted-http-" + n);
                        t.setDaemon(true);
                        t.start();
                    } catch (IOException e) {
                        return; // closed
                    }
                }
            }, "scripted-http-accept");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        private void serve(Socket s, int connection, BiFunction<Integer, String, Answer> script) {
            try (Socket c = s) {
                InputStream in = c.getInputStream();
                OutputStream out = c.getOutputStream();
                while (true) {
                    String request = readHead(in);
                    if (request == null) {
                        return;
                    }
                    requests.add(request);
                    Answer answer = script.apply(connection, request);
                    if (answer == null) {
                        in.read(); // hold the connection until the client goes
                        return;
                    }
                    out.write(answer.bytes.getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    if (answer.close) {
                        return;
                    }
                }
            } catch (IOException e) {
                // the client went away
            } finally {
                closed.incrementAndGet();
            }
        }

        private static String readHead(InputStream in) throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            int b;
            while ((b = in.read()) >= 0) {
                head.write(b);
                String text = head.toString("US-ASCII");
                if (text.endsWith("\r\n\r\n")) {
                    return text;
                }
            }
            return null;
        }

        String url(String path) {
            return "http://127.0.0.1:" + socket.getLocalPort() + path;
        }

        int connections() {
            return connections.get();
        }

        List<String> requests() {
            return requests;
        }

        /** Waits until the server has closed {@code n} connections (its side), bounded. */
        void awaitClosed(int n) {
            org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30)).until(() -> closed.get() >= n);
        }

        @Override
        public void close() throws IOException {
            socket.close();
            for (Socket s : open) {
                s.close();
            }
        }
    }
}
