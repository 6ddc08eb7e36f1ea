package io.dubbostress.sampler.idl;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http2.Http2FrameStream;
import io.netty.handler.codec.http2.Http2Headers;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/**
 * One gRPC call on a {@link GrpcConnection}: the request (headers and the length-prefixed message, sent as they are),
 * and what the server answered, filled in on the connection's event loop while the calling thread waits
 * ({@link #await}). The answer's messages stay as bytes: decoding them is the caller's choice.
 *
 * <pre>{@code
 * GrpcExchange call = connection.start(headers, frame, maxBytes);
 * if (!call.await(deadlineNanos)) { call.cancel(); }
 * }</pre>
 */
final class GrpcExchange {

    /** What ended the exchange when it was not the server's trailers. */
    enum Ending {
        /** trailers (or a trailers-only answer) arrived: see {@link #grpcStatus} */
        TRAILERS,
        /** the stream or the connection failed: {@link #failure} says how */
        FAILED,
        /** cancelled here (timeout, interrupt) */
        CANCELLED
    }

    final Http2Headers requestHeaders;
    final byte[] requestFrame;
    final long maxResponseBytes;
    private final GrpcConnection connection;

    // written on the event loop before done is set, read by the caller after await returned true
    Http2FrameStream stream;
    int httpStatus = -1;
    String contentType;
    /** grpc-status, or -1 when the answer had none. */
    int grpcStatus = -1;
    String grpcMessage;
    Ending ending;
    String failure;
    /** When the first response data (a message) or, for a trailers-only answer, the headers arrived. */
    long firstResponseNanos;
    private byte[] data = new byte[0];
    private int length;

    private volatile boolean done;
    private volatile Thread waiter;

    GrpcExchange(GrpcConnection connection, Http2Headers requestHeaders, byte[] requestFrame, long maxResponseBytes) {
        this.connection = connection;
        this.requestHeaders = requestHeaders;
        this.requestFrame = requestFrame;
        this.maxResponseBytes = maxResponseBytes;
    }

    // ----------------------------------------------------------------------------------- event loop side

    synchronized void onData(ByteBuf content) {
        if (done) {
            return;
        }
        if (firstResponseNanos == 0) {
            firstResponseNanos = System.nanoTime();
        }
        int n = content.readableBytes();
        if ((long) length + n > maxResponseBytes) {
            fail("the answer is beyond " + maxResponseBytes + " bytes");
            connection.cancel(this);
            return;
        }
        if (length + n > data.length) {
            int wanted = Math.max(length + n, Math.max(1024, data.length * 2));
            if (length == 0 && n >= 5) {
                // the first message's prefix says how long it is: one array for all of it (a unary answer)
                long declared = 5L + (content.getUnsignedInt(content.readerIndex() + 1));
                wanted = (int) Math.max(n, Math.min(declared, maxResponseBytes));
            }
            data = Arrays.copyOf(data, wanted);
        }
        content.readBytes(data, length, n);
        length += n;
    }

    void onTrailers(int status, String message) {
        if (firstResponseNanos == 0) {
            firstResponseNanos = System.nanoTime();
        }
        grpcStatus = status;
        grpcMessage = message;
        finish(Ending.TRAILERS);
    }

    synchronized void fail(String why) {
        if (!done) {
            failure = why;
            finish(Ending.FAILED);
        }
    }

    synchronized void finish(Ending how) {
        if (done) {
            return;
        }
        ending = how;
        done = true;
        Thread t = waiter;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    // ----------------------------------------------------------------------------------- caller side

    /**
     * Waits until the exchange ends or {@code deadlineNanos} ({@code System.nanoTime}) passes; false at the deadline
     * or on an interrupt (the interrupt flag is kept).
     */
    boolean await(long deadlineNanos) {
        if (done) {
            return true;
        }
        waiter = Thread.currentThread();
        while (!done) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0 || Thread.currentThread().isInterrupted()) {
                break;
            }
            LockSupport.parkNanos(this, left);
        }
        waiter = null;
        return done;
    }

    boolean done() {
        return done;
    }

    /** Ends the exchange from the caller's side: the stream is reset (CANCEL) if it is still open. */
    void cancel() {
        finish(Ending.CANCELLED);
        connection.cancel(this);
    }

    /**
     * What arrived of a stream that did not end (cancelled at the deadline): the complete messages' bytes so far, a
     * message cut short left out. Consistent with the event loop: it writes under the same lock, and writes nothing
     * once the exchange has ended.
     */
    synchronized byte[] completeMessagesSoFar() {
        int at = 0;
        while (at + 5 <= length) {
            long n = ((data[at + 1] & 0xffL) << 24) | ((data[at + 2] & 0xff) << 16) | ((data[at + 3] & 0xff) << 8)
                    | (data[at + 4] & 0xff);
            if (at + 5 + n > length) {
                break;
            }
            at += 5 + (int) n;
        }
        return Arrays.copyOf(data, at);
    }

    /** When the first message (or a trailers-only answer) arrived, 0 for nothing yet; read after the exchange ended. */
    synchronized long firstResponseNanos() {
        return firstResponseNanos;
    }

    /** The answer's bytes after the headers: length-prefixed messages. */
    byte[] data() {
        return data;
    }

    int length() {
        return length;
    }
}
