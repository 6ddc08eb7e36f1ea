package io.dubbostress.cli.process;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The machine figures were taken on, as run.json's {@code host} and bench.json's {@code host} record it: host name,
 * OS, architecture, CPUs and their model, memory, Java. The one place both collect them.
 */
public final class HostFacts {

    private HostFacts() {
    }

    public static Map<String, String> collect() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("hostname", hostname());
        facts.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        facts.put("arch", System.getProperty("os.arch"));
        facts.put("cpus", String.valueOf(Runtime.getRuntime().availableProcessors()));
        facts.put("cpuModel", cpuModel());
        facts.put("memoryBytes", String.valueOf(totalMemory()));
        facts.put("java", System.getProperty("java.vendor") + " " + System.getProperty("java.runtime.version"));
        return facts;
    }

    private static String hostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return "unknown";
        }
    }

    /** /proc/cpuinfo's model name on Linux, else the architecture. */
    static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8)) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return System.getProperty("os.arch");
    }

    private static long totalMemory() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean) {
            return ((com.sun.management.OperatingSystemMXBean) os).getTotalPhysicalMemorySize();
        }
        return -1;
    }
}
