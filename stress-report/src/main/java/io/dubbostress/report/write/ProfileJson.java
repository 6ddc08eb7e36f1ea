package io.dubbostress.report.write;

import io.dubbostress.report.model.ProfileDiff;
import io.dubbostress.report.model.ProfileSection;
import io.dubbostress.report.model.ServiceProfile;
import io.dubbostress.report.profile.CallTree;
import io.dubbostress.report.profile.Component;
import io.dubbostress.report.profile.JfrProfile;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dubbostress.report.model.HopOverhead;
import java.util.List;
import java.util.Map;

/**
 * report.json's {@code profiles}: per scenario and JVM its profile's figures (CPU per call from the OS and from the
 * samples, components, top frames, allocations, lock contention) and per hop/direct pair each JVM's difference per
 * call (docs/REPORT.md lists the fields). A figure that cannot be had is null.
 */
public final class ProfileJson {

    static final int TOP_FRAMES = 30;
    static final int TOP_DELTAS = 20;
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private ProfileJson() {
    }

    public static ObjectNode of(ProfileSection section) {
        ObjectNode root = F.objectNode();
        ArrayNode scenarios = root.putArray("scenarios");
        for (Map.Entry<String, List<ServiceProfile>> scenario : section.scenarios().entrySet()) {
            ObjectNode node = scenarios.addObject();
            node.put("scenario", scenario.getKey());
            put(node, "hostContextSwitchesPerSecond", section.hostContextSwitchesPerSecond(scenario.getKey()), 1);
            ArrayNode services = node.putArray("services");
            for (ServiceProfile p : scenario.getValue()) {
                services.add(service(p));
            }
        }
        ArrayNode hops = root.putArray("hopOverhead");
        for (Map.Entry<HopOverhead, Map<String, ProfileDiff>> pair : section.diffs().entrySet()) {
            ObjectNode node = hops.addObject();
            node.put("hop", pair.getKey().hop().name());
            node.put("direct", pair.getKey().direct().name());
            node.put("sentence", section.sentence(pair.getKey()));
            ArrayNode services = node.putArray("services");
            for (ProfileDiff diff : pair.getValue().values()) {
                services.add(diff(diff));
            }
        }
        return root;
    }

    public static ObjectNode service(ServiceProfile p) {
        ObjectNode node = F.objectNode();
        node.put("service", p.service());
        node.put("status", p.present() ? "ok" : "missing");
        node.put("missing", p.missing());
        if (!p.present()) {
            return node;
        }
        JfrProfile jfr = p.profile();
        node.put("note", p.note());
        node.put("profiler", jfr.profiler());
        node.put("cpuEngine", jfr.cpuEngine());
        node.put("intervalNanos", jfr.intervalNanos());
        node.put("windowFromEpochMs", p.fromMs());
        node.put("windowToEpochMs", p.toMs());
        node.put("samples", p.cpu().weight());
        put(node, "calls", p.calls(), 1);
        put(node, "osCpuUsPerCall", p.osCpuUsPerCall(), 2);
        put(node, "profiledCpuUsPerCall", p.usPerCall(p.cpu().weight()), 2);
        put(node, "usPerSample", p.usPerSample(), 3);
        put(node, "coveragePercent", p.coverage() * 100, 1);
        put(node, "contextSwitchesPerSecond", p.contextSwitchesPerSecond(), 1);
        node.put("threadsAtStart", p.target().threadsAtStart);
        node.put("threadsAtStop", p.target().threadsAtStop);
        node.put("openFilesAtStart", p.target().fdsAtStart);
        node.put("openFilesAtStop", p.target().fdsAtStop);
        node.put("fileBytes", p.target().fileBytes);
        ArrayNode components = node.putArray("components");
        p.cpu().components().forEach((name, weight) -> {
            ObjectNode c = components.addObject();
            c.put("component", name);
            put(c, "percent", p.percent(weight), 2);
            put(c, "usPerCall", p.usPerCall(weight), 2);
        });
        frames(node.putArray("topFrames"), p, p.cpu().frames());
        frames(node.putArray("topFramesByTotal"), p, p.cpu().framesByTotal());
        node.set("allocations", weights(jfr.allocations(), "bytesPerCall", p.allocatedBytesPerCall()));
        node.set("locks", weights(jfr.locks(), "waitUsPerCall", p.lockWaitUsPerCall()));
        return node;
    }

