package io.dubbostress.cli.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dubbostress.cli.StressCommand;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code stress agent}: our agent in the command's JVM, stopped by a shutdown it was told to allow. */
class AgentCommandTest {

    private static final Pattern LISTENING = Pattern.compile("listening on tcp 127\\.0\\.0\\.1:(\\d+) ");

    @Test
    void runsTheAgentUntilAnAllowedShutdown() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine command = StressCommand.commandLine();
        command.setOut(new PrintWriter(out, true));
        command.setErr(new PrintWriter(err, true));
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(
                () -> command.execute("agent", "--port", "0", "--allow-shutdown"));

        await().atMost(Duration.ofSeconds(30)).until(() -> LISTENING.matcher(out.toString()).find() || exit.isDone());
        Matcher listening = LISTENING.matcher(out.toString());
        assertThat(listening.find()).as("stdout: %s stderr: %s", out, err).isTrue();
        assertThat(out.toString()).contains("exec off, tail off, shutdown allowed");
        int port = Integer.parseInt(listening.group(1));

        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(10_000);
            OutputStream to = socket.getOutputStream();
            BufferedReader from = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.UTF_8));
            to.write("test\n".getBytes(StandardCharsets.UTF_8));
            assertThat(from.readLine()).isEqualTo("Yep");
            to.write("metrics-single:exec:/bin/echo:1\n".getBytes(StandardCharsets.UTF_8));
            assertThat(from.readLine()).startsWith("ERROR metrics-single: exec:");
            to.write("shutdown\n".getBytes(StandardCharsets.UTF_8));
            assertThat(exit.get(30, TimeUnit.SECONDS)).isZero();
        }
        assertThat(out.toString()).contains("stress agent: stopped");
    }

    @Test
    void aBadValueIsOneLineNamingItAndExitCodeTwo() {
        StringWriter err = new StringWriter();
        CommandLine command = StressCommand.commandLine();
        command.setErr(new PrintWriter(err, true));
        command.setOut(new PrintWriter(new StringWriter(), true));

        assertThat(command.execute("agent", "--port", "70000")).isEqualTo(2);
        assertThat(err.toString().trim()).isEqualTo("stress agent: tcp port 70000 is out of range (0 to 65535)");

        StringWriter err2 = new StringWriter();
        command.setErr(new PrintWriter(err2, true));
        assertThat(command.execute("agent", "--allow-tail", "/no/such/file.log")).isEqualTo(2);
        assertThat(err2.toString().trim())
                .isEqualTo("stress agent: allow-tail '/no/such/file.log' does not exist or cannot be read");

        // the agent jar's own command: its newer options and the classic's are stress agent's too
        StringWriter err3 = new StringWriter();
        command.setErr(new PrintWriter(err3, true));
        assertThat(command.execute("agent", "--jmx-allow", "db1:x")).isEqualTo(2);
        assertThat(err3.toString().trim()).isEqualTo("stress agent: jmx-allow 'db1:x' is not HOST:PORT, HOST:* or *"
                + " (example: 10.0.0.5:9010, [fd00::5]:9010, db1:*)");
        StringWriter err4 = new StringWriter();
        command.setErr(new PrintWriter(err4, true));
        assertThat(command.execute("agent", "--loglevel", "loud", "--no-exec")).isEqualTo(2);
        assertThat(err4.toString().trim())
                .isEqualTo("stress agent: --loglevel 'loud' is not one of debug, info, warn, error");
    }
}
