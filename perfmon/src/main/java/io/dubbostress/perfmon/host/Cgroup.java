package io.dubbostress.perfmon.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The Linux control group this agent runs in, read from files only ({@code /proc/self/cgroup} and the cgroup file
 * system), so a container's limits and usage cost a few small reads. cgroup v2 (the unified hierarchy:
 * {@code cpu.max}, {@code cpu.stat}, {@code cpuset.cpus.effective}, {@code memory.max}, {@code memory.current},
 * {@code memory.stat}) and, because it is as cheap, v1 ({@code cpu.cfs_quota_us}, {@code cpuacct.usage},
 * {@code memory.limit_in_bytes}, {@code memory.usage_in_bytes}). Limits are the tightest along the path up to the
 * root, as the kernel applies them. The pids controller's limits ({@code pids.max} against {@code pids.current}, v2
 * and v1) are read too, for {@code stress run}'s thread budget: one reader of the control group for the project.
 *
 * <pre>{@code
 * Cgroup cgroup = Cgroup.detect(Paths.get("/proc/self/cgroup"), Paths.get("/sys/fs/cgroup"));
 * if (cgroup != null) {
 *     CgroupStat now = cgroup.read();
 *     List<Cgroup.PidsLimit> tasks = cgroup.pidsLimits();   // each pids.max up to the root
 * }
 * }</pre>
 */
public final class Cgroup {

    /** v1 reports "no limit" as a huge page-aligned number; anything this large is no limit. */
    private static final long V1_UNLIMITED_FROM = 1L << 60;

    private final int version;
    private final Path root;
    /** v2: the group's directory; v1: the memory controller's. */
    private final Path memoryDir;
    /** v2: same as memoryDir; v1: the cpu controller's. */
    private final Path cpuDir;
    /** v1: the cpuacct controller's. */
    private final Path cpuacctDir;
    /** v2: same as memoryDir; v1: the pids controller's (null when it is not mounted). */
    private final Path pidsDir;

    private Cgroup(int version, Path root, Path memoryDir, Path cpuDir, Path cpuacctDir, Path pidsDir) {
        this.version = version;
        this.root = root;
        this.memoryDir = memoryDir;
        this.cpuDir = cpuDir;
        this.cpuacctDir = cpuacctDir;
        this.pidsDir = pidsDir;
    }

    /** One {@code pids.max} on the way from the group to the root: a cap on the tasks of everything below it. */
    public static final class PidsLimit {
        private final Path maxFile;
        private final long max;
        private final long current;

        PidsLimit(Path maxFile, long max, long current) {
            this.maxFile = maxFile;
            this.max = max;
            this.current = current;
        }

        /** The {@code pids.max} file that sets it. */
        public Path maxFile() {
            return maxFile;
        }

        public long max() {
            return max;
        }

        /** Its {@code pids.current} (tasks in use), 0 when unknown. */
        public long current() {
            return current;
        }
    }

