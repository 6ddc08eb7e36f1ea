package io.dubbostress.sampler.hop;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * A minimal HTTP/1.1 client for the consumer hop: one keep-alive connection per JMeter thread (each sampler clone
 * owns one client), GET only, the request bytes prepared once ({@link HopRequest}), the response read into a
 * reused buffer: no per-request objects beyond what the sample records. Understands {@code Content-Length},
 * {@code chunked} and {@code Connection: close}. A request on a kept-alive connection the server has closed
 * meanwhile is retried once on a new connection.
 *
 * <pre>{@code
 * HopClient client = new HopClient();
 * client.exchange(HopRequest.parse("http://127.0.0.1:8080/stressTest/string1k", "target"), 5000, listener);
 * int status = client.status();   // 200; client.bodyContains("\"ok\":true")
 * }</pre>
 */
public final class HopClient implements Closeable {

    /** Body bytes kept for checks and response data; the rest is read and counted, not kept. */
    public static final int BODY_KEPT_BYTES = 8192;

    private final byte[] buffer = new byte[16384];
    private int pos;
    private int limit;
    private final byte[] line = new byte[8192];
    private int lineLength;
    private final byte[] body = new byte[BODY_KEPT_BYTES];
    private int bodyKept;

    private Socket socket;
    private InputStream in;
    private OutputStream out;
    private String connectedHost;
    private int connectedPort;

    private int status;
    private long receivedBytes;
    private long bodyBytes;
    private boolean serverCloses;

    /** Timing callbacks, so the sampler records connect and first-byte times on its own clock. */
    public interface Timing {
        void connected();

        void firstByte();
    }

    /**
     * Sends the request and reads the whole response.
     *
     * @throws java.net.SocketTimeoutException when connect or a read takes longer than {@code timeoutMs}
     * @throws IOException                      on any other connection failure or a malformed response
     */
    public void exchange(HopRequest request, int timeoutMs, Timing timing) throws IOException {
        boolean reused = isConnectedTo(request);
        if (!reused) {
            connect(request, timeoutMs);
            timing.connected();
        }
        try {
            sendAndReadStatus(request, timeoutMs, timing);
        } catch (IOException e) {
            close();
            if (!reused || e instanceof java.net.SocketTimeoutException) {
                throw e;
            }
            connect(request, timeoutMs); // the server closed the kept-alive connection: once more on a fresh one
            timing.connected();
            try {
                sendAndReadStatus(request, timeoutMs, timing);
            } catch (IOException again) {
                close();
                throw again;
            }
        }
        try {
            readHeadersAndBody();
        } catch (IOException e) {
            close();
            throw e;
        }
        if (serverCloses) {
            close();
        }
    }

    private boolean isConnectedTo(HopRequest request) {
        return socket != null && !socket.isClosed() && request.port() == connectedPort
                && request.host().equals(connectedHost);
    }

