package io.dubbostress.perfmon.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import io.dubbostress.perfmon.host.DiskCounters;
import io.dubbostress.perfmon.host.FileStoreStat;
import io.dubbostress.perfmon.host.Host;
import io.dubbostress.perfmon.protocol.ErrorReply;
import io.dubbostress.perfmon.protocol.MetricSpec;
import io.dubbostress.perfmon.protocol.ProtocolException;

/**
 * {@code disks[ i/o][:fs=MOUNT][:kind][:unit=...]}: disk I/O and file system space.
 * I/O, since the previous reading: {@code reads}, {@code writes} (operations), {@code readbytes},
 * {@code writebytes} (bytes, or {@code unit=}), {@code service} (milliseconds per operation); right now:
 * {@code queue} (the default: requests in flight; the classic's SIGAR answers -1 here). Space: {@code total},
 * {@code free}, {@code available}, {@code used} in KiB as the classic reports them (SIGAR counts file system sizes in
 * KiB), or in {@code unit=b|kb|mb|gb} when given (the classic divides its KiB by the unit, so its {@code unit=mb} is
 * GiB; ours is MiB); {@code useperc} (used / (used + available), as df), {@code files}, {@code freefiles} (inodes).
 * Without {@code fs=}, I/O sums every physical disk (devices stacked on others, as device-mapper and md, and
 * memory disks are left out, so nothing counts twice) and space sums every local file system that is not in memory;
 * with {@code fs=}, I/O is of the disk holding that file system.
 */
final class DiskIoMetric extends NumberMetric {

    static final String[] KINDS = {"available", "queue", "readbytes", "reads", "service", "writebytes", "writes",
        "files", "free", "freefiles", "total", "useperc", "used"};

    private static final List<String> IO_KINDS = Arrays.asList("queue", "readbytes", "reads", "service", "writebytes",
            "writes");
    private static final List<String> MEMORY_FILE_SYSTEMS = Arrays.asList("tmpfs", "devtmpfs", "ramfs", "squashfs",
            "iso9660", "proc", "sysfs");

    private final Host host;
    private final String kind;
    private final double divisor;
    /** The file system of fs=, or null for all. */
    private final String mount;
    /** I/O: the disks summed. */
    private final List<String> disks;
    private final Counter first;
    private final Counter second;

    DiskIoMetric(Host host, MetricSpec spec) {
        super(spec.text());
        this.host = host;
        this.kind = Kinds.of(spec, "queue", KINDS);
        this.divisor = spec.hasOption("unit") || IO_KINDS.contains(kind) ? Units.divisor(spec) : 1024;
        String fs = spec.option("fs");
        FileStoreStat store = fs == null ? null : storeFor(host, fs);
        this.mount = store == null ? null : store.mount();
        if (IO_KINDS.contains(kind)) {
            if (store == null) {
                List<String> all = new ArrayList<>();
                for (DiskCounters disk : host.disks()) {
                    if (!Host.isVirtualDisk(disk.name())) {
                        all.add(disk.name());
                    }
                }
                this.disks = Collections.unmodifiableList(all);
            } else {
                String disk = host.diskOf(store);
                if (disk == null) {
                    throw new ProtocolException("disks: fs=" + ErrorReply.excerpt(fs) + " is on " + store.volume()
                            + " (" + store.type() + "), not on a disk with I/O counters");
                }
                this.disks = Collections.singletonList(disk);
            }
        } else {
            this.disks = Collections.emptyList();
        }
        long[] baseline = ioCounters();
        this.first = new Counter(baseline[0]);
        this.second = new Counter(baseline[1]);
    }

