package io.dubbostress.perfmon.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.hardware.GlobalMemory;
import oshi.hardware.HWDiskStore;
import oshi.hardware.HardwareAbstractionLayer;
import oshi.hardware.NetworkIF;
import oshi.hardware.VirtualMemory;
import oshi.software.os.InternetProtocolStats;
import oshi.software.os.OSFileStore;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;
import oshi.util.GlobalConfig;

/**
 * What the agent knows of the machine it runs on, through OSHI (any OS and CPU OSHI supports: Linux, Windows,
 * macOS, FreeBSD, Solaris, AIX; x86 and ARM), with Linux's {@code /proc} read directly where OSHI keeps less than
 * the classic metrics name (all {@code /proc/net/dev} counters, TCP states without the process lookup, MemFree,
 * a process's shared memory). Readings are cached for {@value #CACHE_MILLIS} ms: the metrics of one line, and
 * clients asking at the same moment, share one read, and a reading is never older than that (the classic's SIGAR
 * cache holds 500 ms, so two asks within it see no change at all).
 *
 * <pre>{@code
 * Host host = Host.local();
 * CpuTicks before = host.cpuTicks();
 * ...
 * double busy = host.cpuTicks().share(before, CpuTicks.State.USER, CpuTicks.State.SYSTEM);
 * }</pre>
 */
public final class Host {

    private static final Logger LOG = LoggerFactory.getLogger(Host.class);

    static final long CACHE_MILLIS = 20;
    /** How often the list of disks and file systems is taken again (devices come and go rarely). */
    private static final long INVENTORY_MILLIS = 30_000;

    /** Names of block devices that stack on others or live in memory: left out of an all-disks sum. */
    private static final String[] VIRTUAL_DISK_PREFIXES = {"dm-", "md", "loop", "ram", "zram", "sr"};

    private final OperatingSystem os;
    private final HardwareAbstractionLayer hardware;
    private final CentralProcessor processor;
    private final boolean linux;
    private final Path proc;

    private final Cached<CpuTicks> cpuTicks;
    private final Cached<List<CpuTicks>> coreTicks;
    private final Cached<MemoryStat> memory;
    private final Cached<SwapStat> swap;
    private final Cached<List<HWDiskStore>> diskInventory;
    private final Cached<List<DiskCounters>> disks;
    private final Cached<List<FileStoreStat>> fileStores;
    private final Cached<List<NetCounters>> network;
    private final Cached<TcpStates> tcp;
    private final Cgroup cgroup;

    /** This machine. Loads OSHI's native access (JNA): a few hundred milliseconds, once. */
    public static Host local() {
        return withCgroupRoot(Paths.get("/proc/self/cgroup"), Paths.get("/sys/fs/cgroup"));
    }

    /** This machine, with the control group read from another cgroup file system root (tests, nested setups). */
    public static Host withCgroupRoot(Path procSelfCgroup, Path cgroupRoot) {
        boolean linux = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux");
        return new Host(Paths.get("/proc"), linux ? Cgroup.detect(procSelfCgroup, cgroupRoot) : null);
    }

    private Host(Path proc, Cgroup cgroup) {
        freshOshiReadings();
        SystemInfo systemInfo = new SystemInfo();
        this.os = systemInfo.getOperatingSystem();
        this.hardware = systemInfo.getHardware();
        this.processor = hardware.getProcessor();
        this.linux = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux");
        this.proc = proc;
        this.cpuTicks = new Cached<>(this::readCpuTicks, CACHE_MILLIS);
        this.coreTicks = new Cached<>(this::readCoreTicks, CACHE_MILLIS);
        this.memory = new Cached<>(this::readMemory, CACHE_MILLIS);
        this.swap = new Cached<>(this::readSwap, CACHE_MILLIS);
        this.diskInventory = new Cached<>(hardware::getDiskStores, INVENTORY_MILLIS);
        this.disks = new Cached<>(this::readDisks, CACHE_MILLIS);
        this.fileStores = new Cached<>(this::readFileStores, CACHE_MILLIS);
        this.network = new Cached<>(this::readNetwork, CACHE_MILLIS);
        this.tcp = new Cached<>(this::readTcp, CACHE_MILLIS);
        this.cgroup = cgroup;
    }

    public String describe() {
        return os.toString() + ", " + processor.getLogicalProcessorCount() + " logical CPUs, "
                + hardware.getMemory().getTotal() / (1024 * 1024) + " MiB"
                + (cgroup == null ? "" : ", cgroup v" + cgroup.version());
    }

