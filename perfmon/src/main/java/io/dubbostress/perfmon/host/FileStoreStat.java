package io.dubbostress.perfmon.host;

/** A mounted file system's space and inodes, and the volume (device) it lives on. */
public final class FileStoreStat {

    private final String mount;
    private final String volume;
    private final String type;
    private final long total;
    private final long free;
    private final long usable;
    private final long files;
    private final long freeFiles;

    public FileStoreStat(String mount, String volume, String type, long total, long free, long usable, long files,
            long freeFiles) {
        this.mount = mount;
        this.volume = volume;
        this.type = type;
        this.total = total;
        this.free = free;
        this.usable = usable;
        this.files = files;
        this.freeFiles = freeFiles;
    }

    public String mount() {
        return mount;
    }

    public String volume() {
        return volume;
    }

    public String type() {
        return type;
    }

    public long total() {
        return total;
    }

    /** Free for anyone, root's reserve included. */
    public long free() {
        return free;
    }

    /** Free for an ordinary user ("available" in df). */
    public long usable() {
        return usable;
    }

    public long used() {
        return Math.max(0, total - free);
    }

    public long files() {
        return files;
    }

    public long freeFiles() {
        return freeFiles;
    }
}
