package io.dubbostress.cli.run;

import io.dubbostress.cli.jmeter.JMeterRun;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The disk room of a run folder while the run goes on. Two things keep a disk that fills up mid-run (other writers,
 * a longer run than the up-front check assumed) from costing what was recorded:
 *
 * <ul>
 * <li>a watch ({@link #stopReason}): when the folder's disk has less than {@link #FLOOR_BYTES} left, the scenario is
 *     stopped before JMeter's writes start failing (JMeter's result writer drops rows silently on a full disk);</li>
 * <li>a reserve ({@link #RESERVE_NAME}, {@link #RESERVE_BYTES} of real blocks) taken when the folder is claimed and
 *     given back ({@link #release}) before the run's last writes: run.json's final state and the report then have
 *     room even on a disk someone else filled to the last byte.</li>
 * </ul>
 *
 * <pre>
 * RunFolderSpace space = RunFolderSpace.reserve(layout.root());
 * ... jmeterRun.await(progress, space::stopReason) ...
 * space.release();   // then write run.json and the report
 * </pre>
 */
final class RunFolderSpace {

    /** The reserve's file name in the run folder; it is gone when the run ends (short of a SIGKILL). */
    static final String RESERVE_NAME = ".space-reserve";
    /** run.json (a few KiB), report.md/json/html (report.html of four 10-minute scenarios: under 1 MiB), with room. */
    static final long RESERVE_BYTES = 8L * 1024 * 1024;
    /** Below this much free space a scenario is stopped: about 3 s of JTL at 50,000 rows/s of 200 bytes. */
    static final long FLOOR_BYTES = 32L * 1024 * 1024;

    private final Path folder;
    private final Path reserve;
    private volatile boolean full;

    private RunFolderSpace(Path folder) {
        this.folder = folder;
        this.reserve = folder.resolve(RESERVE_NAME);
    }

    /** Takes the reserve in {@code folder}; a disk without room for it runs without one (the watch still works). */
    static RunFolderSpace reserve(Path folder) {
        RunFolderSpace space = new RunFolderSpace(folder);
        byte[] block = new byte[64 * 1024];
        try {
            java.util.Arrays.fill(block, (byte) '\n'); // written bytes, not a sparse hole: the blocks are really taken
            try (var out = Files.newOutputStream(space.reserve, StandardOpenOption.CREATE_NEW)) {
                for (long written = 0; written < RESERVE_BYTES; written += block.length) {
                    out.write(block);
                }
            }
        } catch (IOException e) {
            space.release();
        }
        return space;
    }

    /** Why the scenario must stop (the disk is nearly full), or null while there is room. */
    String stopReason(JMeterRun run) {
        long free = usableBytes();
        if (free >= 0 && free < FLOOR_BYTES) {
            full = true;
            return "the disk of the run folder is full (" + mib(free) + " MiB left, under the " + mib(FLOOR_BYTES)
                    + " MiB a scenario needs to go on): the scenario was stopped to keep what it recorded";
        }
        return null;
    }

    /** Whether the watch found the disk full at some point. */
    boolean wasFull() {
        return full;
    }

    /** Free bytes on the folder's disk for this user, or -1 when unknown. */
    long usableBytes() {
        try {
            FileStore store = Files.getFileStore(folder);
            return store.getUsableSpace();
        } catch (IOException e) {
            return -1;
        }
    }

    /** Gives the reserve back to the disk; safe to call twice. */
    void release() {
        try {
            Files.deleteIfExists(reserve);
        } catch (IOException e) {
            // nothing more can be done: it holds only newlines
        }
    }

    private static long mib(long bytes) {
        return bytes / (1024 * 1024);
    }
}
