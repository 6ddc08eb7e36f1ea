package io.dubbostress.perfmon.host;

/**
 * One process at one moment: CPU time (user, kernel; milliseconds), memory (resident, virtual, shared; bytes;
 * shared is -1 where the OS does not tell), page faults, and when it was read.
 */
public final class ProcessStat {

    private final int pid;
    private final String name;
    private final long userMillis;
    private final long kernelMillis;
    private final long residentBytes;
    private final long virtualBytes;
    private final long sharedBytes;
    private final long minorFaults;
    private final long majorFaults;
    private final long readAtNanos;

    public ProcessStat(int pid, String name, long userMillis, long kernelMillis, long residentBytes,
            long virtualBytes, long sharedBytes, long minorFaults, long majorFaults, long readAtNanos) {
        this.pid = pid;
        this.name = name;
        this.userMillis = userMillis;
        this.kernelMillis = kernelMillis;
        this.residentBytes = residentBytes;
        this.virtualBytes = virtualBytes;
        this.sharedBytes = sharedBytes;
        this.minorFaults = minorFaults;
        this.majorFaults = majorFaults;
        this.readAtNanos = readAtNanos;
    }

    public int pid() {
        return pid;
    }

    public String name() {
        return name;
    }

    public long userMillis() {
        return userMillis;
    }

    public long kernelMillis() {
        return kernelMillis;
    }

    public long totalMillis() {
        return userMillis + kernelMillis;
    }

    public long residentBytes() {
        return residentBytes;
    }

    public long virtualBytes() {
        return virtualBytes;
    }

    public long sharedBytes() {
        return sharedBytes;
    }

    public long minorFaults() {
        return minorFaults;
    }

    public long majorFaults() {
        return majorFaults;
    }

    public long readAtNanos() {
        return readAtNanos;
    }
}
