package io.dubbostress.report.gc;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Uploads a GC log to the GCeasy API as its documentation describes: {@code POST <endpoint>?apiKey=KEY}, the raw log as
 * the body with {@code Content-Type:text}, or, above {@code compressAboveBytes}, the log zipped with
 * {@code Content-Encoding:zip}. The answer is JSON; a refused key answers {@code {"fault": ...}}. Every failure is a
 * {@link GcEasyException} with one line and without the key; the log is only read.
 *
 * <pre>{@code
 * GcEasyClient client = new GcEasyClient(GcEasyClient.DEFAULT_ENDPOINT, ApiKey.of(key), Duration.ofMinutes(2),
 *         GcEasyClient.DEFAULT_COMPRESS_ABOVE_BYTES);
 * GcEasyAnswer answer = client.analyze(Paths.get("provider-gc.log"));
 * System.out.println(answer.webReport());
 * }</pre>
 */
public final class GcEasyClient {

    public static final URI DEFAULT_ENDPOINT = URI.create("https://api.gceasy.io/analyzeGC");
    /** Logs above 1 MiB are zipped before the upload. */
    public static final long DEFAULT_COMPRESS_ABOVE_BYTES = 1024 * 1024;

    private final URI endpoint;
    private final ApiKey key;
    private final Duration timeout;
    private final long compressAboveBytes;
    private final HttpClient http;
    private final ObjectMapper mapper = new ObjectMapper();

    public GcEasyClient(URI endpoint, ApiKey key, Duration timeout, long compressAboveBytes) {
        this.endpoint = endpoint;
        this.key = key;
        this.timeout = timeout;
        this.compressAboveBytes = compressAboveBytes;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    /** The endpoint without the key, for messages. */
    public URI endpoint() {
        return endpoint;
    }

    /** Uploads {@code log} and returns GCeasy's analysis. */
    public GcEasyAnswer analyze(Path log) throws GcEasyException {
        byte[] body;
        boolean zipped;
        try {
            byte[] raw = Files.readAllBytes(log);
            zipped = raw.length > compressAboveBytes;
            body = zipped ? zip(log.getFileName().toString(), raw) : raw;
        } catch (IOException e) {
            throw new GcEasyException("could not read " + log + " (" + e.getClass().getSimpleName() + ")");
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(requestUri())
                .timeout(timeout)
                .header("Content-Type", "text")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (zipped) {
            request.header("Content-Encoding", "zip");
        }
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (HttpTimeoutException e) {
            throw new GcEasyException("GCeasy (" + endpoint + ") did not answer within " + timeout.getSeconds() + " s");
        } catch (IOException e) {
            throw new GcEasyException("could not reach GCeasy at " + endpoint + ": " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " " + key.redact(e.getMessage())));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GcEasyException("interrupted while waiting for GCeasy");
        }
        String answer = key.redact(response.body());
        if (response.statusCode() != 200) {
            throw new GcEasyException("GCeasy (" + endpoint + ") answered HTTP " + response.statusCode()
                    + (answer.isEmpty() ? "" : ": " + snippet(answer)));
        }
        JsonNode json;
        try {
            json = mapper.readTree(answer);
        } catch (JsonProcessingException e) {
            json = null;
        }
        if (answer == null || answer.trim().isEmpty()) {
            throw new GcEasyException("GCeasy's answer was empty");
        }
        if (json == null || !json.isObject()) {
            throw new GcEasyException("GCeasy's answer is not a JSON object: " + snippet(answer));
        }
        if (json.has("fault")) {
            JsonNode fault = json.get("fault");
            String reason = fault.isTextual() ? fault.asText()
                    : fault.path("reason").asText(fault.path("message").asText(fault.toString()));
            throw new GcEasyException("GCeasy refused the request: " + snippet(key.redact(reason)));
        }
        return new GcEasyAnswer(json);
    }

    /** The answer as saved next to the log: GCeasy's JSON, with the key removed should it appear in it. */
    public String redactedText(GcEasyAnswer answer) {
        try {
            return key.redact(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(answer.json()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a parsed answer always serialises", e);
        }
    }

    private URI requestUri() {
        String base = endpoint.toString();
        String separator = base.contains("?") ? "&" : "?";
        return URI.create(base + separator + "apiKey=" + URLEncoder.encode(key.value(), StandardCharsets.UTF_8));
    }

    private static byte[] zip(String name, byte[] raw) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length / 8 + 1024);
        try (ZipOutputStream zip = new ZipOutputStream(out)) {
            zip.putNextEntry(new ZipEntry(name));
            zip.write(raw);
            zip.closeEntry();
        }
        return out.toByteArray();
    }

    private static String snippet(String text) {
        String line = text.replaceAll("\\s+", " ").trim();
        return line.length() > 160 ? line.substring(0, 157) + "..." : line;
    }
}
