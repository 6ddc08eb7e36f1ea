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
 * time stamp in each (the numbers in the names say nothing about age once the rotation has wrapped around).
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

    private final String name;
    private final List<Path> files;
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
        List<Path> ordered = new ArrayList<>(files);
        Map<Path, Double> firstStamp = new LinkedHashMap<>();
        for (Path file : ordered) {
            firstStamp.put(file, firstStamp(file));
        }
        ordered.sort(Comparator.comparingDouble((Path p) -> firstStamp.get(p)).thenComparing(Path::toString));
        return new GcLogSet(baseName(files.get(0)), ordered);
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

    /** The pieces of {@code file}'s set in its folder (the file included when it exists), by name. */
    static List<Path> piecesBeside(Path file) {
        Path folder = file.toAbsolutePath().getParent();
        String base = baseName(file);
        List<Path> pieces = new ArrayList<>();
        if (folder != null && Files.isDirectory(folder)) {
            try (java.util.stream.Stream<Path> list = Files.list(folder)) {
                list.filter(p -> Files.isRegularFile(p) && baseName(p).equals(base))
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

    /** The pieces read so far that could not be read to their end, and why: the figures do not cover all of them. */
    public Map<String, String> cutPieces() {
        return Collections.unmodifiableMap(cut);
    }

    /** Every line of every file, oldest file first; a file's last line ends with it even without a newline. */
    public void forEachLine(Consumer<String> action) {
        for (Path file : files) {
            try (BufferedReader reader = open(file)) {
                String line;
                while ((line = reader.readLine()) != null) {
                    action.accept(line);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(file.toString(), e); // the message is the file: callers name it
            }
        }
    }

    /** The first stamp of the file, seconds (wall clock when it has one, else uptime); unstamped files sort last. */
    private static double firstStamp(Path file) {
        try (BufferedReader reader = GcLogText.open(file, why -> { })) {
            String text;
            int n = 0;
            while ((text = reader.readLine()) != null && n++ < PROBE_LINES) {
                GcLogLine line = text.startsWith("[") ? GcLogLine.parse(text) : GcLogLine.parseJdk8(text);
                if (line.epochMs() != GcLogLine.NO_EPOCH) {
                    return line.epochMs() / 1000.0;
                }
                if (line.uptimeSeconds() != GcLogLine.NO_UPTIME) {
                    return line.uptimeSeconds();
                }
            }
        } catch (IOException | GcException e) {
            return Double.MAX_VALUE; // a file that cannot be read is named by the analysis
        }
        return Double.MAX_VALUE;
    }
}
