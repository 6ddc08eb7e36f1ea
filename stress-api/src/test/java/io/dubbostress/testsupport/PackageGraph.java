package io.dubbostress.testsupport;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A module's packages and which of them use which, as its compiled classes say (the JDK's jdeps over
 * {@code target/classes}, so a reference the source hides in a fully qualified name counts too): the package cycles,
 * and the uses that run back up a declared order of layers. Packages are named below the module's root package
 * ({@code "model"}, {@code "config.gui"}); the root package itself is {@code "."}.
 *
 * <pre>{@code
 * PackageGraph graph = PackageGraph.of(ReportBuilder.class, "io.dubbostress.report");
 * assertThat(graph.cycles()).isEmpty();
 * assertThat(graph.usesAgainst(
 *         "compare",            // top: may use everything below
 *         "read write",         // one layer: neither uses the other
 *         "model",
 *         ".")).isEmpty();      // bottom: uses no package of the module
 * }</pre>
 *
 * Annotation values are not uses for jdeps: picocli's {@code @Command(subcommands = ...)} naming a command class is
 * not seen.
 */
public final class PackageGraph {

    /** The root package's short name. */
    public static final String ROOT = ".";

    private static final Pattern EDGE = Pattern.compile("^\\s+([\\w.]+)\\s+->\\s+([\\w.]+)\\s", Pattern.MULTILINE);

    private final String root;
    private final Map<String, Set<String>> uses;

    private PackageGraph(String root, Map<String, Set<String>> uses) {
        this.root = root;
        this.uses = uses;
    }

