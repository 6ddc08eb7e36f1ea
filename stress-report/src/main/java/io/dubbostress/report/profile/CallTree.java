package io.dubbostress.report.profile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The stacks of one profile merged into a tree (root frames at the top, as a flame graph draws them), with a weight per
 * node: CPU samples, bytes allocated or nanoseconds waited. Besides the tree it keeps, per frame name, the weight of the
 * stacks it is the leaf of ({@link FrameStat#self()}) and of the stacks it is anywhere in, once per stack however often
 * it recurs ({@link FrameStat#total()}), per {@link Component} the weight of its samples, and per place (the frame that
 * gave a sample its component) the weight of the samples it decided.
 *
 * <pre>
 * CallTree tree = new CallTree();
 * tree.add(List.of("java.lang.String.indexOf", "org.apache.coyote.http11.Http11InputBuffer.parseHeader", "java.lang.Thread.run"),
 *         new Component.Attribution("Tomcat (HTTP server)", "org.apache.coyote.http11.Http11InputBuffer.parseHeader"), 1);
 * tree.frames().get(0).name();   // "java.lang.String.indexOf" (the heaviest by self weight)
 * </pre>
 */
public final class CallTree {

    private final List<String> names = new ArrayList<>();
    private final Map<String, Integer> ids = new HashMap<>();
    private final Node root = new Node(-1);
    private long[] self = new long[64];
    private long[] total = new long[64];
    private int[] stamp = new int[64];
    private int stackNumber;
    private final Map<String, Long> components = new HashMap<>();
    private final Map<Component.Attribution, Long> places = new HashMap<>();
    private long stacks;

    /** One node of the tree: a frame under its callers. */
    public static final class Node {
        final int name;
        long total;
        long self;
        Map<Integer, Node> children;

        Node(int name) {
            this.name = name;
        }

        Node child(int id) {
            if (children == null) {
                children = new HashMap<>(4);
            }
            return children.computeIfAbsent(id, Node::new);
        }

        /** The node's weight, its own and its callees'. */
        public long total() {
            return total;
        }

        /** The weight of the stacks that end here. */
        public long self() {
            return self;
        }

        /** Its callees, heaviest first. */
        public List<Node> children() {
            if (children == null) {
                return List.of();
            }
            List<Node> list = new ArrayList<>(children.values());
            list.sort(Comparator.comparingLong(Node::total).reversed().thenComparingInt(n -> n.name));
            return list;
        }
    }

    /** A frame's weights over the whole tree. */
    public record FrameStat(String name, long self, long total) {
    }

    /**
     * Adds one stack: its frames leaf first (as JFR lists them), the {@link Component} it counts for, and its weight.
     */
    public void add(List<String> leafFirst, Component.Attribution attribution, long weight) {
        if (weight <= 0) {
            return;
        }
        stackNumber++;
        stacks++;
        root.total += weight;
        Node node = root;
        for (int i = leafFirst.size() - 1; i >= 0; i--) {
            int id = id(leafFirst.get(i));
            node = node.child(id);
            node.total += weight;
            if (stamp[id] != stackNumber) { // a recursive frame counts once per stack
                stamp[id] = stackNumber;
                total[id] += weight;
            }
        }
        node.self += weight;
        if (!leafFirst.isEmpty()) {
            self[id(leafFirst.get(0))] += weight;
        }
        components.merge(attribution.component(), weight, Long::sum);
        places.merge(attribution, weight, Long::sum);
    }

    private int id(String name) {
        Integer id = ids.get(name);
        if (id == null) {
            id = names.size();
            names.add(name);
            ids.put(name, id);
            if (id >= self.length) {
                int size = self.length * 2;
                self = Arrays.copyOf(self, size);
                total = Arrays.copyOf(total, size);
                stamp = Arrays.copyOf(stamp, size);
            }
        }
        return id;
    }

    /** The summed weight of every stack. */
    public long weight() {
        return root.total;
    }

    /** How many stacks were added. */
    public long stacks() {
        return stacks;
    }

    public Node root() {
        return root;
    }

    /** A node's frame name; "all" for the root. */
    public String name(Node node) {
        return node.name < 0 ? "all" : names.get(node.name);
    }

    /** Every frame with its self and total weight, heaviest self first (then heaviest total, then by name). */
    public List<FrameStat> frames() {
        List<FrameStat> list = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            list.add(new FrameStat(names.get(i), self[i], total[i]));
        }
        list.sort(Comparator.comparingLong(FrameStat::self).reversed()
                .thenComparing(Comparator.comparingLong(FrameStat::total).reversed())
                .thenComparing(FrameStat::name));
        return list;
    }

    /** Every frame with its self and total weight, heaviest total first (then by name). */
    public List<FrameStat> framesByTotal() {
        List<FrameStat> list = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            list.add(new FrameStat(names.get(i), self[i], total[i]));
        }
        list.sort(Comparator.comparingLong(FrameStat::total).reversed().thenComparing(FrameStat::name));
        return list;
    }

    /** Per frame name, its weights (for lining two trees up). */
    public Map<String, FrameStat> framesByName() {
        Map<String, FrameStat> map = new HashMap<>(names.size() * 2);
        for (int i = 0; i < names.size(); i++) {
            map.put(names.get(i), new FrameStat(names.get(i), self[i], total[i]));
        }
        return map;
    }

    /** The weight of each component, heaviest first. */
    public Map<String, Long> components() {
        return sorted(components, Map.Entry.comparingByKey());
    }

    /** The weight of each place (a component and the frame that decided it), heaviest first. */
    public Map<Component.Attribution, Long> places() {
        return sorted(places, Map.Entry.comparingByKey(
                Comparator.comparing(Component.Attribution::component).thenComparing(Component.Attribution::place)));
    }

    private static <K> Map<K, Long> sorted(Map<K, Long> weights, Comparator<Map.Entry<K, Long>> tie) {
        List<Map.Entry<K, Long>> entries = new ArrayList<>(weights.entrySet());
        entries.sort(Map.Entry.<K, Long>comparingByValue().reversed().thenComparing(tie));
        Map<K, Long> sorted = new LinkedHashMap<>();
        entries.forEach(e -> sorted.put(e.getKey(), e.getValue()));
        return Collections.unmodifiableMap(sorted);
    }
}