    /** The file system mounted at {@code fs}, or the one holding that directory (the longest mount above it). */
    private static FileStoreStat storeFor(Host host, String fs) {
        FileStoreStat best = null;
        List<String> mounts = new ArrayList<>();
        boolean existingDirectory = java.nio.file.Files.isDirectory(java.nio.file.Paths.get(fs));
        for (FileStoreStat store : host.fileStores()) {
            mounts.add(store.mount());
            String mount = store.mount();
            if (fs.equals(mount) || fs.equalsIgnoreCase(mount)) {
                return store;
            }
            boolean holds = existingDirectory
                    && fs.startsWith(mount.endsWith("/") || mount.endsWith("\\") ? mount : mount + "/");
            if (holds && (best == null || mount.length() > best.mount().length())) {
                best = store;
            }
        }
        if (best == null) {
            throw new ProtocolException("disks: no local file system at fs=" + ErrorReply.excerpt(fs) + " (mounted: "
                    + ErrorReply.excerpt(String.join(", ", mounts)) + ")");
        }
        return best;
    }

    /** The two cumulative counters this kind is made of (operations/bytes; for service: millis and operations). */
    private long[] ioCounters() {
        long a = 0;
        long b = 0;
        for (DiskCounters disk : selectedDisks()) {
            switch (kind) {
                case "reads": a += disk.reads(); break;
                case "writes": a += disk.writes(); break;
                case "readbytes": a += disk.readBytes(); break;
                case "writebytes": a += disk.writeBytes(); break;
                case "service":
                    a += disk.transferMillis();
                    b += disk.reads() + disk.writes();
                    break;
                default:
                    break;
            }
        }
        return new long[] {a, b};
    }

    private List<DiskCounters> selectedDisks() {
        List<DiskCounters> selected = new ArrayList<>();
        if (disks.isEmpty()) {
            return selected;
        }
        for (DiskCounters disk : host.disks()) {
            if (disks.contains(disk.name())) {
                selected.add(disk);
            }
        }
        if (selected.isEmpty()) {
            throw new MetricUnavailableException("disk " + disks + " is gone");
        }
        return selected;
    }

    private List<FileStoreStat> selectedStores() {
        List<FileStoreStat> selected = new ArrayList<>();
        for (FileStoreStat store : host.fileStores()) {
            if (mount == null ? !MEMORY_FILE_SYSTEMS.contains(store.type().toLowerCase(Locale.ROOT))
                    : mount.equals(store.mount())) {
                selected.add(store);
            }
        }
        if (selected.isEmpty()) {
            throw new MetricUnavailableException(mount == null ? "no local file system" : mount + " is not mounted");
        }
        return selected;
    }

    @Override
    double value() {
        switch (kind) {
            case "queue": {
                long queue = 0;
                for (DiskCounters disk : selectedDisks()) {
                    queue += disk.queueLength();
                }
                return queue;
            }
            case "reads":
            case "writes":
                return first.change(ioCounters()[0]);
            case "readbytes":
            case "writebytes":
                return first.change(ioCounters()[0]) / divisor;
            case "service": {
                long[] now = ioCounters();
                long millis = first.change(now[0]);
                long operations = second.change(now[1]);
                return operations == 0 ? 0 : (double) millis / operations;
            }
            default:
                return space(selectedStores());
        }
    }

    private double space(List<FileStoreStat> stores) {
        long total = 0;
        long free = 0;
        long usable = 0;
        long files = 0;
        long freeFiles = 0;
        long used = 0;
        for (FileStoreStat store : stores) {
            total += store.total();
            free += store.free();
            usable += store.usable();
            files += store.files();
            freeFiles += store.freeFiles();
            used += store.used();
        }
        switch (kind) {
            case "total": return total / divisor;
            case "free": return free / divisor;
            case "available": return usable / divisor;
            case "used": return used / divisor;
            case "useperc": return used + usable == 0 ? 0 : 100.0 * used / (used + usable);
            case "files": return files;
            case "freefiles": return freeFiles;
            default: throw new IllegalStateException(kind);
        }
    }

    @Override
    public boolean measuresChange() {
        return IO_KINDS.contains(kind) && !"queue".equals(kind);
    }
}
