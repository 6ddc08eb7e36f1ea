package io.dubbostress.perfmon.metrics;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.dubbostress.perfmon.protocol.MetricSpec;
import io.dubbostress.perfmon.protocol.ProtocolException;

/**
 * {@code exec:/path/to/command[:arg...]}: runs a command on each reading and reports the last line it prints, as the
 * classic does. Only when the agent was started with exec allowed: it runs whatever a client names, with the agent's
 * rights. Each run is bounded ({@value #TIMEOUT_SECONDS} s, then killed) and its output capped.
 */
final class ExecMetric implements Metric {

    private static final Logger LOG = LoggerFactory.getLogger(ExecMetric.class);
    static final long TIMEOUT_SECONDS = 10;
    private static final int MAX_OUTPUT_CHARS = 64 * 1024;

    private final List<String> command;

    ExecMetric(MetricSpec spec) {
        if (spec.params().isEmpty()) {
            throw new ProtocolException("exec: no command given (example: exec:/bin/sh:-c:free | wc -l)");
        }
        this.command = spec.params();
    }

    @Override
    public String read() {
        Process process = null;
        try {
            process = new ProcessBuilder(command).start();
            process.getOutputStream().close();
            Thread stderr = drain(process.getErrorStream());
            String last = lastLine(process.getInputStream());
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                LOG.warn("exec {} ran over {} s and was killed", command, TIMEOUT_SECONDS);
                return "";
            }
            stderr.join(1000);
            return last;
        } catch (IOException e) {
            LOG.warn("exec {} failed: {}", command, e.getMessage());
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        } finally {
            if (process != null) {
                process.destroyForcibly();
            }
        }
    }

    private static String lastLine(InputStream output) throws IOException {
        String last = "";
        long chars = 0;
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(output, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null && chars < MAX_OUTPUT_CHARS) {
                chars += line.length();
                if (!line.trim().isEmpty()) {
                    last = line.trim();
                }
            }
        }
        return TailMetric.field(last);
    }

    private static Thread drain(InputStream errors) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[4096];
            try {
                while (errors.read(buffer) >= 0) {
                    // discarded: the classic only logs it
                }
            } catch (IOException e) {
                // the process is gone
            }
        }, "perfmon-exec-stderr");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }
}