    /**
     * The group named by {@code procSelfCgroup} under the cgroup file system at {@code root}; null when there is none
     * (not Linux, or nothing mounted).
     */
    public static Cgroup detect(Path procSelfCgroup, Path root) {
        List<String> lines;
        try {
            lines = Files.readAllLines(procSelfCgroup, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return null;
        }
        String unifiedPath = null;
        String memoryPath = null;
        String cpuPath = null;
        String cpuacctPath = null;
        String pidsPath = null;
        for (String line : lines) {
            String[] f = line.split(":", 3);
            if (f.length < 3) {
                continue;
            }
            if ("0".equals(f[0]) && f[1].isEmpty()) {
                unifiedPath = f[2];
            }
            for (String controller : f[1].split(",")) {
                if ("memory".equals(controller)) {
                    memoryPath = f[2];
                } else if ("cpu".equals(controller)) {
                    cpuPath = f[2];
                } else if ("cpuacct".equals(controller)) {
                    cpuacctPath = f[2];
                } else if ("pids".equals(controller)) {
                    pidsPath = f[2];
                }
            }
        }
        if (unifiedPath != null && Files.isRegularFile(root.resolve("cgroup.controllers"))) {
            Path dir = groupDir(root, unifiedPath);
            return new Cgroup(2, root, dir, dir, dir, dir);
        }
        if (memoryPath != null || cpuPath != null || pidsPath != null) {
            Path memory = memoryPath == null ? null : groupDir(controllerRoot(root, "memory"), memoryPath);
            Path cpu = cpuPath == null ? null : groupDir(controllerRoot(root, "cpu"), cpuPath);
            Path cpuacct = cpuacctPath == null ? null : groupDir(controllerRoot(root, "cpuacct"), cpuacctPath);
            Path pids = pidsPath == null ? null : groupDir(controllerRoot(root, "pids"), pidsPath);
            if ((memory != null && Files.isDirectory(memory)) || (cpu != null && Files.isDirectory(cpu))
                    || (pids != null && Files.isDirectory(pids))) {
                return new Cgroup(1, root, memory, cpu, cpuacct, pids);
            }
        }
        return null;
    }

    /** v1 mounts a controller alone ({@code memory}) or joined ({@code cpu,cpuacct}, linked as {@code cpu}). */
    private static Path controllerRoot(Path root, String controller) {
        Path direct = root.resolve(controller);
        if (Files.isDirectory(direct)) {
            return direct;
        }
        try (java.util.stream.Stream<Path> mounts = Files.list(root)) {
            for (Path mount : (Iterable<Path>) mounts::iterator) {
                List<String> names = java.util.Arrays.asList(mount.getFileName().toString().split(","));
                if (names.contains(controller)) {
                    return mount;
                }
            }
        } catch (IOException | RuntimeException e) {
            // falls through to the direct path, which then does not exist
        }
        return direct;
    }

    /** The group's directory; within a cgroup namespace the path is "/" and the mount itself is the group. */
    private static Path groupDir(Path mount, String groupPath) {
        String relative = groupPath.startsWith("/") ? groupPath.substring(1) : groupPath;
        Path dir = relative.isEmpty() ? mount : mount.resolve(relative);
        return Files.isDirectory(dir) ? dir : mount;
    }

    /** 1 or 2. */
    public int version() {
        return version;
    }

    public Path memoryDir() {
        return memoryDir;
    }

    /**
     * Every {@code pids.max} that caps this group's tasks, from the group up to the root ({@code max} means none and is
     * left out); empty without a pids controller.
     */
    public List<PidsLimit> pidsLimits() {
        List<PidsLimit> limits = new ArrayList<>();
        if (pidsDir == null) {
            return limits;
        }
        for (Path dir : upToRoot(pidsDir)) {
            long max = parseLong(trimmed(firstLine(dir.resolve("pids.max"))), -1);
            if (max > 0) {
                long current = parseLong(trimmed(firstLine(dir.resolve("pids.current"))), 0);
                limits.add(new PidsLimit(dir.resolve("pids.max"), max, Math.max(0, current)));
            }
        }
        return limits;
    }

    public CgroupStat read() {
        long now = System.nanoTime();
        return version == 2 ? readV2(now) : readV1(now);
    }

    private CgroupStat readV2(long now) {
        double cpuLimit = -1;
        long memoryLimit = -1;
        for (Path dir : upToRoot(cpuDir)) {
            String cpuMax = firstLine(dir.resolve("cpu.max"));
            if (cpuMax != null) {
                String[] f = cpuMax.trim().split("\\s+");
                if (f.length == 2 && !"max".equals(f[0])) {
                    double cores = parseLong(f[0], -1) / (double) parseLong(f[1], 100_000);
                    cpuLimit = cpuLimit < 0 ? cores : Math.min(cpuLimit, cores);
                }
            }
            String memoryMax = firstLine(dir.resolve("memory.max"));
            if (memoryMax != null && !"max".equals(memoryMax.trim())) {
                long bytes = parseLong(memoryMax.trim(), -1);
                if (bytes >= 0) {
                    memoryLimit = memoryLimit < 0 ? bytes : Math.min(memoryLimit, bytes);
                }
            }
        }
        double cpusetCores = cpusetSize(firstLine(cpuDir.resolve("cpuset.cpus.effective")));
        if (cpusetCores > 0 && (cpuLimit < 0 || cpusetCores < cpuLimit)) {
            cpuLimit = cpusetCores;
        }
        List<String> cpuStat = lines(cpuDir.resolve("cpu.stat"));
        long usageMicros = keyed(cpuStat, "usage_usec");
        long throttled = keyed(cpuStat, "nr_throttled");
        long current = parseLong(trimmed(firstLine(memoryDir.resolve("memory.current"))), -1);
        long inactiveFile = keyed(lines(memoryDir.resolve("memory.stat")), "inactive_file");
        long usage = current < 0 ? -1 : Math.max(0, current - Math.max(0, inactiveFile));
        return new CgroupStat(cpuLimit, usageMicros < 0 ? -1 : usageMicros * 1000, throttled, memoryLimit, usage, now);
    }

    private CgroupStat readV1(long now) {
        double cpuLimit = -1;
        if (cpuDir != null) {
            for (Path dir : upToRoot(cpuDir)) {
                long quota = parseLong(trimmed(firstLine(dir.resolve("cpu.cfs_quota_us"))), -1);
                long period = parseLong(trimmed(firstLine(dir.resolve("cpu.cfs_period_us"))), 100_000);
                if (quota > 0 && period > 0) {
                    double cores = quota / (double) period;
                    cpuLimit = cpuLimit < 0 ? cores : Math.min(cpuLimit, cores);
                }
            }
        }
        long memoryLimit = -1;
        long usage = -1;
        if (memoryDir != null) {
            for (Path dir : upToRoot(memoryDir)) {
                long limit = parseLong(trimmed(firstLine(dir.resolve("memory.limit_in_bytes"))), -1);
                if (limit >= 0 && limit < V1_UNLIMITED_FROM) {
                    memoryLimit = memoryLimit < 0 ? limit : Math.min(memoryLimit, limit);
                }
            }
            long current = parseLong(trimmed(firstLine(memoryDir.resolve("memory.usage_in_bytes"))), -1);
            long inactiveFile = keyed(lines(memoryDir.resolve("memory.stat")), "total_inactive_file");
            usage = current < 0 ? -1 : Math.max(0, current - Math.max(0, inactiveFile));
        }
        long usageNanos = cpuacctDir == null ? -1
                : parseLong(trimmed(firstLine(cpuacctDir.resolve("cpuacct.usage"))), -1);
        long throttled = cpuDir == null ? -1 : keyed(lines(cpuDir.resolve("cpu.stat")), "nr_throttled");
        return new CgroupStat(cpuLimit, usageNanos, throttled, memoryLimit, usage, now);
    }

    /** The directory and its parents up to (and including) the mount it lives under. */
    private List<Path> upToRoot(Path dir) {
        List<Path> dirs = new ArrayList<>();
        Path mount = version == 2 ? root : findMount(dir);
        for (Path current = dir; current != null; current = current.getParent()) {
            dirs.add(current);
            if (current.equals(mount)) {
                break;
            }
        }
        return dirs;
    }

    private Path findMount(Path dir) {
        for (Path current = dir; current != null; current = current.getParent()) {
            if (root.equals(current.getParent())) {
                return current;
            }
        }
        return dir;
    }

    /** "0-3,6" -> 5. */
    static double cpusetSize(String cpus) {
        if (cpus == null || cpus.trim().isEmpty()) {
            return -1;
        }
        int count = 0;
        for (String part : cpus.trim().split(",")) {
            String[] range = part.trim().split("-");
            try {
                int first = Integer.parseInt(range[0]);
                count += range.length == 2 ? Integer.parseInt(range[1]) - first + 1 : 1;
            } catch (NumberFormatException e) {
                return -1;
            }
        }
        return count;
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return Collections.emptyList();
        }
    }

    private static String firstLine(Path file) {
        List<String> lines = lines(file);
        return lines.isEmpty() ? null : lines.get(0);
    }

    private static String trimmed(String text) {
        return text == null ? null : text.trim();
    }

    /** The value of "key value" in a flat-keyed file (cpu.stat, memory.stat), or -1. */
    private static long keyed(List<String> lines, String key) {
        for (String line : lines) {
            if (line.startsWith(key + " ")) {
                return parseLong(line.substring(key.length() + 1).trim(), -1);
            }
        }
        return -1;
    }

    private static long parseLong(String text, long fallback) {
        if (text == null) {
            return fallback;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
