package io.dubbostress.gc;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

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
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Uploads a GC log to the GCeasy API as its documentation describes: {@code POST <endpoint>?apiKey=KEY}, the raw log as
 * the body with {@code Content-Type:text}, or, above {@code compressAboveBytes}, the log zipped with
 * {@code Content-Encoding:zip}. The pieces of a rotated log go together, as one zip archive of every piece (the API
 * takes compressed archives of several files). A time window becomes GCeasy's documented time filters,
 * {@code startTime} and {@code endTime}, in the time-stamp format of the logs ({@code 2026-11-21T10:00:00.000+0000}).
 * The client speaks HTTP/1.1 only: the JDK client's default upgrade attempt to HTTP/2 (h2c, with the body) breaks some
 * proxies. The body is streamed from the file (or a temporary zip), never held in memory. The answer is JSON; a
 * refused key answers {@code {"fault": ...}}. Every failure is a {@link GcEasyException} with one line and without the
 * key; the log is only read.
 *
 * <pre>{@code
 * GcEasyClient client = new GcEasyClient(GcEasyClient.DEFAULT_ENDPOINT, ApiKey.of(key), Duration.ofMinutes(2),
 *         GcEasyClient.DEFAULT_COMPRESS_ABOVE_BYTES);
 * GcEasyAnswer whole = client.analyze(Paths.get("provider-gc.log"));
 * GcEasyAnswer steady = client.analyze(GcLogSet.of(Paths.get("provider-gc.log")), new TimeWindow(fromMs, toMs));
 * System.out.println(steady.webReport());
 * }</pre>
 */
public final class GcEasyClient {

    /** GCeasy's analyzeGC endpoint, as an option's default can name it. */
    public static final String DEFAULT_ENDPOINT_TEXT = "https://api.gceasy.io/analyzeGC";
    public static final URI DEFAULT_ENDPOINT = URI.create(DEFAULT_ENDPOINT_TEXT);
    /** How long an answer is waited for, per log. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);
    /** Logs above 1 MiB are zipped before the upload. */
    public static final long DEFAULT_COMPRESS_ABOVE_BYTES = 1024 * 1024;
    /** The format of GCeasy's {@code startTime} and {@code endTime} (that of the logs' own time stamps). */
    public static final DateTimeFormatter TIME_FILTER =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ").withZone(ZoneOffset.UTC);

    private final URI endpoint;
    private final ApiKey key;
    private final Duration timeout;
    private final long compressAboveBytes;
    private final HttpClient http;

    /**
     * The client a key in the environment ({@link ApiKey#ENV}) asks for, with the default endpoint, timeout and
     * compression; null without a key.
     */
    public static GcEasyClient fromEnvironment(java.util.Map<String, String> environment) {
        ApiKey key = ApiKey.resolve(null, environment);
        return key == null ? null : new GcEasyClient(DEFAULT_ENDPOINT, key, DEFAULT_TIMEOUT,
                DEFAULT_COMPRESS_ABOVE_BYTES);
    }

    public GcEasyClient(URI endpoint, ApiKey key, Duration timeout, long compressAboveBytes) {
        this.endpoint = endpoint;
        this.key = key;
        this.timeout = timeout;
        this.compressAboveBytes = compressAboveBytes;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    /** The endpoint without the key, for messages. */
    public URI endpoint() {
        return endpoint;
    }

    /** Uploads {@code log} and returns GCeasy's analysis. */
    public GcEasyAnswer analyze(Path log) throws GcEasyException {
        return analyze(GcLogSet.of(log), null);
    }

    /**
     * Uploads a log or rotated set (the pieces together, zipped) and returns GCeasy's analysis of the pauses within
     * {@code window} (null: the whole log).
     */
    public GcEasyAnswer analyze(GcLogSet set, TimeWindow window) throws GcEasyException {
        Path zip = null;
        try {
            long size = 0;
            for (Path file : set.files()) {
                size += Files.size(file);
            }
            boolean plain = true;
            for (Path file : set.files()) {
                plain &= GcLogText.isPlain(file);
            }
            // a compressed or UTF-16 piece goes as the text it holds, in the zip (GCeasy takes text)
            boolean zipped = set.isRotated() || size > compressAboveBytes || !plain;
            if (zipped) {
                zip = Files.createTempFile("gceasy-", ".zip");
                zip(set, zip);
            }
            HttpRequest.Builder request = HttpRequest.newBuilder(requestUri(window))
                    .timeout(timeout)
                    .header("Content-Type", "text")
                    .POST(HttpRequest.BodyPublishers.ofFile(zipped ? zip : set.first()));
            if (zipped) {
                request.header("Content-Encoding", "zip");
            }
            return send(request.build());
        } catch (IOException e) {
            throw new GcEasyException("could not read " + set.name() + " (" + e.getClass().getSimpleName() + ")");
        } finally {
            if (zip != null) {
                try {
                    Files.deleteIfExists(zip);
                } catch (IOException e) {
                    // a temporary file the system cleans up
                }
            }
        }
    }

    private GcEasyAnswer send(HttpRequest request) throws GcEasyException {
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
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
            json = Json.MAPPER.readTree(answer);
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
            return key.redact(Json.MAPPER.writeValueAsString(answer.json()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a parsed answer always serialises", e);
        }
    }

    private URI requestUri(TimeWindow window) {
        String base = endpoint.toString();
        StringBuilder uri = new StringBuilder(base).append(base.contains("?") ? "&" : "?")
                .append("apiKey=").append(URLEncoder.encode(key.value(), StandardCharsets.UTF_8));
        if (window != null) {
            uri.append("&startTime=").append(timeFilter(window.fromEpochMs()))
                    .append("&endTime=").append(timeFilter(window.toEpochMs()));
        }
        return URI.create(uri.toString());
    }

    /** A time as GCeasy's time filters take it, URL-encoded. */
    static String timeFilter(long epochMs) {
        return URLEncoder.encode(TIME_FILTER.format(Instant.ofEpochMilli(epochMs)), StandardCharsets.UTF_8);
    }

    /** Every piece of the set, oldest first, as one zip archive; streamed, never whole in memory. */
    private static void zip(GcLogSet set, Path target) throws IOException {
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(target))) {
            for (Path file : set.files()) {
                if (GcLogText.isPlain(file)) {
                    zip.putNextEntry(new ZipEntry(file.getFileName().toString()));
                    Files.copy(file, zip);
                } else {
                    zip.putNextEntry(new ZipEntry(file.getFileName().toString().replaceFirst("\\.gz$", "")));
                    java.io.Writer text = new java.io.OutputStreamWriter(zip, StandardCharsets.ISO_8859_1);
                    try (java.io.BufferedReader lines = set.open(file)) {
                        for (String line; (line = lines.readLine()) != null; ) {
                            text.write(line);
                            text.write('\n');
                        }
                    }
                    text.flush();
                }
                zip.closeEntry();
            }
        }
    }

    private static String snippet(String text) {
        String line = text.replaceAll("\\s+", " ").trim();
        return line.length() > 160 ? line.substring(0, 157) + "..." : line;
    }
}
