package io.dubbostress.cli.process;

import io.dubbostress.cli.UserError;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * Free ports on 127.0.0.1 for the processes the tool starts (the operating system picks one, the socket is closed, the
 * process binds it next). The one place main code asks; tests have stress-api's {@code FreePort}.
 */
public final class FreePorts {

    private FreePorts() {
    }

    /** A free TCP port on loopback; a {@link UserError} when the machine has none. */
    public static int tcp() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UserError("no free TCP port on 127.0.0.1: " + e.getMessage());
        }
    }

    /** A free UDP port on loopback (JMeter's shutdown listener); a {@link UserError} when the machine has none. */
    public static int udp() {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UserError("no free UDP port on 127.0.0.1: " + e.getMessage());
        }
    }
}
