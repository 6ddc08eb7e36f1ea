package io.dubbostress.sampler.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;

/**
 * Which protocol a port speaks, from the first bytes of its answer (OutsideProvidersIT asks real Dubbo 3.3.5 ports);
 * and a port that answers nothing is not known, within the time given.
 */
class PortProtocolTest {

    @Test
    void theFirstBytesOfAnAnswerSayTheProtocol() {
        assertThat(PortProtocol.of(new byte[] {(byte) 0xda, (byte) 0xbb, 0x22, 0x14, 0, 0, 0, 0, 0}, 9))
                .isEqualTo(PortProtocol.Spoken.DUBBO);
        // an HTTP/2 SETTINGS frame on stream 0 (what a Dubbo 3.3 triple port answered to the preface)
        assertThat(PortProtocol.of(new byte[] {0, 0, 0x1e, 4, 0, 0, 0, 0, 0}, 9)).isEqualTo(PortProtocol.Spoken.HTTP);
        assertThat(PortProtocol.of("HTTP/1.1 404".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 9))
                .isEqualTo(PortProtocol.Spoken.HTTP);
        assertThat(PortProtocol.of("Unsupported command".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 9))
                .isEqualTo(PortProtocol.Spoken.UNKNOWN);
        assertThat(PortProtocol.of(new byte[9], 0)).isEqualTo(PortProtocol.Spoken.UNKNOWN);
    }

    /** A server that reads and never answers: not known, and a tri:// or dubbo:// address is left as it was. */
    @Test
    void aPortThatAnswersNothingIsNotKnown() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread silent = new Thread(() -> {
                try (Socket s = server.accept(); InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                    in.read(new byte[64]);
                    Thread.sleep(5000);
                } catch (Exception e) {
                    // the test is over
                }
            });
            silent.setDaemon(true);
            silent.start();
            assertThat(PortProtocol.ask("127.0.0.1", server.getLocalPort(), 300)).isEqualTo(PortProtocol.Spoken.UNKNOWN);
        }
        PortProtocol.forget();
        assertThat(PortProtocol.mismatch("zookeeper://127.0.0.1:2181", "f", 1000)).isNull();
    }
}