    public int logicalCpus() {
        return processor.getLogicalProcessorCount();
    }

    public CpuTicks cpuTicks() {
        return cpuTicks.get();
    }

    /** The unit of {@link #cpuTicks()}: {@code /proc/stat}'s USER_HZ (100) on Linux, OSHI's milliseconds elsewhere. */
    public int cpuTicksPerSecond() {
        return linux ? ProcessCounters.TICKS_PER_SECOND : 1000;
    }

    /** Per logical CPU, in the OS's order ({@code core=0} is the first); null where a CPU is offline. */
    public List<CpuTicks> coreTicks() {
        return coreTicks.get();
    }

    /**
     * OSHI keeps most readings for 300 ms (its memoizer's default, {@code oshi.util.memoizer.expiration}): a client
     * streaming faster than that would get the same CPU ticks or swap page counts twice, and repeat its values.
     * This agent keeps its own {@value #CACHE_MILLIS} ms cache instead, so it asks OSHI for its shortest one; a
     * value set as a system property wins. It takes effect for the OSHI objects made after the first use of OSHI
     * in the JVM (the agent's own JVM, or {@code stress agent}'s, where the agent comes first). CPU ticks on Linux
     * do not depend on it: they are read from {@code /proc/stat} directly.
     */
    private static void freshOshiReadings() {
        if (System.getProperty(GlobalConfig.OSHI_UTIL_MEMOIZER_EXPIRATION) == null) {
            GlobalConfig.set(GlobalConfig.OSHI_UTIL_MEMOIZER_EXPIRATION, (int) CACHE_MILLIS);
        }
    }

    private CpuTicks readCpuTicks() {
        LinuxCpuStat stat = linux ? LinuxCpuStat.parse(readLines(proc.resolve("stat"))) : null;
        return stat != null ? stat.all() : new CpuTicks(processor.getSystemCpuLoadTicks());
    }

    private List<CpuTicks> readCoreTicks() {
        LinuxCpuStat stat = linux ? LinuxCpuStat.parse(readLines(proc.resolve("stat"))) : null;
        if (stat != null && !stat.cores().isEmpty()) {
            return stat.cores();
        }
        long[][] perCore = processor.getProcessorCpuLoadTicks();
        List<CpuTicks> cores = new ArrayList<>(perCore.length);
        for (long[] ticks : perCore) {
            cores.add(new CpuTicks(ticks));
        }
        return Collections.unmodifiableList(cores);
    }

    public MemoryStat memory() {
        return memory.get();
    }

    private MemoryStat readMemory() {
        GlobalMemory global = hardware.getMemory();
        long available = global.getAvailable();
        long free = linux ? meminfo("MemFree:", available) : available;
        return new MemoryStat(global.getTotal(), available, free);
    }

    /** A {@code /proc/meminfo} value in bytes. */
    private long meminfo(String key, long fallback) {
        for (String line : readLines(proc.resolve("meminfo"))) {
            if (line.startsWith(key)) {
                String[] f = line.substring(key.length()).trim().split("\\s+");
                try {
                    return Long.parseLong(f[0]) * (f.length > 1 && "kB".equals(f[1]) ? 1024 : 1);
                } catch (NumberFormatException e) {
                    return fallback;
                }
            }
        }
        return fallback;
    }

    public SwapStat swap() {
        return swap.get();
    }

    private SwapStat readSwap() {
        VirtualMemory virtual = hardware.getMemory().getVirtualMemory();
        return new SwapStat(virtual.getSwapTotal(), virtual.getSwapUsed(), virtual.getSwapPagesIn(),
                virtual.getSwapPagesOut());
    }

    /** Every block device OSHI lists. */
    public List<DiskCounters> disks() {
        return disks.get();
    }

    private List<DiskCounters> readDisks() {
        List<DiskCounters> counters = new ArrayList<>();
        for (HWDiskStore disk : diskInventory.get()) {
            disk.updateAttributes();
            counters.add(new DiskCounters(disk.getName(), disk.getReads(), disk.getReadBytes(), disk.getWrites(),
                    disk.getWriteBytes(), disk.getTransferTime(), disk.getCurrentQueueLength()));
        }
        return Collections.unmodifiableList(counters);
    }

