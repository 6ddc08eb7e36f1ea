package io.dubbostress.sampler.jtl;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleSaveConfiguration;
import org.apache.jorphan.util.JMeterError;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One CSV JTL being written: the samplers' threads hand their sample events over ({@link #add}: a lock-free queue, no
 * formatting), and one thread of its own turns them into lines ({@link CsvRows}, JMeter's bytes) and writes what it
 * has every {@value #WRITE_EVERY_MS} ms, whole lines in one write each. A reader of the growing file (the live view,
 * {@code tail -f}) sees whole lines, at most {@value #WRITE_EVERY_MS} ms behind the samples; a JMeter killed with
 * {@code kill -9} leaves the lines written until then (the last {@value #WRITE_EVERY_MS} ms or so are lost); a JVM
 * that exits (end of test, Ctrl-C, SIGTERM) writes everything first.
 *
 * <pre>{@code
 * JtlFile jtl = JtlFile.open(new File("results.jtl"), new SampleSaveConfiguration());  // the header, if new
 * jtl.add(event);     // a sampler's thread
 * JtlFile.release(jtl);   // test end: everything written, the file closed
 * }</pre>
 *
 * Files are shared by path: two writers of one file in a plan share one {@code JtlFile}.
 */
final class JtlFile {

    private static final Logger log = LoggerFactory.getLogger(JtlFile.class);

    /** How often the writer thread writes what it has. */
    static final long WRITE_EVERY_MS = 100;
    /**
     * Samples handed over and not yet formatted beyond which the samplers' threads wait for the writer (JMeter's own
     * writer makes them wait on its lock for every line): a plan faster than one thread can format (hundreds of
     * thousands of samples a second) is slowed to the writer's pace instead of filling the heap.
     */
    static final int MAX_BEHIND = 100_000;
    /** A batch larger than this is written at once, before the next is formatted. */
    private static final int WRITE_AT_BYTES = 1 << 18;

    private static final Map<String, JtlFile> OPEN = new HashMap<>();
    private static Thread exitHook;

    private final String path;
    private final CsvRows rows;
    private final FileOutputStream out;
    private final ConcurrentLinkedQueue<SampleEvent> queue = new ConcurrentLinkedQueue<>();
    private final Thread writer;
    private volatile boolean closing;
    private final int maxBehind;
    /** Set by the writer while more than {@link #maxBehind} samples wait; the samplers' threads wait while it is. */
    private volatile boolean behind;
    /** How often a sampler's thread waited for the writer (the slow path only). */
    private final java.util.concurrent.atomic.LongAdder waits = new java.util.concurrent.atomic.LongAdder();
    private int users;
    // the writer thread's own
    private final Bytes batch = new Bytes(WRITE_AT_BYTES + (1 << 14));
    private long written;
    private long lost;
    private IOException failure;

    private JtlFile(String path, SampleSaveConfiguration config, Charset charset, FileOutputStream out, int maxBehind) {
        this.path = path;
        this.maxBehind = maxBehind;
        this.rows = new CsvRows(config, charset);
        this.out = out;
        this.writer = new Thread(this::writeUntilClosed, "jtl-writer " + new File(path).getName());
        this.writer.setDaemon(true);
    }

    /**
     * The file at {@code file} opened for appending, the header written first when it is new or empty (JMeter's own
     * writer writes none into an existing file), shared with any writer that has it open already.
     */
    static JtlFile open(File file, SampleSaveConfiguration config, Charset charset) throws IOException {
        return open(file, config, charset, MAX_BEHIND);
    }

    /** {@link #open(File, SampleSaveConfiguration, Charset)} with the samplers held at {@code maxBehind} samples. */
    static synchronized JtlFile open(File file, SampleSaveConfiguration config, Charset charset, int maxBehind)
            throws IOException {
        String path = file.getCanonicalPath();
        JtlFile open = OPEN.get(path);
        if (open == null) {
            File dir = file.getCanonicalFile().getParentFile();
            if (dir != null && !dir.isDirectory() && !dir.mkdirs() && !dir.isDirectory()) {
                throw new IOException("cannot create the folder " + dir);
            }
            boolean fresh = !file.exists() || file.length() == 0;
            FileOutputStream stream = new FileOutputStream(file, true);
            open = new JtlFile(path, config, charset, stream, maxBehind);
            if (fresh && config.saveFieldNames()) {
                Bytes header = new Bytes(512);
                header.add(open.rows.header().getBytes(charset));
                header.add(open.rows.lineSeparator());
                try {
                    header.writeTo(stream);
                } catch (IOException e) {
                    stream.close();
                    throw e;
                }
            }
            OPEN.put(path, open);
            open.writer.start();
            if (exitHook == null) {
                exitHook = new Thread(JtlFile::closeAllAtExit, "jtl-writer exit");
                Runtime.getRuntime().addShutdownHook(exitHook);
            }
        }
        open.users++;
        return open;
    }

    /** UTF-8 unless JMeter's {@code _file_encoding} (saveservice.properties) says otherwise. */
    static Charset fileEncoding() {
        try {
            return Charset.forName(org.apache.jmeter.save.SaveService.getFileEncoding(
                    StandardCharsets.UTF_8.name()));
        } catch (RuntimeException e) {
            return StandardCharsets.UTF_8;
        }
    }

    /**
     * One user less; the last one's release writes every line handed over and closes the file (the caller waits at
     * most {@code waitMs}; the writer goes on writing if that was not enough, and the exit hook waits for it).
     */
    static void release(JtlFile file, long waitMs) {
        synchronized (JtlFile.class) {
            if (--file.users > 0) {
                return;
            }
            OPEN.remove(file.path);
        }
        file.close(waitMs);
    }

    String path() {
        return path;
    }

    /**
     * A sampler's thread: hands the event over. Nothing is formatted here; the thread waits only while the writer is
     * more than {@link #MAX_BEHIND} samples behind.
     */
    void add(SampleEvent event) {
        rows.prepare(event);
        queue.offer(event);
        while (behind && !closing) {
            waits.increment();
            LockSupport.unpark(writer);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    /** How often a sampler's thread waited for the writer. */
    long waits() {
        return waits.sum();
    }

    /** Samples that could not be formatted or written. */
    synchronized long lost() {
        return lost;
    }

    /** Lines written so far (one per sample, sub-results apart). */
    synchronized long written() {
        return written;
    }

    private void close(long waitMs) {
        closing = true;
        LockSupport.unpark(writer);
        try {
            writer.join(waitMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (writer.isAlive()) {
            log.warn("JTL writer: {} is still being written after {} ms", path, waitMs);
        }
    }

    private static void closeAllAtExit() {
        List<JtlFile> files;
        synchronized (JtlFile.class) {
            files = new ArrayList<>(OPEN.values());
            OPEN.clear();
        }
        for (JtlFile file : files) {
            file.close(TimeUnit.SECONDS.toMillis(10));
        }
    }

    private void writeUntilClosed() {
        try {
            while (!closing) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(WRITE_EVERY_MS));
                writeWhatIsThere();
            }
            writeWhatIsThere();
        } finally {
            try {
                out.close();
            } catch (IOException e) {
                fail(e);
            }
            synchronized (this) {
                if (lost > 0) {
                    log.error("JTL writer: {} samples could not be written to {} ({}); {} were", lost, path,
                            failure, written);
                } else {
                    log.info("JTL writer: {} samples written to {}", written, path);
                }
            }
        }
    }

    /** Everything queued now, as whole lines, in writes of at most about {@value #WRITE_AT_BYTES} bytes. */
    private void writeWhatIsThere() {
        long events = 0;
        SampleEvent event;
        long taken = 0;
        while ((event = queue.poll()) != null) {
            if (++taken > maxBehind && !behind) {
                behind = true; // the samplers wait until this pass has emptied the queue
            }
            int before = batch.size();
            try {
                rows.append(event, batch);
                events++;
            } catch (RuntimeException | JMeterError e) {
                batch.truncate(before);
                log.error("JTL writer: a sample of {} could not be formatted", event.getResult().getSampleLabel(), e);
                synchronized (this) {
                    lost++;
                }
            }
            if (batch.size() >= WRITE_AT_BYTES) {
                flush(events);
                events = 0;
            }
        }
        flush(events);
        behind = false;
    }

    private void flush(long events) {
        if (events == 0) {
            return;
        }
        synchronized (this) {
            if (failure == null) {
                try {
                    batch.writeTo(out);
                    written += events;
                } catch (IOException e) {
                    fail(e);
                    lost += events;
                }
            } else {
                lost += events;
            }
        }
        batch.clear();
    }

    private synchronized void fail(IOException e) {
        if (failure == null) {
            failure = e;
            log.error("JTL writer: cannot write {}: {}; the samples from now on are not written", path, e.toString());
        }
    }
}
