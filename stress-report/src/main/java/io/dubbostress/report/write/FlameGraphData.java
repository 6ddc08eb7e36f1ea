package io.dubbostress.report.write;

import io.dubbostress.report.model.ProfileSection;
import io.dubbostress.report.model.ServiceProfile;
import io.dubbostress.report.profile.CallTree;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What report.html's flame graphs draw: per scenario, JVM and kind (CPU, allocations, lock contention) the call tree,
 * root frames first, each node {@code [name index, total, self, [children...]]} with its names in a table. Nodes
 * lighter than 0.05 % of the tree are left out (their weight stays in their parent's total, so widths stay true), more
 * when a tree would have more than {@value #MAX_NODES} nodes; {@code perUnit} turns a weight into a per-call figure
 * ({@code unit}).
 *
 * <pre>
 * ArrayNode graphs = FlameGraphData.of(section);   // [{"scenario":"hop-1k","service":"consumer","kind":"cpu",...}]
 * </pre>
 */
public final class FlameGraphData {

    static final int MAX_NODES = 3000;
    static final double MIN_SHARE = 0.0005;
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private FlameGraphData() {
    }

    public static ArrayNode of(ProfileSection section) {
        ArrayNode graphs = F.arrayNode();
        for (Map.Entry<String, List<ServiceProfile>> scenario : section.scenarios().entrySet()) {
            for (ServiceProfile p : scenario.getValue()) {
                if (!p.present()) {
                    continue;
                }
                add(graphs, p, "cpu", p.cpu(), p.usPerCall(1), "\u00b5s CPU per call");
                add(graphs, p, "alloc", p.profile().allocations(), p.calls() >= 1 ? 1 / p.calls() / 1024 : Double.NaN,
                        "KiB allocated per call");
                add(graphs, p, "lock", p.profile().locks(), p.calls() >= 1 ? 1 / p.calls() / 1000 : Double.NaN,
                        "\u00b5s waited per call");
            }
        }
        return graphs;
    }

    private static void add(ArrayNode graphs, ServiceProfile p, String kind, CallTree tree, double perUnit,
                            String unit) {
        if (tree.weight() == 0) {
            return;
        }
        ObjectNode graph = graphs.addObject();
        graph.put("scenario", p.scenario());
        graph.put("service", p.service());
        graph.put("kind", kind);
        graph.put("unit", unit);
        if (Double.isNaN(perUnit)) {
            graph.putNull("perUnit");
        } else {
            graph.put("perUnit", perUnit);
        }
        graph.put("total", tree.weight());
        long min = Math.max(1, (long) Math.ceil(tree.weight() * MIN_SHARE));
        while (count(tree.root(), min) > MAX_NODES) {
            min *= 2;
        }
        ArrayNode names = graph.putArray("names");
        Map<String, Integer> index = new HashMap<>();
        graph.set("tree", node(tree, tree.root(), min, names, index));
    }

    private static int count(CallTree.Node node, long min) {
        int n = 1;
        for (CallTree.Node child : node.children()) {
            if (child.total() >= min) {
                n += count(child, min);
            }
        }
        return n;
    }

    private static ArrayNode node(CallTree tree, CallTree.Node node, long min, ArrayNode names,
                                  Map<String, Integer> index) {
        String name = tree.name(node);
        Integer id = index.get(name);
        if (id == null) {
            id = names.size();
            names.add(name);
            index.put(name, id);
        }
        ArrayNode out = F.arrayNode();
        out.add(id).add(node.total()).add(node.self());
        ArrayNode children = out.addArray();
        for (CallTree.Node child : node.children()) {
            if (child.total() >= min) {
                children.add(node(tree, child, min, names, index));
            }
        }
        return out;
    }
}
