package io.dubbostress.sampler.idl;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.DefaultHttp2WindowUpdateFrame;
import io.netty.handler.codec.http2.Http2ChannelDuplexHandler;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2FrameStream;
import io.netty.handler.codec.http2.Http2FrameStreamException;
import io.netty.handler.codec.http2.Http2GoAwayFrame;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2SettingsFrame;
import io.netty.handler.codec.http2.Http2Stream;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;

/**
 * One HTTP/2 connection to a gRPC server (a Dubbo triple port, or any gRPC server), shared by every thread whose IDL
 * calls have the same target: the gRPC wire protocol written on the netty HTTP/2 codec that Dubbo 3.3 carries (no
 * grpc-java in the jar). Each call is one stream ({@link GrpcExchange}): its request headers and length-prefixed
 * message are prepared once per plan and written as they are; the answer is collected on the connection's event loop
 * and handed to the waiting thread. Flow control credit is returned as data is read; a 1 MiB window per stream and for
 * the connection, as grpc-java's client has.
 *
 * <p>A server that does not speak HTTP/2 (an HTTP/1.1 server, a {@code dubbo://} port) is refused with what it
 * answered instead of a SETTINGS frame ({@link NotHttp2Exception}).
 *
 * <pre>{@code
 * GrpcConnection c = GrpcConnection.open(address, null, 5000);
 * GrpcExchange call = c.start(headers, frame, 64 << 20);
 * call.await(System.nanoTime() + 5_000_000_000L);
 * c.close();
 * }</pre>
 */
final class GrpcConnection {

    static final int WINDOW_BYTES = 1 << 20;
    /** How a stream the server reset is described (then the HTTP/2 error: {@code CANCEL)}, ...). */
    static final String RESET_BY_SERVER = "the server reset the stream (HTTP/2 ";
    private static EventLoopGroup group;

    private final Channel channel;
    private final Handler handler;
    private final IdlAddress address;

    private GrpcConnection(Channel channel, Handler handler, IdlAddress address) {
        this.channel = channel;
        this.handler = handler;
        this.address = address;
    }

    /** The event loops of every IDL connection: daemon threads, as many as cores (at most 4). */
    static synchronized EventLoopGroup group() {
        if (group == null || group.isShuttingDown()) {
            int threads = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
            group = new NioEventLoopGroup(threads, new DefaultThreadFactory("dubbo-stress-grpc", true));
        }
        return group;
    }