    /** Whether an all-disks sum leaves this device out (it stacks on others, or lives in memory). */
    public static boolean isVirtualDisk(String name) {
        String base = name.substring(name.lastIndexOf('/') + 1);
        for (String prefix : VIRTUAL_DISK_PREFIXES) {
            if (base.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The disk holding a file store's volume ({@code /dev/sda1} is on {@code /dev/sda}); null when none is known
     * (tmpfs, network file systems).
     */
    public String diskOf(FileStoreStat store) {
        String volume = store.volume();
        String real = volume;
        try {
            real = Paths.get(volume).toRealPath().toString(); // /dev/mapper/x -> /dev/dm-0
        } catch (IOException | RuntimeException e) {
            // keep the name as given
        }
        for (HWDiskStore disk : diskInventory.get()) {
            if (disk.getName().equals(volume) || disk.getName().equals(real)) {
                return disk.getName();
            }
            for (oshi.hardware.HWPartition partition : disk.getPartitions()) {
                String id = partition.getIdentification();
                if (id.equals(volume) || id.equals(real) || store.mount().equals(partition.getMountPoint())) {
                    return disk.getName();
                }
            }
        }
        return null;
    }

    /** Local file systems (OSHI's view: no network or pseudo file systems). */
    public List<FileStoreStat> fileStores() {
        return fileStores.get();
    }

    private List<FileStoreStat> readFileStores() {
        List<FileStoreStat> stores = new ArrayList<>();
        for (OSFileStore store : os.getFileSystem().getFileStores(true)) {
            stores.add(new FileStoreStat(store.getMount(), store.getVolume(), store.getType(), store.getTotalSpace(),
                    store.getFreeSpace(), store.getUsableSpace(), store.getTotalInodes(), store.getFreeInodes()));
        }
        return Collections.unmodifiableList(stores);
    }

    /** Every interface, loopback included. */
    public List<NetCounters> network() {
        return network.get();
    }

    private List<NetCounters> readNetwork() {
        if (linux) {
            List<String> lines = readLines(proc.resolve("net/dev"));
            if (!lines.isEmpty()) {
                return Collections.unmodifiableList(LinuxNetDev.parse(lines));
            }
        }
        List<NetCounters> interfaces = new ArrayList<>();
        for (NetworkIF nif : hardware.getNetworkIFs(true)) {
            Map<NetCounters.Field, Long> values = new EnumMap<>(NetCounters.Field.class);
            values.put(NetCounters.Field.BYTES_RECV, nif.getBytesRecv());
            values.put(NetCounters.Field.BYTES_SENT, nif.getBytesSent());
            values.put(NetCounters.Field.RX_PACKETS, nif.getPacketsRecv());
            values.put(NetCounters.Field.TX_PACKETS, nif.getPacketsSent());
            values.put(NetCounters.Field.RX_ERRORS, nif.getInErrors());
            values.put(NetCounters.Field.TX_ERRORS, nif.getOutErrors());
            values.put(NetCounters.Field.RX_DROPS, nif.getInDrops());
            values.put(NetCounters.Field.TX_COLLISIONS, nif.getCollisions());
            interfaces.add(new NetCounters(nif.getName(), values, nif.getSpeed()));
        }
        return Collections.unmodifiableList(interfaces);
    }

    /** An interface's link speed in bits per second; 0 when unknown (loopback, most virtual interfaces). */
    public long linkSpeed(String iface) {
        for (NetworkIF nif : hardware.getNetworkIFs(true)) {
            if (nif.getName().equals(iface)) {
                return Math.max(0, nif.getSpeed());
            }
        }
        return 0;
    }

    public TcpStates tcp() {
        return tcp.get();
    }

    private TcpStates readTcp() {
        if (linux) {
            List<String> v4 = readLines(proc.resolve("net/tcp"));
            List<String> v6 = readLines(proc.resolve("net/tcp6"));
            if (!v4.isEmpty() || !v6.isEmpty()) {
                return LinuxTcpTable.count(java.util.Arrays.asList(v4, v6));
            }
        }
        Map<TcpStates.State, Integer> counts = new EnumMap<>(TcpStates.State.class);
        java.util.Set<Integer> listening = new java.util.HashSet<>();
        List<InternetProtocolStats.IPConnection> tcpConnections = new ArrayList<>();
        for (InternetProtocolStats.IPConnection connection : os.getInternetProtocolStats().getConnections()) {
            if (!connection.getType().startsWith("tcp")) {
                continue;
            }
            TcpStates.State state = stateOf(connection.getState());
            if (state == null) {
                continue;
            }
            counts.merge(state, 1, Integer::sum);
            if (state == TcpStates.State.LISTEN) {
                listening.add(connection.getLocalPort());
            } else {
                tcpConnections.add(connection);
            }
        }
        int inbound = 0;
        for (InternetProtocolStats.IPConnection connection : tcpConnections) {
            if (listening.contains(connection.getLocalPort())) {
                inbound++;
            }
        }
        return new TcpStates(counts, inbound, tcpConnections.size() - inbound);
    }

    private static TcpStates.State stateOf(InternetProtocolStats.TcpState state) {
        switch (state) {
            case ESTABLISHED: return TcpStates.State.ESTABLISHED;
            case SYN_SENT: return TcpStates.State.SYN_SENT;
            case SYN_RECV: return TcpStates.State.SYN_RECV;
            case FIN_WAIT_1: return TcpStates.State.FIN_WAIT1;
            case FIN_WAIT_2: return TcpStates.State.FIN_WAIT2;
            case TIME_WAIT: return TcpStates.State.TIME_WAIT;
            case CLOSED: return TcpStates.State.CLOSE;
            case CLOSE_WAIT: return TcpStates.State.CLOSE_WAIT;
            case LAST_ACK: return TcpStates.State.LAST_ACK;
            case LISTEN: return TcpStates.State.LISTEN;
            case CLOSING: return TcpStates.State.CLOSING;
            default: return null;
        }
    }

    /**
     * Context switches of the whole machine since it started: Linux's {@code /proc/stat} {@code ctxt}, elsewhere
     * OSHI's count; -1 when this OS does not tell.
     */
    public long contextSwitches() {
        if (linux) {
            try {
                return ProcessCounters.hostContextSwitches(proc);
            } catch (IOException e) {
                LOG.debug("no context switches in {}/stat: {}", proc, e.toString());
                return -1;
            }
        }
        long switches = processor.getContextSwitches();
        return switches > 0 ? switches : -1;
    }

    /**
     * A process's threads, open files and (when {@code switches}) context switches of all its threads, or null when
     * there is no such process:
     * on Linux from {@code /proc/<pid>}, elsewhere from OSHI (which counts what the OS gives; -1 where it gives none).
     */
    public ProcessCounters processCounters(int pid, boolean switches) {
        if (linux) {
            try {
                return ProcessCounters.readLinux(proc, pid, switches);
            } catch (IOException e) {
                return null;
            }
        }
        OSProcess process = os.getProcess(pid);
        if (process == null || process.getState() == OSProcess.State.INVALID) {
            return null;
        }
        long counted = switches ? process.getContextSwitches() : -1;
        return new ProcessCounters(process.getUserTime() / 10, process.getKernelTime() / 10,
                process.getThreadCount(), (int) process.getOpenFiles(), counted > 0 ? counted : -1);
    }

    /** A process now, or null when there is none with that id. */
    public ProcessStat process(int pid) {
        OSProcess process = os.getProcess(pid);
        if (process == null || process.getState() == OSProcess.State.INVALID) {
            return null;
        }
        return new ProcessStat(pid, process.getName(), process.getUserTime(), process.getKernelTime(),
                process.getResidentMemory(), process.getVirtualSize(), sharedBytes(pid), process.getMinorFaults(),
                process.getMajorFaults(), System.nanoTime());
    }

    /** Linux: {@code /proc/<pid>/statm}'s third field (shared pages) in bytes; -1 elsewhere. */
    private long sharedBytes(int pid) {
        if (!linux) {
            return -1;
        }
        List<String> statm = readLines(proc.resolve(pid + "/statm"));
        if (statm.isEmpty()) {
            return -1;
        }
        String[] f = statm.get(0).trim().split("\\s+");
        try {
            return f.length > 2 ? Long.parseLong(f[2]) * hardware.getMemory().getPageSize() : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * Ids of processes whose executable is named {@code name} (case-insensitive; the file name of its path, or the
     * name the OS gives it), lowest first: what the classic's {@code name=java#1} counts through.
     */
    public List<Integer> pidsNamed(String name) {
        List<Integer> pids = new ArrayList<>();
        for (OSProcess process : os.getProcesses()) {
            String path = process.getPath() == null ? "" : process.getPath();
            String file = path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
            if (file.equalsIgnoreCase(name) || name.equalsIgnoreCase(process.getName())) {
                pids.add(process.getProcessID());
            }
        }
        Collections.sort(pids);
        return pids;
    }

    /** The agent's control group, or null when it has none (not Linux). */
    public Cgroup cgroup() {
        return cgroup;
    }

    private static List<String> readLines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            LOG.debug("cannot read {}: {}", file, e.toString());
            return Collections.emptyList();
        }
    }
}
