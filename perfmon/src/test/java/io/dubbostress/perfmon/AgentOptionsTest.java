package io.dubbostress.perfmon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class AgentOptionsTest {

    @Test
    void defaultsAreSafe() {
        AgentSettings settings = AgentOptions.parse(new String[0]).settings();
        assertThat(settings.bindAddress().getHostAddress()).isEqualTo("127.0.0.1");
        assertThat(settings.tcpPort()).isEqualTo(4444);
        assertThat(settings.udpPort()).isZero();
        assertThat(settings.execAllowed()).isFalse();
        assertThat(settings.tailAllowed()).isEmpty();
        assertThat(settings.shutdownAllowed()).isFalse();
        assertThat(settings.maxClients()).isEqualTo(16);
    }

    @Test
    void theClassicsStartLineWorksUnchanged() {
        AgentOptions options = AgentOptions.parse(new String[] {"--tcp-port", "4445", "--udp-port", "0",
            "--interval", "2", "--auto-shutdown", "--loglevel", "debug", "--no-exec", "--sysinfo"});
        assertThat(options.settings().tcpPort()).isEqualTo(4445);
        assertThat(options.settings().udpPort()).as("0 = no UDP, as the classic").isZero();
        assertThat(options.settings().intervalSeconds()).isEqualTo(2.0);
        assertThat(options.settings().autoShutdown()).isTrue();
        assertThat(options.settings().execAllowed()).isFalse();
        assertThat(options.logLevel()).isEqualTo("debug");
        assertThat(options.sysinfo()).isTrue();
    }

    @Test
    void badOptionsNameTheOptionAndTheValue() {
        assertThatThrownBy(() -> AgentOptions.parse(new String[] {"--tcp-port", "70000"}))
                .hasMessage("tcp port 70000 is out of range (0 to 65535)");
        assertThatThrownBy(() -> AgentOptions.parse(new String[] {"--tcp-port", "abc"}))
                .hasMessage("--tcp-port 'abc' is not a whole number");
        assertThatThrownBy(() -> AgentOptions.parse(new String[] {"--interval"}))
                .hasMessage("--interval needs a value");
        assertThatThrownBy(() -> AgentOptions.parse(new String[] {"--max-clients", "0"}))
                .hasMessage("max clients 0 is out of range (1 to 1024)");
        assertThatThrownBy(() -> AgentOptions.parse(new String[] {"--allow-tail", "/no/such/file"}))
                .hasMessage("allow-tail '/no/such/file' does not exist or cannot be read");
        assertThatThrownBy(() -> AgentOptions.parse(new String[] {"--loglevel", "loud"}))
                .hasMessageContaining("--loglevel 'loud'");
        assertThatThrownBy(() -> AgentOptions.parse(new String[] {"--exec"}))
                .hasMessage("unknown option '--exec' (--help lists the options)");
    }

    @Test
    void mainPrintsOneLineAndExitsTwoOnABadOption() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = AgentMain.run(new String[] {"--bind"}, new PrintStream(out), new PrintStream(err));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("perfmon agent: --bind needs a value"
                + System.lineSeparator());
        assertThat(out.size()).isZero();
    }

    @Test
    void helpListsTheOptions() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(AgentMain.run(new String[] {"--help"}, new PrintStream(out), System.err)).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("--allow-exec", "--allow-tail FILE", "--bind ADDRESS");
    }
}
