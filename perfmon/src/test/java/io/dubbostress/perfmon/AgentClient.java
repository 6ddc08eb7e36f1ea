package io.dubbostress.perfmon;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A plain TCP client of the PerfMon protocol for tests: sends lines, reads lines byte for byte (so the exact shape of
 * what the agent wrote can be checked), with a deadline on every read.
 */
final class AgentClient implements AutoCloseable {

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    private AgentClient(Socket socket) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
    }

    static AgentClient connect(InetSocketAddress address) {
        try {
            Socket socket = new Socket();
            socket.connect(address, 5000);
            return new AgentClient(socket);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot connect to " + address, e);
        }
    }

    static AgentClient connect(int port) {
        return connect(new InetSocketAddress("127.0.0.1", port));
    }

    AgentClient send(String line) {
        return sendRaw((line + "\n").getBytes(StandardCharsets.UTF_8));
    }

    AgentClient sendRaw(byte[] bytes) {
        try {
            out.write(bytes);
            out.flush();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The next line with its newline, or null at the end of the stream; fails after the timeout. */
    String readLine(Duration timeout) {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (true) {
                long left = (deadline - System.nanoTime()) / 1_000_000L;
                if (left <= 0) {
                    throw new AssertionError("no line within " + timeout + " (so far: '" + line + "')");
                }
                socket.setSoTimeout((int) Math.max(1, left));
                int b;
                try {
                    b = in.read();
                } catch (SocketTimeoutException e) {
                    continue;
                }
                if (b < 0) {
                    return line.size() == 0 ? null : line.toString("UTF-8");
                }
                line.write(b);
                if (b == '\n') {
                    return line.toString("UTF-8");
                }
            }
        } catch (IOException e) {
            if (line.size() == 0 && socket.isClosed()) {
                return null;
            }
            throw new UncheckedIOException(e);
        }
    }

    String readLine() {
        return readLine(Duration.ofSeconds(20));
    }

    /** Sends a command and reads the one line it answers. */
    String ask(String line) {
        return send(line).readLine();
    }

    /** True when the agent closed the connection (EOF, or reset) within the timeout. */
    boolean closedByAgent(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (System.nanoTime() < deadline) {
                socket.setSoTimeout(200);
                try {
                    if (in.read() < 0) {
                        return true;
                    }
                } catch (SocketTimeoutException e) {
                    // still open
                }
            }
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    /** The fields of a metrics line (the trailing TAB and newline taken off). */
    static List<String> fields(String line) {
        if (line == null || !line.endsWith("\t\n")) {
            throw new AssertionError("not a metrics line (values each followed by TAB, then newline): "
                    + (line == null ? "end of stream" : "'" + line.replace("\t", "\\t").replace("\n", "\\n") + "'"));
        }
        String body = line.substring(0, line.length() - 2);
        return new ArrayList<>(Arrays.asList(body.split("\t", -1)));
    }

    static double number(String field) {
        return Double.parseDouble(field);
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closed anyway
        }
    }
}