    private static void frames(ArrayNode frames, ServiceProfile p, List<CallTree.FrameStat> stats) {
        int n = 0;
        for (CallTree.FrameStat f : stats) {
            if (n++ == TOP_FRAMES) {
                break;
            }
            ObjectNode frame = frames.addObject();
            frame.put("frame", f.name());
            frame.put("component", ProfileDiff.componentOfFrame(f.name()));
            put(frame, "selfPercent", p.percent(f.self()), 2);
            put(frame, "totalPercent", p.percent(f.total()), 2);
            put(frame, "selfUsPerCall", p.usPerCall(f.self()), 2);
            put(frame, "totalUsPerCall", p.usPerCall(f.total()), 2);
        }
    }

    private static ObjectNode weights(CallTree tree, String perCallKey, double perCall) {
        ObjectNode node = F.objectNode();
        put(node, perCallKey, perCall, 2);
        node.put("events", tree.stacks());
        ArrayNode top = node.putArray("top");
        int n = 0;
        for (CallTree.FrameStat f : tree.frames()) {
            if (n++ == 10 || f.self() == 0) {
                break;
            }
            ObjectNode item = top.addObject();
            item.put("leaf", f.name());
            put(item, "percent", 100.0 * f.self() / tree.weight(), 2);
        }
        ArrayNode places = node.putArray("places");
        n = 0;
        for (Map.Entry<Component.Attribution, Long> place : tree.places().entrySet()) {
            if (n++ == 10) {
                break;
            }
            ObjectNode item = places.addObject();
            item.put("frame", place.getKey().place());
            item.put("component", place.getKey().component());
            put(item, "percent", 100.0 * place.getValue() / tree.weight(), 2);
        }
        return node;
    }

    static ObjectNode diff(ProfileDiff diff) {
        ObjectNode node = F.objectNode();
        node.put("service", diff.service());
        put(node, "hopUsPerCall", diff.hopUsPerCall(), 2);
        put(node, "directUsPerCall", diff.directUsPerCall(), 2);
        put(node, "deltaUsPerCall", diff.deltaUsPerCall(), 2);
        ArrayNode components = node.putArray("components");
        for (ProfileDiff.Delta c : diff.components()) {
            ObjectNode item = delta(components.addObject(), "component", c);
            ProfileDiff.Delta place = diff.topPlace(c.name());
            item.put("mostAt", place == null ? null : place.name());
        }
        ArrayNode places = node.putArray("places");
        for (ProfileDiff.Delta p : diff.places().subList(0, Math.min(TOP_DELTAS, diff.places().size()))) {
            delta(places.addObject(), "frame", p).put("component", p.component());
        }
        ArrayNode frames = node.putArray("frames");
        for (ProfileDiff.Delta f : diff.frames().subList(0, Math.min(TOP_DELTAS, diff.frames().size()))) {
            delta(frames.addObject(), "frame", f).put("component", f.component());
        }
        return node;
    }

    private static ObjectNode delta(ObjectNode node, String key, ProfileDiff.Delta d) {
        node.put(key, d.name());
        put(node, "hopUsPerCall", d.hopUsPerCall(), 2);
        put(node, "directUsPerCall", d.directUsPerCall(), 2);
        put(node, "deltaUsPerCall", d.delta(), 2);
        return node;
    }

    static void put(ObjectNode node, String key, double value, int digits) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            node.putNull(key);
        } else {
            double scale = Math.pow(10, digits);
            node.put(key, Math.round(value * scale) / scale);
        }
    }
}
