package io.dubbostress.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A network namespace of the test's own (Linux, root: {@code unshare -n}), held open by a {@code sleep} in it and
 * entered with {@code nsenter}: it has only a loopback interface, so whatever runs in it is offline (no route and no
 * DNS to jmeter-plugins.org, Maven Central or GitHub), and its 127.0.0.1 is its own. Closed by ending the holder.
 *
 * <pre>{@code
 * try (OfflineNamespace offline = OfflineNamespace.start()) {
 *     new ProcessBuilder(offline.command("java", "-version")).start();
 * }
 * }</pre>
 */
final class OfflineNamespace implements AutoCloseable {

    private final Process holder;

    private OfflineNamespace(Process holder) {
        this.holder = holder;
    }

    /** Starts the namespace (it lives at most {@code seconds}) and brings its loopback up. */
    static OfflineNamespace start(long seconds) throws IOException, InterruptedException {
        Process holder = new ProcessBuilder("unshare", "-n", "sleep", String.valueOf(seconds)).redirectErrorStream(true)
                .start();
        OfflineNamespace namespace = new OfflineNamespace(holder);
        // nsenter -t PID enters the namespace PID is in: until unshare has made the new one, that is still ours (then
        // "ip link set lo up" ran here, and the new loopback stayed down: "Network is unreachable" in one CI run)
        Path ours = Files.readSymbolicLink(Path.of("/proc/self/ns/net"));
        Path its = Path.of("/proc", String.valueOf(holder.pid()), "ns", "net");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (holder.isAlive() && System.nanoTime() < deadline && ours.equals(readLink(its))) {
            Thread.sleep(10);
        }
        if (holder.isAlive() && ours.equals(readLink(its))) {
            namespace.close(); // entering it now would enter ours, which is not offline
            throw new IllegalStateException("unshare -n made no new network namespace in 30 s (pid " + holder.pid()
                    + " is still in this process's " + ours + ")");
        }
        Process up = new ProcessBuilder(namespace.command("ip", "link", "set", "lo", "up")).redirectErrorStream(true).start();
        String out = new String(up.getInputStream().readAllBytes());
        if (!up.waitFor(30, TimeUnit.SECONDS) || up.exitValue() != 0 || !holder.isAlive()) {
            namespace.close();
            throw new IllegalStateException("could not make a private network namespace (unshare -n, nsenter, ip: root"
                    + " on Linux): " + out + new String(holder.getInputStream().readAllBytes()));
        }
        return namespace;
    }

    private static Path readLink(Path link) {
        try {
            return Files.readSymbolicLink(link);
        } catch (IOException e) {
            return null; // the holder has ended: isAlive says so
        }
    }

    /** {@code command} run inside the namespace. */
    List<String> command(String... command) {
        List<String> entered = new ArrayList<>(List.of("nsenter", "-t", String.valueOf(holder.pid()), "-n"));
        entered.addAll(List.of(command));
        return entered;
    }

    /** Whether a host name resolves from inside (it must not: proof of offline). */
    boolean resolves(String host) throws IOException, InterruptedException {
        Process lookup = new ProcessBuilder(command("getent", "hosts", host)).redirectErrorStream(true).start();
        lookup.getInputStream().readAllBytes();
        assertThat(lookup.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return lookup.exitValue() == 0;
    }

    @Override
    public void close() {
        holder.destroy();
        try {
            holder.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        holder.destroyForcibly();
    }
}