    /** The event loops' end, once every connection is closed (test end). */
    static synchronized void shutdownGroup() {
        if (group != null) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            group = null;
        }
    }

    /**
     * Connects and waits for the server's HTTP/2 SETTINGS, within {@code timeoutMs}.
     *
     * @throws ConnectFailure naming the target and why (connection refused, not HTTP/2, TLS, no answer in time)
     */
    static GrpcConnection open(IdlAddress address, SslContext ssl, int timeoutMs) {
        Handler handler = new Handler(address);
        handler.tls = ssl != null;
        Bootstrap bootstrap = new Bootstrap().group(group()).channel(NioSocketChannel.class)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, timeoutMs)
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (ssl != null) {
                            SslHandler tls = ssl.newHandler(ch.alloc(), address.host(), address.port());
                            SSLParameters parameters = tls.engine().getSSLParameters();
                            parameters.setEndpointIdentificationAlgorithm("HTTPS");
                            tls.engine().setSSLParameters(parameters);
                            ch.pipeline().addLast(tls);
                        }
                        ch.pipeline().addLast(new PrefaceCheck(handler));
                        Http2FrameCodec codec = Http2FrameCodecBuilder.forClient()
                                .initialSettings(Http2Settings.defaultSettings().initialWindowSize(WINDOW_BYTES)
                                        .pushEnabled(false))
                                .build();
                        ch.pipeline().addLast(codec, handler);
                    }
                });
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        ChannelFuture connect = bootstrap.connect(address.host(), address.port());
        Channel channel = connect.channel();
        try {
            if (!connect.await(timeoutMs)) {
                channel.close();
                throw new ConnectFailure(false, "cannot connect to " + address.authority() + " within " + timeoutMs
                        + " ms");
            }
            if (!connect.isSuccess()) {
                Throwable cause = connect.cause();
                throw new ConnectFailure(false, "cannot connect to " + address.authority() + ": "
                        + (cause instanceof ConnectException ? cause.getMessage() : String.valueOf(cause)));
            }
            long left = Math.max(1, deadline - System.nanoTime());
            handler.ready.get(left, TimeUnit.NANOSECONDS);
            return new GrpcConnection(channel, handler, address);
        } catch (TimeoutException e) {
            channel.close();
            throw new ConnectFailure(false, address.authority() + " accepted the connection but sent no HTTP/2"
                    + " SETTINGS within " + timeoutMs + " ms (is it a gRPC server"
                    + (ssl == null ? ", or does it want TLS?" : "?") + ")");
        } catch (ExecutionException e) {
            channel.close();
            Throwable cause = e.getCause();
            if (cause instanceof ConnectFailure) {
                throw (ConnectFailure) cause;
            }
            throw new ConnectFailure(false, address.authority() + ": " + cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            channel.close();
            throw new ConnectFailure(false, "interrupted while connecting to " + address.authority());
        }
    }

    /** Whether new calls may go on this connection (open, no GOAWAY received). */
    boolean usable() {
        return channel.isActive() && !handler.goingAway;
    }

    /**
     * Starts a call: a new stream with {@code headers} and {@code frame} (the length-prefixed request message; the
     * same arrays serve every call of a plan, they are only read).
     */
    GrpcExchange start(Http2Headers headers, byte[] frame, long maxResponseBytes) {
        GrpcExchange exchange = new GrpcExchange(this, headers, frame, maxResponseBytes);
        channel.eventLoop().execute(() -> handler.start(exchange));
        return exchange;
    }

    /** Resets the exchange's stream if it is still open (event loop). */
    void cancel(GrpcExchange exchange) {
        channel.eventLoop().execute(() -> handler.reset(exchange));
    }

    IdlAddress address() {
        return address;
    }

    void close() {
        channel.close();
    }

    /** Why a connection could not be made; {@code notHttp2}: the server answered, but not in HTTP/2. */
    static final class ConnectFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final boolean notHttp2;

        ConnectFailure(boolean notHttp2, String message) {
            super(message);
            this.notHttp2 = notHttp2;
        }
    }

    /**
     * The first bytes a server sends must be an HTTP/2 frame header of type SETTINGS (4). Anything else (an HTTP/1.1
     * status line, Dubbo's telnet prompt or frames) fails the connection with what arrived.
     */
    private static final class PrefaceCheck extends ChannelInboundHandlerAdapter {
        private final Handler handler;

        PrefaceCheck(Handler handler) {
            this.handler = handler;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof ByteBuf) {
                ByteBuf in = (ByteBuf) msg;
                if (in.readableBytes() >= 4 && in.getByte(in.readerIndex() + 3) != 0x04) {
                    String seen = printable(in);
                    in.release();
                    handler.ready.completeExceptionally(new ConnectFailure(true, handler.address.authority()
                            + " is not an HTTP/2 (gRPC) server: it answered " + seen
                            + (seen.startsWith("'HTTP/1") ? " (an HTTP/1.1 server)" : "")));
                    ctx.close();
                    return;
                }
                ctx.pipeline().remove(this);
            }
            ctx.fireChannelRead(msg);
        }

        private static String printable(ByteBuf in) {
            int n = Math.min(in.readableBytes(), 60);
            byte[] bytes = new byte[n];
            in.getBytes(in.readerIndex(), bytes);
            boolean text = true;
            for (byte b : bytes) {
                text &= (b >= 32 && b < 127) || b == '\r' || b == '\n' || b == '\t';
            }
            if (text) {
                String line = new String(bytes, StandardCharsets.US_ASCII);
                int end = line.indexOf('\r') >= 0 ? line.indexOf('\r') : line.indexOf('\n');
                return "'" + (end >= 0 ? line.substring(0, end) : line).trim() + "'";
            }
            StringBuilder hex = new StringBuilder("bytes ");
            for (int i = 0; i < Math.min(n, 8); i++) {
                hex.append(String.format("%02x", bytes[i] & 0xff));
            }
            if (bytes.length > 1 && bytes[0] == (byte) 0xda && bytes[1] == (byte) 0xbb) {
                return hex + " (the dubbo protocol's magic: a dubbo:// port)";
            }
            if (bytes.length > 2 && (bytes[0] == 0x15 || bytes[0] == 0x16) && bytes[1] == 0x03) {
                return hex + " (a TLS record: a TLS port; give the TLS CA file, or use grpcs://)";
            }
            return hex.toString();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            handler.ready.completeExceptionally(new ConnectFailure(true, closedWithoutSettings(handler)));
            ctx.fireChannelInactive();
        }
    }

    /**
     * A server that closed the connection before its SETTINGS: not HTTP/2, or (over plain text) a TLS port, which
     * grpc-java's TLS server closes without a TLS alert.
     */
    private static String closedWithoutSettings(Handler handler) {
        return handler.address.authority() + " closed the connection without an HTTP/2 SETTINGS frame: not an"
                + " HTTP/2 (gRPC) server (a dubbo:// port?)" + (handler.tls ? "" : ", or a TLS port (use grpcs://, or"
                + " give the TLS CA file)");
    }

    /** The connection's handler: streams to exchanges, frames to answers (event loop only, but for the flags). */
    private static final class Handler extends Http2ChannelDuplexHandler {
        final CompletableFuture<Void> ready = new CompletableFuture<>();
        final IdlAddress address;
        /** Whether the connection speaks TLS (set before it connects). */
        volatile boolean tls;
        volatile boolean goingAway;
        private ChannelHandlerContext context;
        private final Map<Http2FrameStream, GrpcExchange> open = new HashMap<>();

        Handler(IdlAddress address) {
            this.address = address;
        }

        @Override
        protected void handlerAdded0(ChannelHandlerContext ctx) {
            context = ctx;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            // the connection's window beyond the 64 KiB HTTP/2 starts with
            ctx.writeAndFlush(new DefaultHttp2WindowUpdateFrame(WINDOW_BYTES - 65_535));
            ctx.fireChannelActive();
        }

        void start(GrpcExchange exchange) {
            if (exchange.done()) {
                return;
            }
            ChannelHandlerContext ctx = context;
            if (!ctx.channel().isActive()) {
                exchange.fail("the connection to " + address.authority() + " is closed");
                return;
            }
            Http2FrameStream stream = newStream();
            exchange.stream = stream;
            open.put(stream, exchange);
            ctx.write(new DefaultHttp2HeadersFrame(exchange.requestHeaders, false).stream(stream))
                    .addListener(f -> {
                        if (!f.isSuccess()) {
                            open.remove(stream);
                            exchange.fail("cannot send the request to " + address.authority() + ": " + f.cause());
                        }
                    });
            ctx.writeAndFlush(new DefaultHttp2DataFrame(Unpooled.wrappedBuffer(exchange.requestFrame), true)
                    .stream(stream));
        }

        void reset(GrpcExchange exchange) {
            Http2FrameStream stream = exchange.stream;
            if (stream != null && open.remove(stream) != null && stream.state() != Http2Stream.State.CLOSED
                    && context.channel().isActive()) {
                context.writeAndFlush(new DefaultHttp2ResetFrame(Http2Error.CANCEL).stream(stream));
            }
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Http2HeadersFrame) {
                Http2HeadersFrame frame = (Http2HeadersFrame) msg;
                GrpcExchange exchange = open.get(frame.stream());
                if (exchange != null) {
                    headers(exchange, frame.headers(), frame.isEndStream());
                }
            } else if (msg instanceof Http2DataFrame) {
                Http2DataFrame frame = (Http2DataFrame) msg;
                try {
                    GrpcExchange exchange = open.get(frame.stream());
                    if (exchange != null) {
                        exchange.onData(frame.content());
                        if (frame.isEndStream()) {
                            open.remove(frame.stream());
                            exchange.fail("the server ended the stream without trailers (no grpc-status)");
                        }
                    }
                    int credit = frame.initialFlowControlledBytes();
                    if (credit > 0 && frame.stream().state() != Http2Stream.State.CLOSED) {
                        ctx.write(new DefaultHttp2WindowUpdateFrame(credit).stream(frame.stream()));
                    }
                } finally {
                    frame.release();
                }
            } else if (msg instanceof Http2ResetFrame) {
                Http2ResetFrame frame = (Http2ResetFrame) msg;
                GrpcExchange exchange = open.remove(frame.stream());
                if (exchange != null) {
                    exchange.fail(RESET_BY_SERVER + Http2Error.valueOf(frame.errorCode()) + ")");
                }
            } else if (msg instanceof Http2SettingsFrame) {
                ready.complete(null);
            } else if (msg instanceof Http2GoAwayFrame) {
                Http2GoAwayFrame frame = (Http2GoAwayFrame) msg;
                goingAway = true;
                int last = frame.lastStreamId();
                String debug = frame.content().toString(StandardCharsets.UTF_8);
                frame.release();
                for (Map.Entry<Http2FrameStream, GrpcExchange> e : new ArrayList<>(open.entrySet())) {
                    if (e.getKey().id() > last) {
                        open.remove(e.getKey());
                        e.getValue().fail(address.authority() + " is going away (HTTP/2 GOAWAY "
                                + Http2Error.valueOf(frame.errorCode()) + (debug.isEmpty() ? "" : ": " + debug)
                                + "), the call was not processed");
                    }
                }
            } else {
                io.netty.util.ReferenceCountUtil.release(msg);
            }
        }

        private void headers(GrpcExchange exchange, Http2Headers headers, boolean end) {
            CharSequence status = headers.status();
            if (status != null) {
                exchange.httpStatus = parseInt(status, -1);
                CharSequence type = headers.get("content-type");
                exchange.contentType = type == null ? null : type.toString();
            }
            if (!end) {
                return;
            }
            open.remove(exchange.stream);
            CharSequence grpcStatus = headers.get("grpc-status");
            CharSequence grpcMessage = headers.get("grpc-message");
            exchange.onTrailers(grpcStatus == null ? -1 : parseInt(grpcStatus, 2),
                    grpcMessage == null ? null : GrpcStatus.decodeMessage(grpcMessage.toString()));
        }

        private static int parseInt(CharSequence text, int otherwise) {
            try {
                return Integer.parseInt(text.toString().trim());
            } catch (NumberFormatException e) {
                return otherwise;
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
            ctx.fireChannelReadComplete();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            ready.completeExceptionally(new ConnectFailure(true, closedWithoutSettings(this)));
            failAll("the connection to " + address.authority() + " was closed");
            ctx.fireChannelInactive();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (cause instanceof Http2FrameStreamException) {
                GrpcExchange exchange = open.remove(((Http2FrameStreamException) cause).stream());
                if (exchange != null) {
                    exchange.fail("HTTP/2 stream error: " + cause.getMessage());
                }
                return;
            }
            Throwable root = cause;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            boolean plainAnswer = root.getClass().getName().endsWith(".NotSslRecordException");
            String why = plainAnswer ? address.authority() + " answered in plain text, not TLS: it is not a TLS port"
                    + " (call it with grpc:// and no TLS CA file)"
                    : root instanceof SSLHandshakeException || cause.getCause() instanceof SSLHandshakeException
                    ? "the TLS handshake with " + address.authority() + " failed: " + root.getMessage()
                    : address.authority() + ": " + cause;
            ready.completeExceptionally(new ConnectFailure(plainAnswer, why));
            failAll(why);
            ctx.close();
        }

        private void failAll(String why) {
            List<GrpcExchange> all = new ArrayList<>(open.values());
            open.clear();
            for (GrpcExchange exchange : all) {
                exchange.fail(why);
            }
        }
    }
}
