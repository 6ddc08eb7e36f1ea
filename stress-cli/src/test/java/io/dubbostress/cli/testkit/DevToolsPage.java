package io.dubbostress.cli.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A page open in Debian's headless Chromium, driven over the DevTools protocol (the browser's own debugging port on
 * loopback, a WebSocket from the JDK's {@code java.net.http}): evaluate JavaScript in the page as it runs, collect what
 * its console said and the exceptions it threw, take screenshots. Chromium gets a fresh profile, no network (every
 * host name resolves to nothing but 127.0.0.1, where the test's servers are), no sandbox
 * (containers); it is stopped, with its children, by {@link #close()}.
 *
 * <pre>{@code
 * try (DevToolsPage page = DevToolsPage.open(chromium, work, URI.create("http://127.0.0.1:7070/"), Duration.ofMinutes(1))) {
 *     JsonNode rows = page.evaluate("JSON.stringify([...document.querySelectorAll('tr')].length)");
 * }
 * }</pre>
 */
public final class DevToolsPage implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final WebSocket socket;
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<String> console = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final AtomicInteger ids = new AtomicInteger();

    private DevToolsPage(Process process, WebSocket socket) {
        this.process = process;
        this.socket = socket;
    }

    /** Starts Chromium on {@code page} with a window of {@code width} x {@code height} and connects to it. */
    public static DevToolsPage open(Path chromium, Path work, URI page, int width, int height, Duration startTimeout)
            throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(work, "chromium-devtools");
        List<String> command = List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--hide-scrollbars", "--user-data-dir=" + profile,
                "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--remote-debugging-port=0",
                "--window-size=" + width + "," + height, page.toString());
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(Files.createTempFile(work, "chromium-devtools", ".log").toFile()).start();
        try {
            long deadline = System.nanoTime() + startTimeout.toNanos();
            Path portFile = profile.resolve("DevToolsActivePort");
            HttpClient http = HttpClient.newHttpClient();
            String socketUrl = null;
            while (socketUrl == null) {
                if (System.nanoTime() > deadline || !process.isAlive()) {
                    throw new IllegalStateException("Chromium did not open its DevTools port within " + startTimeout
                            + (process.isAlive() ? "" : " (it exited: " + process.exitValue() + ")"));
                }
                if (Files.isRegularFile(portFile) && Files.readAllLines(portFile).size() >= 1) {
                    String port = Files.readAllLines(portFile).get(0).trim();
                    HttpResponse<String> list = http.send(HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + port + "/json/list")).build(),
                            HttpResponse.BodyHandlers.ofString());
                    for (JsonNode target : JSON.readTree(list.body())) {
                        if (target.path("type").asText().equals("page")) {
                            socketUrl = target.path("webSocketDebuggerUrl").asText();
                        }
                    }
                }
                if (socketUrl == null) {
                    Thread.sleep(100);
                }
            }
            DevToolsPage[] self = new DevToolsPage[1];
            WebSocket socket = http.newWebSocketBuilder().buildAsync(URI.create(socketUrl), new WebSocket.Listener() {
                private final StringBuilder text = new StringBuilder();

                @Override
                public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                    text.append(data);
                    if (last) {
                        String message = text.toString();
                        text.setLength(0);
                        while (self[0] == null) {
                            Thread.onSpinWait();
                        }
                        self[0].received(message);
                    }
                    ws.request(1);
                    return null;
                }
            }).get(30, TimeUnit.SECONDS);
            DevToolsPage devTools = new DevToolsPage(process, socket);
            self[0] = devTools;
            devTools.send("Runtime.enable", JSON.createObjectNode());
            devTools.send("Log.enable", JSON.createObjectNode());
            devTools.send("Page.enable", JSON.createObjectNode());
            return devTools;
        } catch (IOException | InterruptedException | RuntimeException e) {
            stop(process);
            throw e;
        } catch (Exception e) {
            stop(process);
            throw new IllegalStateException("cannot connect to Chromium's DevTools: " + e, e);
        }
    }

    private void received(String message) {
        try {
            JsonNode node = JSON.readTree(message);
            if (node.has("id")) {
                CompletableFuture<JsonNode> f = pending.remove(node.get("id").asInt());
                if (f != null) {
                    f.complete(node);
                }
                return;
            }
            String method = node.path("method").asText();
            switch (method) {
                case "Runtime.consoleAPICalled" -> console.add("console." + node.at("/params/type").asText() + ": "
                        + node.at("/params/args").toString());
                case "Runtime.exceptionThrown" -> console.add("exception: "
                        + node.at("/params/exceptionDetails").toString());
                case "Log.entryAdded" -> console.add("log " + node.at("/params/entry/level").asText() + ": "
                        + node.at("/params/entry/text").asText() + " " + node.at("/params/entry/url").asText());
                default -> {
                }
            }
        } catch (IOException e) {
            console.add("unreadable DevTools message: " + message);
        }
    }

    /** Sends a DevTools command and waits for its answer (its {@code result}); an error answer is an exception. */
    public JsonNode send(String method, ObjectNode params) {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        ObjectNode message = JSON.createObjectNode();
        message.put("id", id);
        message.put("method", method);
        message.set("params", params);
        try {
            socket.sendText(message.toString(), true).get(30, TimeUnit.SECONDS);
            JsonNode node = answer.get(60, TimeUnit.SECONDS);
            if (node.has("error")) {
                throw new IllegalStateException(method + ": " + node.get("error"));
            }
            return node.path("result");
        } catch (Exception e) {
            pending.remove(id);
            throw new IllegalStateException(method + " got no answer: " + e, e);
        }
    }

    /** Evaluates {@code expression} in the page; its value (JSON), or an exception with what the page threw. */
    public JsonNode evaluate(String expression) {
        ObjectNode params = JSON.createObjectNode();
        params.put("expression", expression);
        params.put("returnByValue", true);
        params.put("awaitPromise", true);
        JsonNode result = send("Runtime.evaluate", params);
        if (result.has("exceptionDetails")) {
            throw new IllegalStateException("the page threw: " + result.get("exceptionDetails"));
        }
        return result.path("result").path("value");
    }

    /** A PNG of the page as it is now, the whole page down to its end. */
    public byte[] screenshot() {
        ObjectNode params = JSON.createObjectNode();
        params.put("format", "png");
        params.put("captureBeyondViewport", true);
        return Base64.getDecoder().decode(send("Page.captureScreenshot", params).path("data").asText());
    }

    /** What the page's console said, its uncaught exceptions, and the browser's log entries (failed loads). */
    public List<String> console() {
        return new ArrayList<>(console);
    }

    @Override
    public void close() {
        socket.abort();
        stop(process);
    }

    private static void stop(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
