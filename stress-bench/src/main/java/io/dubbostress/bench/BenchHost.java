package io.dubbostress.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The machine the numbers were taken on: CPUs and their model, memory, OS, Java, load when the bench began. */
final class BenchHost {

    private BenchHost() {
    }

    static Map<String, String> collect() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("cpus", String.valueOf(Runtime.getRuntime().availableProcessors()));
        facts.put("cpuModel", cpuModel());
        facts.put("memoryBytes", String.valueOf(totalMemory()));
        facts.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        facts.put("java", System.getProperty("java.vendor") + " " + System.getProperty("java.runtime.version"));
        facts.put("loadAverageAtStart", String.valueOf(ProcStat.loadAverage()));
        return facts;
    }

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
