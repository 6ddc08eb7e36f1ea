package io.dubbostress.outside.suite;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A network namespace of the test's own with nothing but loopback ({@code unshare --net}), held open by a sleeping
 * process, and the prefix that runs a command inside it ({@code nsenter --net=/proc/<pid>/ns/net}). Dubbo 2.7
 * rewrites 127.0.0.1 to the host's NIC address on both sides and binds every interface; in here there is no NIC, so
 * providers and JMeter stay on loopback, reachable from nowhere else.
 */
final class NetworkNamespace implements AutoCloseable {

    private final Process holder;
    private final long pid;

    private NetworkNamespace(Process holder, long pid) {
        this.holder = holder;
        this.pid = pid;
    }

    static NetworkNamespace create() {
        ProcessBuilder builder = new ProcessBuilder("unshare", "--net", "--fork", "sh", "-c",
                "ip link set lo up && echo READY && exec sleep 3600").redirectErrorStream(true);
        try {
            Process process = builder.start();
            BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8));
            String line = out.readLine();
            if (!"READY".equals(line)) {
                process.destroyForcibly();
                throw new IllegalStateException("could not create a network namespace (unshare --net needs root or"
                        + " CAP_SYS_ADMIN): " + line);
            }
            Optional<ProcessHandle> sleeper = process.toHandle().children().findFirst();
            if (sleeper.isEmpty()) {
                process.destroyForcibly();
                throw new IllegalStateException("the network namespace's holder has no child process");
            }
            return new NetworkNamespace(process, sleeper.get().pid());
        } catch (IOException e) {
            throw new UncheckedIOException("could not run unshare", e);
        }
    }

    /** {@code command} run inside the namespace. */
    List<String> inside(List<String> command) {
        List<String> full = new ArrayList<>();
        full.add("nsenter");
        full.add("--net=/proc/" + pid + "/ns/net");
        full.add("--");
        full.addAll(command);
        return full;
    }

    @Override
    public void close() {
        holder.descendants().forEach(ProcessHandle::destroy);
        holder.destroy();
        try {
            if (!holder.waitFor(10, TimeUnit.SECONDS)) {
                holder.descendants().forEach(ProcessHandle::destroyForcibly);
                holder.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            holder.destroyForcibly();
        }
    }
}
