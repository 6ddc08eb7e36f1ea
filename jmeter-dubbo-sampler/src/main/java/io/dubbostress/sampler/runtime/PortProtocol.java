package io.dubbostress.sampler.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which protocol a provider port answers, asked once per port when a direct call to it timed out or lost its
 * connection: a {@code tri://} call to a {@code dubbo} port, or a {@code dubbo://} call to a triple port, only ever
 * timed out, saying nothing about the protocol. The question is the dubbo protocol's own heartbeat (a 16-byte request
 * header, event flag, hessian2, a null body): a dubbo port answers with the dubbo magic {@code 0xdabb}. A triple port
 * of Dubbo 3.3 closes the connection on it; asked again with HTTP/2's connection preface and an empty SETTINGS frame,
 * it answers with its own SETTINGS frame (measured against a Dubbo 3.3.5 provider's ports: the dubbo port answers
 * the heartbeat and never the preface, the triple port the preface and never the heartbeat). Anything else, or no
 * answer within the time given, is not known. The answers are kept for the test
 * ({@link #forget} at its start), so a run of failures asks once.
 *
 * <pre>{@code
 * String mismatch = PortProtocol.mismatch("tri://127.0.0.1:20880", "DubboSampler.address", 1000);
 * // "DubboSampler.address: 'tri://127.0.0.1:20880' is a port of the dubbo protocol, not triple: ..." (null: no mismatch known)
 * }</pre>
 */
public final class PortProtocol {

    /** What a port answered. */
    enum Spoken { DUBBO, HTTP, UNKNOWN }

    private static final Map<String, Spoken> ASKED = new ConcurrentHashMap<>();
    private static final int MOST_ASKED = 256;

    /** The dubbo protocol's heartbeat request: magic, request + two-way + event + hessian2 (2), id 1, a 1-byte body. */
    private static final byte[] HEARTBEAT = {(byte) 0xda, (byte) 0xbb, (byte) 0xe2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,
        1, 'N'};

    /** HTTP/2's client connection preface, then an empty SETTINGS frame. */
    private static final byte[] HTTP2_PREFACE = ("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\0\0\0\u0004\0\0\0\0\0")
            .getBytes(StandardCharsets.ISO_8859_1);

    private PortProtocol() {
    }

    /** Forgets the ports asked (a test starts). */
    public static void forget() {
        ASKED.clear();
    }

    /**
     * For a direct {@code address} (its first entry) that called the wrong protocol: one line naming {@code field},
     * the address and the protocol its port answers, and what to write instead; null when it matches, the address is
     * not direct, or the port's protocol is not known.
     */
    public static String mismatch(String address, String field, int timeoutMs) {
        String first = address == null ? "" : address.trim().split("[,;\\s]+")[0];
        int scheme = first.indexOf("://");
        String protocol = scheme < 0 ? "dubbo" : first.substring(0, scheme).toLowerCase(Locale.ROOT);
        String hostPort = scheme < 0 ? first : first.substring(scheme + 3);
        int colon = hostPort.lastIndexOf(':');
        if (colon <= 0 || !hostPort.substring(colon + 1).matches("[0-9]{1,5}")
                || !("dubbo".equals(protocol) || "tri".equals(protocol))) {
            return null;
        }
        String host = hostPort.substring(0, colon);
        int port = Integer.parseInt(hostPort.substring(colon + 1));
        Spoken spoken = ASKED.get(hostPort);
        if (spoken == null) {
            // at least 2 s whatever the call's timeout: a loaded machine answers late (the call timed out already)
            spoken = ask(host, port, Math.max(2000, Math.min(timeoutMs, 5000)));
            if (ASKED.size() < MOST_ASKED) {
                ASKED.put(hostPort, spoken);
            }
        }
        if ("tri".equals(protocol) && spoken == Spoken.DUBBO) {
            return field + ": '" + first + "' is a port of the dubbo protocol, not triple (it answered a dubbo"
                    + " heartbeat): call it as dubbo://" + hostPort + ", or the provider's triple port";
        }
        if ("dubbo".equals(protocol) && spoken == Spoken.HTTP) {
            return field + ": '" + first + "' is an HTTP port (a triple port of Dubbo 3, or a web server), not the"
                    + " dubbo protocol (it answered HTTP/2's connection preface): call the provider's dubbo port, or"
                    + (DubboVersion.directProtocols().contains("tri") ? " call it as tri://" + hostPort
                    : " call it as tri://" + hostPort + " with jmeter-dubbo3-sampler");
        }
        return null;
    }

    /** The heartbeat, then (no dubbo answer) HTTP/2's preface, each within {@code timeoutMs}. */
    static Spoken ask(String host, int port, int timeoutMs) {
        Spoken spoken = ask(host, port, timeoutMs, HEARTBEAT);
        return spoken != Spoken.UNKNOWN ? spoken : ask(host, port, timeoutMs, HTTP2_PREFACE);
    }

    /** Sends {@code question} and reads the first bytes of the answer, within {@code timeoutMs}. */
    private static Spoken ask(String host, int port, int timeoutMs, byte[] question) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), timeoutMs);
            socket.setSoTimeout(timeoutMs);
            OutputStream out = socket.getOutputStream();
            out.write(question);
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] answer = new byte[9];
            int n = 0;
            while (n < answer.length) {
                int r = in.read(answer, n, answer.length - n);
                if (r < 0) {
                    break;
                }
                n += r;
            }
            return of(answer, n);
        } catch (IOException e) {
            return Spoken.UNKNOWN; // refused, no answer in time, reset: nothing known
        }
    }

    /** What the first {@code n} bytes of an answer say. */
    static Spoken of(byte[] answer, int n) {
        if (n >= 2 && answer[0] == (byte) 0xda && answer[1] == (byte) 0xbb) {
            return Spoken.DUBBO;
        }
        if (n >= 5 && new String(answer, 0, 5, StandardCharsets.US_ASCII).equals("HTTP/")) {
            return Spoken.HTTP;
        }
        // an HTTP/2 frame header: 24-bit length, type SETTINGS (4) or GOAWAY (7), stream 0
        if (n == 9 && (answer[3] == 4 || answer[3] == 7) && answer[5] == 0 && answer[6] == 0 && answer[7] == 0
                && answer[8] == 0) {
            return Spoken.HTTP;
        }
        return Spoken.UNKNOWN;
    }
}
