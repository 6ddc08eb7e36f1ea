package io.dubbostress.gc;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * One GC log: a single file, or the pieces of a rotated one ({@code -Xlog:gc*:file=gc.log::filecount=3,filesize=10m}
 * writes {@code gc.log}, {@code gc.log.0}, {@code gc.log.1}, ...; JDK 8's {@code -XX:+UseGCLogFileRotation} writes
 * {@code gc.log.0}, {@code gc.log.1.current}, ...), read as one log in time order: the pieces are ordered by the first
 * time stamp in each (the numbers in the names say nothing about age once the rotation has wrapped around); where the
 * stamps are uptimes and two pieces begin a JVM (a restarted JVM: its predecessor's log was moved to {@code gc.log.N}),
 * the JVMs' runs by the time their files were last written, and each run's pieces by uptime. Beside a log, its pieces
 * are the files the JDK names so ({@code gc.log.N}, {@code gc.log.N.current}, each maybe {@code .gz}; {@code gc.log.gz}
 * only where there is no {@code gc.log}: otherwise it is a copy). A piece whose pauses are another's (a {@code gzip -k}
 * copy beside its original, given with it) is read once: {@link #skipped()} says which and why. Numbered pieces
 * missing between others ({@code gc.log.0} and {@code gc.log.2} without {@code gc.log.1}) are in {@link #missing()}.
 *
 * <pre>{@code
 * for (GcLogSet set : GcLogSet.group(List.of(Paths.get("gc.log"), Paths.get("gc.log.0"), Paths.get("gc.log.1")))) {
 *     set.forEachLine(line -> ...); // gc.log.1's lines, then gc.log.0's, then gc.log's, say
 * }
 * }</pre>
 */
public final class GcLogSet {

    private static final Pattern ROTATION_SUFFIX = Pattern.compile("(\\.\\d+)?(\\.current)?(\\.gz)?$");
    private static final int PROBE_LINES = 2_000;

    private static final Pattern JDK_PIECE_SUFFIX = Pattern.compile("\\.(\\d+)(\\.current)?(\\.gz)?");
    private static final Pattern HEADER = Pattern.compile("\\] Using [A-Z]|^CommandLine flags: ");

    private final String name;
    private final List<Path> files;
    /** Pieces left out because they repeat another's pauses: name -> why. */
    private Map<String, String> skipped = Collections.emptyMap();
    /** Numbered pieces missing between the others. */
    private List<String> missing = Collections.emptyList();
    /** Pieces that could not be read to their end (a cut compressed file), with why: the figures are partial. */
    private final Map<String, String> cut = new java.util.concurrent.ConcurrentSkipListMap<>();

    private GcLogSet(String name, List<Path> files) {
        this.name = name;
        this.files = Collections.unmodifiableList(new ArrayList<>(files));
    }

    /** A set of one file. */
    public static GcLogSet of(Path file) {
        return new GcLogSet(file.getFileName().toString(), Collections.singletonList(file));
    }

    /** The given files as one log, in time order, named after the first file's name without its rotation number. */
    public static GcLogSet rotated(List<Path> files) {
        if (files.isEmpty()) {
            throw new IllegalArgumentException("a GC log set needs at least one file");
        }
        List<Probe> probes = new ArrayList<>();
        for (Path file : files) {
            probes.add(Probe.of(file));
        }
        Map<String, String> skipped = new LinkedHashMap<>();
        probes = withoutCopies(probes, skipped);
        GcLogSet set = new GcLogSet(baseName(files.get(0)), order(probes));
        set.skipped = Collections.unmodifiableMap(skipped);
        set.missing = missing(set.files);
        return set;
    }

    /** What ordering and telling copies apart need of a piece, from its first lines and its file's time. */
    private record Probe(Path file, long firstEpochMs, double firstUptime, boolean header, long modifiedMs,
                         String firstPause) {

        static Probe of(Path file) {
            long epoch = GcLogLine.NO_EPOCH;
            double uptime = GcLogLine.NO_UPTIME;
            boolean header = false;
            String firstPause = null;
            long modified;
            try {
                modified = Files.getLastModifiedTime(file).toMillis();
            } catch (IOException e) {
                modified = Long.MAX_VALUE;
            }
            try (BufferedReader reader = GcLogText.open(file, why -> { })) {
                String text;
                int n = 0;
                PauseLineCounter pauses = new PauseLineCounter();
                while ((text = reader.readLine()) != null && n++ < PROBE_LINES
                        && (firstPause == null || epoch == GcLogLine.NO_EPOCH && uptime == GcLogLine.NO_UPTIME)) {
                    header |= !text.contains("GC log file created") && HEADER.matcher(text).find();
                    if (epoch == GcLogLine.NO_EPOCH && uptime == GcLogLine.NO_UPTIME) {
                        GcLogLine line = text.startsWith("[") ? GcLogLine.parse(text) : GcLogLine.parseJdk8(text);
                        epoch = line.epochMs();
                        uptime = line.uptimeSeconds();
                    }
                    long before = pauses.pauseLines();
                    pauses.line(text);
                    if (firstPause == null && pauses.pauseLines() > before) {
                        firstPause = text;
                    }
                }
            } catch (IOException | RuntimeException e) {
                // a file that cannot be read is named by the analysis; it sorts last
            }
            return new Probe(file, epoch, uptime, header, modified, firstPause);
        }

        /** The first stamp, seconds (wall clock when it has one, else uptime); unstamped files sort last. */
        double firstStamp() {
            return firstEpochMs != GcLogLine.NO_EPOCH ? firstEpochMs / 1000.0
                    : firstUptime != GcLogLine.NO_UPTIME ? firstUptime : Double.MAX_VALUE;
        }
    }

    /**
     * The pieces in time order. Wall-clock stamps in every piece, or at most one piece with a JVM's header (one run):
     * by first stamp. Uptimes only and several JVM starts (a restart that moved the earlier run's log to
     * {@code gc.log.N}): uptimes restart with each JVM, so the runs go by the time their header piece was last written,
     * each piece with the run whose header piece was written last before it, and each run's pieces by uptime.
     */
    private static List<Path> order(List<Probe> probes) {
        List<Probe> ordered = new ArrayList<>(probes);
        boolean wallClock = ordered.stream().allMatch(p -> p.firstEpochMs() != GcLogLine.NO_EPOCH);
        long headers = ordered.stream().filter(Probe::header).count();
        if (wallClock || headers <= 1) {
            ordered.sort(Comparator.comparingDouble(Probe::firstStamp).thenComparing(p -> p.file().toString()));
        } else {
            ordered.sort(Comparator.comparingLong(Probe::modifiedMs).thenComparing(p -> p.file().toString()));
            List<List<Probe>> runs = new ArrayList<>();
            for (Probe p : ordered) {
                if (p.header() || runs.isEmpty()) {
                    runs.add(new ArrayList<>());
                }
                runs.get(runs.size() - 1).add(p);
            }
            ordered.clear();
            for (List<Probe> run : runs) {
                run.sort(Comparator.comparing((Probe p) -> !p.header()).thenComparingDouble(Probe::firstStamp)
                        .thenComparing(p -> p.file().toString()));
                ordered.addAll(run);
            }
        }
        List<Path> files = new ArrayList<>();
        ordered.forEach(p -> files.add(p.file()));
        return files;
    }

    /**
     * The pieces less those whose pauses another piece already has: pieces whose first pause line is the same line
     * (stamps included) are one piece and its copies (a {@code gzip -k} copy, one taken while it still grew); the one
     * with the most pause lines is kept (of equals, the uncompressed one), the others are said in {@code skipped}.
     */
    private static List<Probe> withoutCopies(List<Probe> probes, Map<String, String> skipped) {
        Map<String, List<Probe>> byFirstPause = new LinkedHashMap<>();
        for (Probe p : probes) {
            if (p.firstPause() != null) {
                byFirstPause.computeIfAbsent(p.firstPause(), k -> new ArrayList<>()).add(p);
            }
        }
        List<Probe> kept = new ArrayList<>(probes);
        for (List<Probe> same : byFirstPause.values()) {
            if (same.size() < 2) {
                continue;
            }
            Map<Probe, Long> pauses = new LinkedHashMap<>();
            same.forEach(p -> pauses.put(p, pauseLines(p.file())));
            Probe keep = same.stream().max(Comparator.comparingLong((Probe p) -> pauses.get(p))
                    .thenComparing(p -> !p.file().getFileName().toString().endsWith(".gz"))
                    .thenComparing(p -> p.file().getFileName().toString(), Comparator.reverseOrder())).get();
            for (Probe p : same) {
                if (p != keep) {
                    kept.remove(p);
                    skipped.put(p.file().getFileName().toString(), String.format(java.util.Locale.ROOT,
                            "its %d pause line(s) are %s's (%s): read once", pauses.get(p),
                            keep.file().getFileName(), pauses.get(p).equals(pauses.get(keep)) ? "a copy of it"
                                    : "a copy taken while it grew"));
                }
            }
        }
        return kept;
    }

    private static long pauseLines(Path file) {
        PauseLineCounter counter = new PauseLineCounter();
        try (BufferedReader reader = GcLogText.open(file, why -> { })) {
            String line;
            while ((line = reader.readLine()) != null) {
                counter.line(line);
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return counter.pauseLines();
    }

    /** The numbered pieces between the lowest and the highest number there that are not there. */
    private static List<String> missing(List<Path> files) {
        java.util.TreeMap<Integer, String> numbered = new java.util.TreeMap<>();
        String base = null;
        for (Path file : files) {
            String name = file.getFileName().toString();
            String b = baseName(name);
            java.util.regex.Matcher m = JDK_PIECE_SUFFIX.matcher(name.substring(b.length()));
            if (m.matches()) {
                base = b;
                numbered.put(Integer.parseInt(m.group(1)), name);
            }
        }
        List<String> gaps = new ArrayList<>();
        if (numbered.size() >= 2) {
            for (int n = numbered.firstKey() + 1; n < numbered.lastKey(); n++) {
                if (!numbered.containsKey(n)) {
                    gaps.add(base + "." + n);
                }
            }
        }
        return Collections.unmodifiableList(gaps);
    }

    /** A part of a set: the same log's name, some of its files (one JVM run's, say). */
    GcLogSet part(List<Path> files) {
        return new GcLogSet(name, files);
    }

    /**
     * The log {@code file} belongs to, whole: the file with every piece of its rotated set that lies beside it (the
     * same name but for a trailing {@code .N}, {@code .current}, {@code .gz}), whether or not {@code file} itself is
     * there (JDK 8 rotation writes no {@code gc.log}, only {@code gc.log.0}, ...). An analysis describes a whole set:
     * one piece never stands for it.
     */
    public static GcLogSet withPieces(Path file) {
        List<Path> pieces = piecesBeside(file);
        if (pieces.isEmpty()) {
            return of(file);
        }
        return pieces.size() == 1 ? new GcLogSet(baseName(pieces.get(0)), pieces) : rotated(pieces);
    }

    /**
     * The pieces of {@code file}'s set in its folder (the file included when it exists), by name: the JDK's names for
     * them ({@code gc.log}, {@code gc.log.N}, {@code gc.log.N.current}, each maybe gzipped; {@code gc.log.gz} only
     * without a {@code gc.log}, of which it would be a copy).
     */
    static List<Path> piecesBeside(Path file) {
        Path folder = file.toAbsolutePath().getParent();
        String base = baseName(file);
        List<Path> pieces = new ArrayList<>();
        if (folder != null && Files.isDirectory(folder)) {
            boolean plain = Files.isRegularFile(folder.resolve(base));
            try (java.util.stream.Stream<Path> list = Files.list(folder)) {
                list.filter(p -> Files.isRegularFile(p) && baseName(p).equals(base)
                                && isJdkPiece(base, p.getFileName().toString(), plain))
                        .map(p -> file.getParent() == null ? p.getFileName() : file.getParent().resolve(p.getFileName()))
                        .sorted()
                        .forEach(pieces::add);
            } catch (IOException e) {
                return Collections.singletonList(file);
            }
        }
        return pieces;
    }

    /**
     * The files grouped into logs, each completed with the pieces of its rotated set that lie beside it
     * ({@link #withPieces}); each group in the order its first file was given.
     */
    public static List<GcLogSet> groupWithPieces(List<Path> files) {
        List<Path> all = new ArrayList<>();
        for (Path file : files) {
            all.add(file);
            all.addAll(piecesBeside(file));
        }
        return group(all);
    }

    /**
     * The files grouped into logs: pieces of one rotation (the same name but for a trailing {@code .N},
     * {@code .current} or {@code .gz}) together, in time order; each group in the order its first file was given.
     */
    public static List<GcLogSet> group(List<Path> files) {
        Map<String, List<Path>> groups = new LinkedHashMap<>();
        java.util.Set<Path> seen = new java.util.HashSet<>();
        for (Path file : files) {
            if (!seen.add(file.toAbsolutePath().normalize())) {
                continue;
            }
            Path parent = file.toAbsolutePath().getParent();
            String key = (parent == null ? "" : parent.toString()) + "/" + baseName(file);
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(file);
        }
        List<GcLogSet> sets = new ArrayList<>();
        for (List<Path> group : groups.values()) {
            // one piece of a rotation is named after its set (gc.log for gc.log.3.gz): its companions too
            sets.add(group.size() == 1 ? new GcLogSet(baseName(group.get(0)), group) : rotated(group));
        }
        return sets;
    }

    /** Whether {@code name} is a piece of the set {@code base} as the JDK names them; {@code plain}: base exists. */
    private static boolean isJdkPiece(String base, String name, boolean plain) {
        String suffix = name.substring(base.length());
        return suffix.isEmpty() || JDK_PIECE_SUFFIX.matcher(suffix).matches() || suffix.equals(".gz") && !plain;
    }

    /** {@code gc.log} for {@code gc.log.2}, {@code gc.log.1.current} and {@code gc.log.3.gz}. */
    static String baseName(Path file) {
        return baseName(file.getFileName().toString());
    }

    /** {@code gc.log} for the file names {@code gc.log.2}, {@code gc.log.1.current} and {@code gc.log.3.gz}. */
    public static String baseName(String fileName) {
        return ROTATION_SUFFIX.matcher(fileName).replaceFirst("");
    }

    /** The log's name: the file's, or for a rotated set the base name of its pieces. */
    public String name() {
        return name;
    }

    /** The files, oldest first. */
    public List<Path> files() {
        return files;
    }

    /** The first file (for a single log, the log). */
    public Path first() {
        return files.get(0);
    }

    public boolean isRotated() {
        return files.size() > 1;
    }

    /**
     * Opens one of the set's files as text ({@link GcLogText}: compressed, UTF-16, ...); a compressed piece cut short
     * ends where it can be read and is remembered ({@link #cutPieces()}).
     */
    public BufferedReader open(Path file) throws IOException {
        return GcLogText.open(file, why -> cut.putIfAbsent(file.getFileName().toString(), why));
    }

    /** Pieces left out because another piece has their pauses (a copy beside its original): name -> why. */
    public Map<String, String> skipped() {
        return skipped;
    }

    /** Numbered pieces missing between the others ({@code gc.log.1} between {@code gc.log.0} and {@code gc.log.2}). */
    public List<String> missing() {
        return missing;
    }

    /** The pieces read so far that could not be read to their end, and why: the figures do not cover all of them. */
    public Map<String, String> cutPieces() {
        return Collections.unmodifiableMap(cut);
    }

    /** Every line of every file, oldest file first; a file's last line ends with it even without a newline. */
    public void forEachLine(Consumer<String> action) {
        forEachLine((file, line) -> action.accept(line));
    }

    /** As {@link #forEachLine(Consumer)}, with the file each line is from. */
    public void forEachLine(java.util.function.BiConsumer<Path, String> action) {
        for (Path file : files) {
            try (BufferedReader reader = open(file)) {
                String line;
                while ((line = reader.readLine()) != null) {
                    action.accept(file, line);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(file.toString(), e); // the message is the file: callers name it
            }
        }
    }
}
