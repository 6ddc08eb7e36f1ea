package io.dubbostress.perfmon;

import io.dubbostress.perfmon.server.AgentSettings;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.UnsupportedEncodingException;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/**
 * The agent's command line as {@code java -jar perfmon-agent.jar} reads it ({@link AgentMain}): the classic's start
 * lines, safe defaults, and one line naming what is wrong, exit code 2. {@code stress agent} runs the same command
 * (stress-cli's {@code AgentCommandTest} and {@code CliBadInputTest}).
 */
class AgentCommandTest {

    private String out;
    private String err;

    private static AgentCommand parse(String... args) {
        AgentCommand command = new AgentCommand(AgentMain.NAME, false);
        AgentMain.commandLine(command).parseArgs(args);
        return command;
    }

    /** Runs the jar's main as {@code java -jar} does, capturing stdout and stderr; returns the exit code. */
    private int main(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int code = AgentMain.run(args, new PrintStream(o, true), new PrintStream(e, true));
        try {
            out = o.toString("UTF-8");
            err = e.toString("UTF-8");
        } catch (UnsupportedEncodingException impossible) {
            throw new AssertionError(impossible);
        }
        return code;
    }

    /** Refused before anything starts: exit code 2, exactly this line on stderr, nothing on stdout. */
    private void refused(String line, String... args) {
        assertThat(main(args)).as(String.join(" ", args)).isEqualTo(2);
        assertThat(err).as(String.join(" ", args)).isEqualTo(line + System.lineSeparator());
        assertThat(out).isEmpty();
    }

    @Test
    void defaultsAreSafe() {
        AgentSettings settings = parse().settings();
        assertThat(settings.bindAddress().getHostAddress()).isEqualTo("127.0.0.1");
        assertThat(settings.tcpPort()).isEqualTo(4444);
        assertThat(settings.udpPort()).isZero();
        assertThat(settings.intervalSeconds()).isEqualTo(1.0);
        assertThat(settings.idleTimeoutMillis()).isEqualTo(600_000);
        assertThat(settings.execAllowed()).isFalse();
        assertThat(settings.tailAllowed()).isEmpty();
        assertThat(settings.shutdownAllowed()).isFalse();
        assertThat(settings.autoShutdown()).isFalse();
        assertThat(settings.maxClients()).isEqualTo(16);
    }

    @Test
    void theClassicsStartLineWorksUnchanged() {
        AgentCommand options = parse("--tcp-port", "4445", "--udp-port", "0", "--interval", "2", "--auto-shutdown",
                "--loglevel", "debug", "--no-exec", "--sysinfo");
        assertThat(options.settings().tcpPort()).isEqualTo(4445);
        assertThat(options.settings().udpPort()).as("0 = no UDP, as the classic").isZero();
        assertThat(options.settings().intervalSeconds()).isEqualTo(2.0);
        assertThat(options.settings().autoShutdown()).isTrue();
        assertThat(options.settings().execAllowed()).isFalse();
        assertThat(options.logLevel()).isEqualTo("debug");
        assertThat(options.sysinfo()).isTrue();
        assertThat(parse().settings().jmxAccess().isLoopbackOnly()).isTrue();
        assertThat(parse("--jmx-allow", "10.0.0.5:9010,db1:*", "--jmx-allow", "[fd00::5]:7000").settings().jmxAccess())
                .satisfies(jmx -> assertThat(jmx.allows("10.0.0.5", 9010)).isTrue())
                .satisfies(jmx -> assertThat(jmx.allows("db1", 1234)).isTrue())
                .satisfies(jmx -> assertThat(jmx.allows("fd00::5", 7000)).isTrue())
                .satisfies(jmx -> assertThat(jmx.allows("10.0.0.6", 9010)).isFalse());
        assertThat(parse("--port", "4446", "--idle-timeout", "1.5").settings())
                .satisfies(s -> assertThat(s.tcpPort()).isEqualTo(4446))
                .satisfies(s -> assertThat(s.idleTimeoutMillis()).isEqualTo(1500));
    }

    @Test
    void badOptionsAreOneLineNamingTheOptionAndTheValueAndExitCodeTwo() {
        refused("perfmon agent: tcp port 70000 is out of range (0 to 65535)", "--tcp-port", "70000");
        refused("perfmon agent: --tcp-port 'abc' is not a whole number", "--tcp-port", "abc");
        refused("perfmon agent: --port 'abc' is not a whole number", "--port", "abc");
        refused("perfmon agent: --interval 'often' is not a number", "--interval", "often");
        refused("perfmon agent: --interval needs a value", "--interval");
        refused("perfmon agent: --bind needs a value", "--bind");
        refused("perfmon agent: interval 0.0 is out of range (0.1 to 3600 seconds)", "--interval", "0");
        refused("perfmon agent: max clients 0 is out of range (1 to 1024)", "--max-clients", "0");
        refused("perfmon agent: allow-tail '/no/such/file' does not exist or cannot be read", "--allow-tail",
                "/no/such/file");
        refused("perfmon agent: --loglevel 'loud' is not one of debug, info, warn, error", "--loglevel", "loud");
        refused("perfmon agent: jmx-allow '10.0.0.5:x' is not HOST:PORT, HOST:* or * (example: 10.0.0.5:9010,"
                + " [fd00::5]:9010, db1:*)", "--jmx-allow", "10.0.0.5:x");
        refused("perfmon agent: unknown option '--exec' (--help lists the options)", "--exec");
        refused("perfmon agent: unknown option 'extra' (--help lists the options)", "--tcp-port", "4444", "extra");
    }

    @Test
    void helpListsTheOptionsAndVersionSaysWhichAgent() {
        assertThat(main("--help")).isZero();
        assertThat(out).startsWith("Usage: java -jar perfmon-agent.jar ")
                .contains("--allow-exec", "--allow-tail=FILE", "--bind=ADDRESS", "--port, --tcp-port=N", "Default: 4444");
        assertThat(err).isEmpty();
        assertThat(main("--agent-version")).isZero();
        assertThat(out).startsWith("dubbo-stress perfmon agent ");
    }

    @Test
    void theCommandIsPicocliSoStressAgentCanRegisterIt() {
        CommandLine line = new CommandLine(new AgentCommand());
        assertThat(line.getCommandName()).isEqualTo("agent");
        assertThat(line.getCommandSpec().optionsMap()).containsKeys("--bind", "--port", "--tcp-port", "--allow-tail",
                "--loglevel", "--agent-version");
    }
}