    private void connect(HopRequest request, int timeoutMs) throws IOException {
        close();
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.setKeepAlive(true);
            s.connect(new InetSocketAddress(request.host(), request.port()), timeoutMs);
        } catch (IOException e) {
            s.close();
            throw e;
        }
        socket = s;
        in = s.getInputStream();
        out = s.getOutputStream();
        connectedHost = request.host();
        connectedPort = request.port();
        pos = 0;
        limit = 0;
    }

    private void sendAndReadStatus(HopRequest request, int timeoutMs, Timing timing) throws IOException {
        socket.setSoTimeout(timeoutMs);
        out.write(request.bytes());
        out.flush();
        receivedBytes = 0;
        bodyBytes = 0;
        bodyKept = 0;
        serverCloses = false;
        if (!fill()) {
            throw new EOFException("connection closed by " + connectedHost + ":" + connectedPort
                    + " before the response");
        }
        timing.firstByte();
        readLine();
        // HTTP/1.1 200 OK
        if (lineLength < 12 || line[0] != 'H' || line[8] != ' ') {
            throw new IOException("not an HTTP response from " + connectedHost + ":" + connectedPort);
        }
        status = (line[9] - '0') * 100 + (line[10] - '0') * 10 + (line[11] - '0');
        if (status < 100 || status > 599) {
            throw new IOException("bad HTTP status line from " + connectedHost + ":" + connectedPort);
        }
        if (line[5] == '1' && line[7] == '0') {
            serverCloses = true; // HTTP/1.0: closes unless told otherwise
        }
    }

    private void readHeadersAndBody() throws IOException {
        long contentLength = -1;
        boolean chunked = false;
        while (true) {
            readLine();
            if (lineLength == 0) {
                break;
            }
            if (headerIs("content-length")) {
                contentLength = headerLong();
            } else if (headerIs("transfer-encoding")) {
                chunked = headerValueContains("chunked");
            } else if (headerIs("connection")) {
                if (headerValueContains("close")) {
                    serverCloses = true;
                } else if (headerValueContains("keep-alive")) {
                    serverCloses = false;
                }
            }
        }
        if (status == 204 || status == 304 || (status >= 100 && status < 200)) {
            return;
        }
        if (chunked) {
            while (true) {
                readLine();
                long size = chunkSize();
                if (size == 0) {
                    do {
                        readLine(); // trailers
                    } while (lineLength > 0);
                    return;
                }
                readBody(size);
                readLine(); // CRLF after the chunk
            }
        }
        if (contentLength >= 0) {
            readBody(contentLength);
            return;
        }
        serverCloses = true; // body ends with the connection
        while (fill()) {
            consumeBody(limit - pos);
        }
    }

    private void readBody(long length) throws IOException {
        long remaining = length;
        while (remaining > 0) {
            if (pos == limit && !fill()) {
                throw new EOFException("connection closed by " + connectedHost + ":" + connectedPort
                        + " in the middle of the response body");
            }
            int n = (int) Math.min(remaining, limit - pos);
            consumeBody(n);
            remaining -= n;
        }
    }

    private void consumeBody(int n) {
        int keep = Math.min(n, BODY_KEPT_BYTES - bodyKept);
        if (keep > 0) {
            System.arraycopy(buffer, pos, body, bodyKept, keep);
            bodyKept += keep;
        }
        pos += n;
        bodyBytes += n;
    }

    private boolean fill() throws IOException {
        if (pos < limit) {
            return true;
        }
        int n = in.read(buffer, 0, buffer.length);
        if (n <= 0) {
            return false;
        }
        pos = 0;
        limit = n;
        receivedBytes += n;
        return true;
    }

    private void readLine() throws IOException {
        lineLength = 0;
        while (true) {
            if (pos == limit && !fill()) {
                throw new EOFException("connection closed by " + connectedHost + ":" + connectedPort
                        + " in the middle of the response head");
            }
            byte b = buffer[pos++];
            if (b == '\n') {
                if (lineLength > 0 && line[lineLength - 1] == '\r') {
                    lineLength--;
                }
                return;
            }
            if (lineLength == line.length) {
                throw new IOException("response header line longer than " + line.length + " bytes");
            }
            line[lineLength++] = b;
        }
    }

    private boolean headerIs(String lowerName) {
        int n = lowerName.length();
        if (lineLength <= n || line[n] != ':') {
            return false;
        }
        for (int i = 0; i < n; i++) {
            int c = line[i];
            if (c >= 'A' && c <= 'Z') {
                c += 'a' - 'A';
            }
            if (c != lowerName.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private long headerLong() throws IOException {
        int i = indexOf(':') + 1;
        long value = 0;
        boolean digits = false;
        for (; i < lineLength; i++) {
            byte b = line[i];
            if (b >= '0' && b <= '9') {
                value = value * 10 + (b - '0');
                digits = true;
            } else if (b != ' ' && b != '\t') {
                break;
            }
        }
        if (!digits) {
            throw new IOException("bad Content-Length from " + connectedHost + ":" + connectedPort);
        }
        return value;
    }

    private boolean headerValueContains(String lowerWord) {
        int start = indexOf(':') + 1;
        int n = lowerWord.length();
        for (int i = start; i + n <= lineLength; i++) {
            boolean match = true;
            for (int j = 0; j < n && match; j++) {
                int c = line[i + j];
                if (c >= 'A' && c <= 'Z') {
                    c += 'a' - 'A';
                }
                match = c == lowerWord.charAt(j);
            }
            if (match) {
                return true;
            }
        }
        return false;
    }

    private long chunkSize() throws IOException {
        long size = 0;
        boolean digits = false;
        for (int i = 0; i < lineLength; i++) {
            int c = line[i];
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0) {
                break;
            }
            size = size * 16 + d;
            digits = true;
        }
        if (!digits) {
            throw new IOException("bad chunk size from " + connectedHost + ":" + connectedPort);
        }
        return size;
    }

    private int indexOf(char c) {
        for (int i = 0; i < lineLength; i++) {
            if (line[i] == c) {
                return i;
            }
        }
        return lineLength;
    }

    /** The last response's status code. */
    public int status() {
        return status;
    }

    /** Bytes received for the last response: status line, headers and body. */
    public long receivedBytes() {
        return receivedBytes - (limit - pos); // bytes read ahead belong to no response (there are none in HTTP/1.1)
    }

    /** The last response's body length. */
    public long bodyBytes() {
        return bodyBytes;
    }

    /** Whether the kept part of the body contains {@code ascii}. */
    public boolean bodyContains(byte[] ascii) {
        outer:
        for (int i = 0; i + ascii.length <= bodyKept; i++) {
            for (int j = 0; j < ascii.length; j++) {
                if (body[i + j] != ascii[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    /** Up to {@code max} bytes of the body (kept part only). */
    public byte[] body(int max) {
        int n = Math.min(max, bodyKept);
        byte[] copy = new byte[n];
        System.arraycopy(body, 0, copy, 0, n);
        return copy;
    }

    /** The body's first line, for a failure message (kept part only, ASCII). */
    public String bodyLine(int maxChars) {
        int n = 0;
        while (n < bodyKept && n < maxChars && body[n] != '\n' && body[n] != '\r') {
            n++;
        }
        return new String(body, 0, n, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    public boolean isConnected() {
        return socket != null && !socket.isClosed();
    }

    @Override
    public void close() {
        Socket s = socket;
        socket = null;
        in = null;
        out = null;
        if (s != null) {
            try {
                s.close();
            } catch (IOException e) {
                // closing: nothing left to do
            }
        }
    }
}