    /** The packages below {@code root} in the classes folder (or jar) {@code anyClass} was loaded from. */
    public static PackageGraph of(Class<?> anyClass, String root) {
        Path classes;
        try {
            classes = Paths.get(anyClass.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return of(classes, root);
    }

    /** The packages below {@code root} in {@code classes}, a classes folder. */
    public static PackageGraph of(Path classes, String root) {
        Map<String, Set<String>> uses = new TreeMap<>();
        for (String pkg : packagesIn(classes, root)) {
            uses.put(pkg, new TreeSet<>());
        }
        if (uses.isEmpty()) {
            throw new IllegalStateException("no class of a package " + root + ".* in " + classes);
        }
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(
                () -> new IllegalStateException("this JDK has no jdeps"));
        StringWriter out = new StringWriter();
        int code = jdeps.run(new PrintWriter(out), new PrintWriter(out), "-verbose:package", "-filter:none",
                "-e", Pattern.quote(root) + "(\\..*)?", classes.toString());
        if (code != 0) {
            throw new IllegalStateException("jdeps " + classes + " exited with " + code + ": " + out);
        }
        Matcher m = EDGE.matcher(out.toString());
        while (m.find()) {
            String from = shortName(m.group(1), root);
            String to = shortName(m.group(2), root);
            // another module's packages under the same root (io.dubbostress.api from the sampler) are not ours
            if (uses.containsKey(from) && uses.containsKey(to) && !from.equals(to)) {
                uses.get(from).add(to);
            }
        }
        return new PackageGraph(root, uses);
    }

    private static Set<String> packagesIn(Path classes, String root) {
        Path base = classes.resolve(root.replace('.', '/'));
        Set<String> packages = new TreeSet<>();
        if (!Files.isDirectory(base)) {
            return packages;
        }
        try (Stream<Path> files = Files.walk(base)) {
            files.filter(f -> f.getFileName().toString().endsWith(".class")).forEach(f -> {
                String relative = base.relativize(f.getParent()).toString().replace(f.getFileSystem().getSeparator(),
                        ".");
                packages.add(relative.isEmpty() ? ROOT : relative);
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return packages;
    }

    private static String shortName(String pkg, String root) {
        return pkg.equals(root) ? ROOT : pkg.startsWith(root + ".") ? pkg.substring(root.length() + 1) : "(" + pkg + ")";
    }

    /** The module's packages, by short name. */
    public Set<String> packages() {
        return Collections.unmodifiableSet(uses.keySet());
    }

    /** package -> the module's packages its classes use (itself left out). */
    public Map<String, Set<String>> uses() {
        return Collections.unmodifiableMap(uses);
    }

    /**
     * Each set of packages that use each other round in a circle (a strongly connected component of more than one
     * package), with one circle through it: {@code "[a, b, c] use each other, e.g. a -> b -> a"};
     * {@code leftOut} packages are taken out of the graph first.
     */
    public List<String> cycles(String... leftOut) {
        Map<String, Set<String>> graph = new TreeMap<>();
        Set<String> out = new TreeSet<>(Arrays.asList(leftOut));
        uses.forEach((from, to) -> {
            if (!out.contains(from)) {
                graph.put(from, to.stream().filter(t -> !out.contains(t)).collect(Collectors.toCollection(TreeSet::new)));
            }
        });
        List<String> cycles = new ArrayList<>();
        for (Set<String> component : components(graph)) {
            if (component.size() > 1) {
                cycles.add(component + " use each other, e.g. " + String.join(" -> ", circleThrough(graph, component)));
            }
        }
        return cycles;
    }

    /**
     * What breaks the declared layers, top to bottom, each a space-separated list of packages ({@code "."} the root):
     * a use of a package in the same layer or a higher one ({@code "model -> read (up)"}), a package in no layer or in
     * two, a layer naming a package that has no class. Empty when every use runs down.
     */
    public List<String> usesAgainst(String... layersTopDown) {
        Map<String, Integer> layer = new LinkedHashMap<>();
        List<String> wrong = new ArrayList<>();
        for (int i = 0; i < layersTopDown.length; i++) {
            for (String pkg : layersTopDown[i].trim().split("\\s+")) {
                if (pkg.isEmpty()) {
                    continue;
                }
                if (layer.put(pkg, i) != null) {
                    wrong.add(pkg + " is in two layers");
                }
                if (!uses.containsKey(pkg)) {
                    wrong.add(pkg + " is in a layer but has no class in " + root);
                }
            }
        }
        uses.forEach((from, to) -> {
            if (!layer.containsKey(from)) {
                wrong.add(from + " is in no layer");
                return;
            }
            for (String target : to) {
                Integer below = layer.get(target);
                if (below != null && below <= layer.get(from)) {
                    wrong.add(from + " -> " + target + (below.equals(layer.get(from)) ? " (same layer)" : " (up)"));
                }
            }
        });
        return wrong;
    }

    /**
     * The number of layers the uses need: the longest chain of packages each using the next (a circle counted as one
     * package), 1 for a module whose packages use none of each other.
     */
    public int depth() {
        Map<String, Integer> component = new HashMap<>();
        List<Set<String>> components = components(uses);
        for (int i = 0; i < components.size(); i++) {
            for (String pkg : components.get(i)) {
                component.put(pkg, i);
            }
        }
        int[] depth = new int[components.size()];
        int deepest = 0;
        // Tarjan's algorithm lists a component after every component it uses
        for (int i = 0; i < components.size(); i++) {
            int d = 1;
            for (String pkg : components.get(i)) {
                for (String target : uses.get(pkg)) {
                    int c = component.get(target);
                    if (c != i) {
                        d = Math.max(d, depth[c] + 1);
                    }
                }
            }
            depth[i] = d;
            deepest = Math.max(deepest, d);
        }
        return deepest;
    }

    /** Strongly connected components (Tarjan), each listed after the components it reaches. */
    private static List<Set<String>> components(Map<String, Set<String>> graph) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<Set<String>> result = new ArrayList<>();
        for (String start : graph.keySet()) {
            if (!index.containsKey(start)) {
                connect(start, graph, index, low, stack, onStack, result);
            }
        }
        return result;
    }

    private static void connect(String v, Map<String, Set<String>> graph, Map<String, Integer> index,
                                Map<String, Integer> low, Deque<String> stack, Set<String> onStack,
                                List<Set<String>> result) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.push(v);
        onStack.add(v);
        for (String w : graph.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                connect(w, graph, index, low, stack, onStack, result);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> component = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            } while (!w.equals(v));
            result.add(component);
        }
    }

    /** One circle through the first package of {@code component}, by a breadth-first walk inside it. */
    private static List<String> circleThrough(Map<String, Set<String>> graph, Set<String> component) {
        String start = component.iterator().next();
        Map<String, String> cameFrom = new HashMap<>();
        Deque<String> queue = new ArrayDeque<>(List.of(start));
        while (!queue.isEmpty()) {
            String at = queue.poll();
            for (String next : graph.getOrDefault(at, Set.of())) {
                if (!component.contains(next)) {
                    continue;
                }
                if (next.equals(start)) {
                    List<String> circle = new ArrayList<>(List.of(start));
                    for (String step = at; !step.equals(start); step = cameFrom.get(step)) {
                        circle.add(1, step);
                    }
                    circle.add(start);
                    return circle;
                }
                if (!cameFrom.containsKey(next)) {
                    cameFrom.put(next, at);
                    queue.add(next);
                }
            }
        }
        return new ArrayList<>(component); // unreachable for a strongly connected component
    }
}
