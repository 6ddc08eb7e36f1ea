package io.dubbostress.perfmon.server;

import java.io.IOException;

/** Where a session's replies and metric lines go: a TCP connection, or a UDP peer. */
interface ClientOutput {

    /** Sends text (one or more whole lines); thread-safe. */
    void send(String text) throws IOException;

    /** Ends the connection (TCP) or forgets the peer (UDP). */
    void close();

    /** For logs: {@code tcp 127.0.0.1:53422}. */
    String peer();
}
