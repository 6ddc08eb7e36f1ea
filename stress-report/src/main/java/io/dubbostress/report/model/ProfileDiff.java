package io.dubbostress.report.model;

import io.dubbostress.report.profile.CallTree;
import io.dubbostress.report.profile.Component;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * One JVM in a hop scenario against the same JVM's role in its direct twin, in CPU microseconds per call: how much
 * more each component, each place (the frame that gave its samples their component) and each frame takes per call in
 * the hop scenario. Per call, so two scenarios at different rates compare: a frame that takes the same time per call
 * in both shows 0 whatever the rates. The consumer does nothing in a direct scenario, so all of its hop-side time is
 * the difference.
 *
 * <pre>
 * ProfileDiff d = ProfileDiff.of(hopConsumer, directConsumer);
 * d.deltaUsPerCall();                   // +180.4
 * d.components().get(0).name();          // "Tomcat (HTTP server)"
 * </pre>
 */
public final class ProfileDiff {

    private final String service;
    private final double hopUsPerCall;
    private final double directUsPerCall;
    private final List<Delta> components;
    private final List<Delta> places;
    private final List<Delta> frames;

    /** One line of the difference: its name, the hop's and the direct's µs per call. */
    public record Delta(String name, String component, double hopUsPerCall, double directUsPerCall) {
        public double delta() {
            return hopUsPerCall - directUsPerCall;
        }
    }

    private ProfileDiff(String service, double hopUsPerCall, double directUsPerCall, List<Delta> components,
                        List<Delta> places, List<Delta> frames) {
        this.service = service;
        this.hopUsPerCall = hopUsPerCall;
        this.directUsPerCall = directUsPerCall;
        this.components = components;
        this.places = places;
        this.frames = frames;
    }

    /** Whether the two profiles can be compared per call (both there, with a CPU weight and calls). */
    public static boolean comparable(ServiceProfile hop, ServiceProfile direct) {
        return hop != null && direct != null && hop.present() && direct.present()
                && !Double.isNaN(hop.usPerCall(1)) && !Double.isNaN(direct.usPerCall(1));
    }

    public static ProfileDiff of(ServiceProfile hop, ServiceProfile direct) {
        if (!comparable(hop, direct)) {
            throw new IllegalArgumentException("not comparable: " + hop.service());
        }
        CallTree h = hop.cpu();
        CallTree d = direct.cpu();
        List<Delta> components = deltas(h.components(), d.components(), hop, direct, name -> name);
        Map<String, Long> hopPlaces = new LinkedHashMap<>();
        Map<String, String> placeComponent = new LinkedHashMap<>();
        h.places().forEach((a, w) -> {
            hopPlaces.merge(a.place(), w, Long::sum);
            placeComponent.putIfAbsent(a.place(), a.component());
        });
        Map<String, Long> directPlaces = new LinkedHashMap<>();
        d.places().forEach((a, w) -> {
            directPlaces.merge(a.place(), w, Long::sum);
            placeComponent.putIfAbsent(a.place(), a.component());
        });
        List<Delta> places = deltas(hopPlaces, directPlaces, hop, direct, placeComponent::get);
        Map<String, Long> hopTotals = new LinkedHashMap<>();
        h.framesByName().forEach((name, stat) -> hopTotals.put(name, stat.total()));
        Map<String, Long> directTotals = new LinkedHashMap<>();
        d.framesByName().forEach((name, stat) -> directTotals.put(name, stat.total()));
        List<Delta> frames = deltas(hopTotals, directTotals, hop, direct, ProfileDiff::componentOfFrame);
        return new ProfileDiff(hop.service(), hop.usPerCall(h.weight()), direct.usPerCall(d.weight()), components,
                places, frames);
    }

    private static List<Delta> deltas(Map<String, Long> hop, Map<String, Long> direct, ServiceProfile hopProfile,
                                      ServiceProfile directProfile, Function<String, String> component) {
        Set<String> names = new HashSet<>(hop.keySet());
        names.addAll(direct.keySet());
        List<Delta> list = new ArrayList<>(names.size());
        for (String name : names) {
            list.add(new Delta(name, component.apply(name), hopProfile.usPerCall(hop.getOrDefault(name, 0L)),
                    directProfile.usPerCall(direct.getOrDefault(name, 0L))));
        }
        list.sort(Comparator.comparingDouble(Delta::delta).reversed().thenComparing(Delta::name));
        return list;
    }

    /** The component a frame's own code belongs to (its package), or its kind for native and JDK frames. */
    public static String componentOfFrame(String frame) {
        if (frame.endsWith(" [kernel]")) {
            return "kernel";
        }
        if (Component.isNativeName(frame)) {
            return "native";
        }
        String library = Component.library(frame);
        return library == null ? Component.JDK : library;
    }

    public String service() {
        return service;
    }

    /** The JVM's profiled CPU per call in the hop scenario, µs. */
    public double hopUsPerCall() {
        return hopUsPerCall;
    }

    public double directUsPerCall() {
        return directUsPerCall;
    }

    /** Hop minus direct, µs per call. */
    public double deltaUsPerCall() {
        return hopUsPerCall - directUsPerCall;
    }

    /** Per component, most added first (they add up to {@link #deltaUsPerCall()}). */
    public List<Delta> components() {
        return components;
    }

    /** Per place (the frame that gave samples their component), most added first; they add up too. */
    public List<Delta> places() {
        return places;
    }

    /** Per frame, its total (itself and its callees), most added first; these overlap (a caller holds its callees). */
    public List<Delta> frames() {
        return frames;
    }

    /** The place of {@code component} that added most, or null. */
    public Delta topPlace(String component) {
        for (Delta place : places) {
            if (component.equals(place.component())) {
                return place;
            }
        }
        return null;
    }
}
