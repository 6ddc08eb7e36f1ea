package io.dubbostress.cli.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Hosts on one box: a network namespace per host, each with {@code lo} and one {@code eth0} (a veth pair) cabled to a
 * bridge that lives in a namespace of its own (the "switch"), with addresses of 198.18.0.0/24 (RFC 2544's benchmark
 * range) that exist only inside these namespaces. The host's own network (the root namespace) is never touched: every
 * link is created inside a namespace of the lab. Names carry this JVM's pid, so parallel runs and leftovers of a killed
 * run cannot collide; {@link #close()} deletes every namespace it created (their links go with them), failures or not.
 *
 * <pre>
 * try (NetnsLab lab = NetnsLab.create("ctl", "gen1")) {
 *     String gen1 = lab.address("gen1");                  // 198.18.0.11
 *     List&lt;String&gt; cmd = lab.exec("gen1", "java", "-version"); // ip netns exec dsl1234-gen1 java -version
 * }
 * </pre>
 */
final class NetnsLab implements AutoCloseable {

    private static final String PREFIX = "dsl" + ProcessHandle.current().pid() + "-";
    private static final Duration IP_TIMEOUT = Duration.ofSeconds(30);

    private final String switchNs = PREFIX + "sw";
    private final Map<String, String> addresses = new LinkedHashMap<>();
    private final List<String> created = new ArrayList<>();

    private NetnsLab() {
    }

    /**
     * Why this box cannot hold a lab (not root, no {@code ip}, namespaces refused), or null when it can. Tried for
     * real: a namespace is created and deleted.
     */
    static String unavailableReason() {
        if (!System.getProperty("os.name", "").toLowerCase().contains("linux")) {
            return "network namespaces need Linux (this is " + System.getProperty("os.name") + ")";
        }
        String probe = PREFIX + "probe";
        try {
            String out = run(List.of("ip", "netns", "add", probe));
            if (out != null) {
                return "cannot create a network namespace (`ip netns add` needs root and iproute2): " + out.trim();
            }
            run(List.of("ip", "netns", "delete", probe));
            return null;
        } catch (IOException e) {
            return "cannot run `ip` (iproute2): " + e.getMessage();
        }
    }

    /** The switch and one namespace per host (addresses in the order given, see {@link #address}). */
    static NetnsLab create(String... hosts) throws IOException {
        NetnsLab lab = new NetnsLab();
        // should the test JVM be stopped before close(), the namespaces go anyway
        Runtime.getRuntime().addShutdownHook(new Thread(lab::close, "netns-lab-cleanup"));
        try {
            lab.add(lab.switchNs);
            lab.ip(lab.switchNs, "link", "add", "br0", "type", "bridge");
            lab.ip(lab.switchNs, "link", "set", "br0", "up");
            lab.ip(lab.switchNs, "link", "set", "lo", "up");
            int n = 0;
            for (String host : hosts) {
                n++;
                String ns = lab.ns(host);
                String address = "198.18.0." + (10 + n);
                lab.add(ns);
                // both ends are born in the lab: one in the switch, its peer moved straight into the host's namespace
                String port = "p" + n;
                lab.ip(lab.switchNs, "link", "add", port, "type", "veth", "peer", "name", "eth0", "netns", ns);
                lab.ip(lab.switchNs, "link", "set", port, "master", "br0");
                lab.ip(lab.switchNs, "link", "set", port, "up");
                lab.ip(ns, "link", "set", "lo", "up");
                lab.ip(ns, "addr", "add", address + "/24", "dev", "eth0");
                lab.ip(ns, "link", "set", "eth0", "up");
                lab.addresses.put(host, address);
            }
            return lab;
        } catch (IOException | RuntimeException e) {
            lab.close();
            throw e;
        }
    }

    /** The namespace of {@code host}. */
    String ns(String host) {
        return PREFIX + host;
    }

    /** {@code host}'s address on the lab's network (198.18.0.11 for the first host, .12 for the second, ...). */
    String address(String host) {
        String address = addresses.get(host);
        if (address == null) {
            throw new IllegalArgumentException("no host " + host + " in the lab " + addresses.keySet());
        }
        return address;
    }

    /** {@code command} run in {@code host}'s namespace: {@code ip netns exec NS command...} (exec keeps the pid). */
    List<String> exec(String host, String... command) {
        address(host);
        List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", ns(host)));
        full.addAll(Arrays.asList(command));
        return full;
    }

    /** The addresses of {@code host}'s interfaces, as {@code ip -o addr} lists them (to check what exists where). */
    String interfaces(String host) throws IOException {
        return output(List.of("ip", "-n", ns(host), "-o", "addr"));
    }

    private void add(String ns) throws IOException {
        String failed = run(List.of("ip", "netns", "add", ns));
        if (failed != null) {
            throw new IOException("ip netns add " + ns + ": " + failed.trim());
        }
        created.add(ns);
    }

    private void ip(String ns, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("ip", "-n", ns));
        command.addAll(Arrays.asList(args));
        String failed = run(command);
        if (failed != null) {
            throw new IOException(String.join(" ", command) + ": " + failed.trim());
        }
    }

    /** Runs {@code command}; null when it succeeded, else its output. */
    private static String run(List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(IP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "timed out";
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return p.exitValue() == 0 ? null : "exit " + p.exitValue() + ": " + out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            return "interrupted";
        }
    }

    private static String output(List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            p.waitFor(IP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    /** The namespaces of this lab that still exist (none after {@link #close()}). */
    List<String> remaining() throws IOException {
        List<String> left = new ArrayList<>();
        Path dir = Path.of("/run/netns");
        for (String ns : created) {
            if (Files.exists(dir.resolve(ns))) {
                left.add(ns);
            }
        }
        return left;
    }

    /** Deletes every namespace of the lab, hosts first, then the switch; the veths and the bridge die with them. */
    @Override
    public void close() {
        List<String> reversed = new ArrayList<>(created);
        java.util.Collections.reverse(reversed);
        for (String ns : reversed) {
            try {
                run(List.of("ip", "netns", "delete", ns));
            } catch (IOException e) {
                // the next one still goes; remaining() tells what is left
            }
        }
    }
}
