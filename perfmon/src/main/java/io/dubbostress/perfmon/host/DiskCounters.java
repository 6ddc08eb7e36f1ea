package io.dubbostress.perfmon.host;

/**
 * One block device's cumulative I/O: operations and bytes read and written, milliseconds spent transferring, and the
 * requests in flight right now.
 */
public final class DiskCounters {

    private final String name;
    private final long reads;
    private final long readBytes;
    private final long writes;
    private final long writeBytes;
    private final long transferMillis;
    private final long queueLength;

    public DiskCounters(String name, long reads, long readBytes, long writes, long writeBytes, long transferMillis,
            long queueLength) {
        this.name = name;
        this.reads = reads;
        this.readBytes = readBytes;
        this.writes = writes;
        this.writeBytes = writeBytes;
        this.transferMillis = transferMillis;
        this.queueLength = queueLength;
    }

    /** As OSHI names it: {@code /dev/sda}, {@code /dev/nvme0n1}, {@code \\.\PHYSICALDRIVE0}, {@code disk0}. */
    public String name() {
        return name;
    }

    public long reads() {
        return reads;
    }

    public long readBytes() {
        return readBytes;
    }

    public long writes() {
        return writes;
    }

    public long writeBytes() {
        return writeBytes;
    }

    public long transferMillis() {
        return transferMillis;
    }

    public long queueLength() {
        return queueLength;
    }
}
