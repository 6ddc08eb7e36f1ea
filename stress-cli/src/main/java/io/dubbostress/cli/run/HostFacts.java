package io.dubbostress.cli.run;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.Map;

/** What run.json records about the machine: OS, CPUs, memory, Java. */
final class HostFacts {

    private HostFacts() {
    }

    static Map<String, String> collect() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("hostname", hostname());
        facts.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        facts.put("arch", System.getProperty("os.arch"));
        facts.put("cpus", String.valueOf(Runtime.getRuntime().availableProcessors()));
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

    private static long totalMemory() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean) {
            return ((com.sun.management.OperatingSystemMXBean) os).getTotalPhysicalMemorySize();
        }
        return -1;
    }
}
