package io.dubbostress.sampler.idl;

import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * gRPC's framing over HTTP/2: the request headers of a call ({@code POST /pkg.Service/Method}, {@code content-type:
 * application/grpc}, {@code te: trailers}, the deadline as {@code grpc-timeout}), and length-prefixed messages (one
 * byte "compressed", four bytes length, the message). Requests go uncompressed; an answer compressed with gzip (the
 * only encoding offered) is inflated.
 */
final class GrpcFrames {

    private static final AsciiString APPLICATION_GRPC = AsciiString.cached("application/grpc");
    private static final AsciiString TRAILERS = AsciiString.cached("trailers");
    private static final AsciiString USER_AGENT = AsciiString.cached("dubbo-stress-jmeter/grpc");
    private static final AsciiString ACCEPT_ENCODING = AsciiString.cached("identity,gzip");

    private GrpcFrames() {
    }

    /**
     * The request headers of every call of one plan (read, never changed, by every call: the codec only reads them).
     *
     * @param metadata sent as they are (attachments; for a triple provider its version and group headers too)
     */
    static Http2Headers requestHeaders(IdlAddress address, boolean tls, String path, int timeoutMs,
            Map<String, String> metadata) {
        Http2Headers headers = new DefaultHttp2Headers()
                .method("POST")
                .scheme(tls ? "https" : "http")
                .path(path)
                .authority(address.authority())
                .set("content-type", APPLICATION_GRPC)
                .set("te", TRAILERS)
                .set("user-agent", USER_AGENT)
                .set("grpc-accept-encoding", ACCEPT_ENCODING)
                .set("grpc-timeout", timeoutMs + "m");
        for (Map.Entry<String, String> e : metadata.entrySet()) {
            headers.add(e.getKey().toLowerCase(java.util.Locale.ROOT), e.getValue());
        }
        return headers;
    }

    /** {@code message} with its 5-byte prefix (not compressed). */
    static byte[] frame(byte[] message) {
        byte[] out = new byte[message.length + 5];
        int n = message.length;
        out[1] = (byte) (n >>> 24);
        out[2] = (byte) (n >>> 16);
        out[3] = (byte) (n >>> 8);
        out[4] = (byte) n;
        System.arraycopy(message, 0, out, 5, n);
        return out;
    }

    /**
     * The messages in {@code data[0, length)}: views of {@code data} (no copy), an inflated copy for a compressed one.
     *
     * @throws IOException when the framing is broken (a message cut short) or a compressed message does not inflate
     */
    static List<ByteBuffer> messages(byte[] data, int length) throws IOException {
        List<ByteBuffer> out = new ArrayList<>(1);
        int at = 0;
        while (at < length) {
            if (length - at < 5) {
                throw new IOException("the answer ends inside a message's prefix (" + (length - at) + " bytes)");
            }
            boolean compressed = data[at] != 0;
            int n = ((data[at + 1] & 0xff) << 24) | ((data[at + 2] & 0xff) << 16) | ((data[at + 3] & 0xff) << 8)
                    | (data[at + 4] & 0xff);
            if (n < 0 || n > length - at - 5) {
                throw new IOException("the answer's message of " + (n & 0xffffffffL) + " bytes is cut short at "
                        + (length - at - 5) + " bytes");
            }
            out.add(compressed ? ByteBuffer.wrap(gunzip(data, at + 5, n)) : ByteBuffer.wrap(data, at + 5, n).slice());
            at += 5 + n;
        }
        return out;
    }

    private static byte[] gunzip(byte[] data, int offset, int length) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(data, offset, length))) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(length * 4);
            byte[] buffer = new byte[8192];
            for (int n; (n = in.read(buffer)) > 0; ) {
                out.write(buffer, 0, n);
            }
            return out.toByteArray();
        }
    }
}
