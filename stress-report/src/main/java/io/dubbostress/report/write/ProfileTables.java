package io.dubbostress.report.write;

import io.dubbostress.report.text.ReportText;
import io.dubbostress.report.model.ProfileDiff;
import io.dubbostress.report.model.ProfileSection;
import io.dubbostress.report.model.ServiceProfile;
import io.dubbostress.report.profile.CallTree;
import io.dubbostress.report.profile.Component;
import io.dubbostress.report.profile.JfrProfile;
import io.dubbostress.report.model.HopOverhead;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The profiles' tables, shared by report.md and report.html: what the hop adds per call by component and by frame
 * (right after the hop-overhead table), then per scenario and JVM its CPU per call and profile, its top frames, its
 * allocations and lock contention.
 */
public final class ProfileTables {

    /** Frames per JVM in the top-frames table. */
    static final int TOP_FRAMES = 8;
    /** Components per JVM, and frames per pair, in the hop tables. */
    static final int TOP_COMPONENTS = 5;
    static final int TOP_PLACES = 12;
    private static final String NONE = "-";

    private ProfileTables() {
    }

    /** The hop tables (by component, by frame): empty without a pair whose profiles compare. */
    public static List<Table> hop(ProfileSection section) {
        return hop(section, ReportText.english());
    }

    /** As {@link #hop(ProfileSection)}, in {@code text}'s language. */
    public static List<Table> hop(ProfileSection section, ReportText text) {
        List<Table> tables = new ArrayList<>();
        if (section.diffs().values().stream().allMatch(Map::isEmpty)) {
            return tables;
        }
        Table components = new Table(text.get("table.hopComponents.title"), 3, text.get("col.pair"),
                text.get("col.service"), text.get("col.component"), text.get("col.hop"), text.get("col.direct"),
                text.get("col.hopMinusDirect"), text.get("col.mostAt")).text(6);
        Table places = new Table(text.get("table.hopFrames.title"), 4, text.get("col.pair"), text.get("col.service"),
                text.get("col.frame"), text.get("col.component"), text.get("col.hop"), text.get("col.direct"),
                text.get("col.hopMinusDirect"));
        for (Map.Entry<HopOverhead, Map<String, ProfileDiff>> pair : section.diffs().entrySet()) {
            String name = pair.getKey().hop().name() + " / " + pair.getKey().direct().name();
            List<String[]> placeRows = new ArrayList<>();
            for (ProfileDiff diff : pair.getValue().values()) {
                components.row(name, diff.service(), text.get("profile.all"), us(diff.hopUsPerCall()),
                        us(diff.directUsPerCall()),
                        signed(diff.deltaUsPerCall()), "");
                int n = 0;
                for (ProfileDiff.Delta c : byMagnitude(diff.components())) {
                    if (n++ == TOP_COMPONENTS) {
                        break;
                    }
                    ProfileDiff.Delta place = diff.topPlace(c.name());
                    components.row(name, diff.service(), c.name(), us(c.hopUsPerCall()), us(c.directUsPerCall()),
                            signed(c.delta()), place == null ? "" : place.name());
                }
                for (ProfileDiff.Delta p : diff.places()) {
                    placeRows.add(new String[] {name, diff.service(), p.name(), p.component(),
                        us(p.hopUsPerCall()), us(p.directUsPerCall()), signed(p.delta()),
                        String.valueOf(p.delta())});
                }
            }
            placeRows.sort(Comparator.comparingDouble((String[] r) -> Double.parseDouble(r[7])).reversed());
            for (String[] row : placeRows.subList(0, Math.min(TOP_PLACES, placeRows.size()))) {
                places.row(row[0], row[1], row[2], row[3], row[4], row[5], row[6]);
            }
        }
        components.note(text.get("table.hopComponents.note"));
        places.note(text.get("table.hopFrames.note"));
        tables.add(components);
        tables.add(places);
        return tables;
    }

    /** How the run says a JVM of the scenario was not its to profile (a service given by address). */
    static final String NOT_PROFILED = "not profiled:";

    /** The per-scenario tables: profiles and CPU per call, top frames, allocations and locks. */
    public static List<Table> perScenario(ProfileSection section) {
        return perScenario(section, ReportText.english());
    }

    /** As {@link #perScenario(ProfileSection)}, in {@code text}'s language. */
    public static List<Table> perScenario(ProfileSection section, ReportText text) {
        List<Table> tables = new ArrayList<>();
        if (section.isEmpty()) {
            return tables;
        }
        Table summary = new Table(text.get("table.profiles.title"), 3, text.get("col.scenario"),
                text.get("col.service"), text.get("col.profiler"), text.get("col.seconds"), text.get("col.samples"),
                text.get("col.calls"), text.get("col.cpuUsPerCallOs"), text.get("col.profiledUsPerCall"),
                text.get("col.ctxSwitches"), text.get("col.threads"), text.get("col.files"),
                text.get("col.heaviestComponent"), text.get("col.status")).text(9, 10, 11, 12);
        Table frames = new Table(text.get("table.topFrames.title"), 4, text.get("col.scenario"),
                text.get("col.service"), text.get("col.frame"), text.get("col.component"), text.get("col.selfPercent"),
                text.get("col.totalPercent"), text.get("col.selfUsPerCall"));
        Table memory = new Table(text.get("table.allocations.title"), 2, text.get("col.scenario"),
                text.get("col.service"), text.get("col.allocatedKiB"), text.get("col.mostAllocated"),
                text.get("col.lockWait"), text.get("col.mostContended")).text(3, 5);
        for (Map.Entry<String, List<ServiceProfile>> scenario : section.scenarios().entrySet()) {
            for (ServiceProfile p : scenario.getValue()) {
                if (!p.present()) {
                    summary.row(scenario.getKey(), p.service(), NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE,
                            NONE, NONE, p.missing().startsWith(NOT_PROFILED) ? text.get("profile.notProfiled",
                                    p.missing().substring(NOT_PROFILED.length()).trim())
                                    : text.get("profile.missing", p.missing()));
                    continue;
                }
                JfrProfile jfr = p.profile();
                String engine = jfr.profiler() + (jfr.cpuEngine() == null ? "" : " (" + jfr.cpuEngine() + ")");
                Map<String, Long> components = p.cpu().components();
                String heaviest = components.isEmpty() ? NONE : components.keySet().iterator().next()
                        + String.format(Locale.ROOT, " (%.0f %%)", p.percent(components.values().iterator().next()));
                summary.row(scenario.getKey(), p.service(), engine,
                        String.format(Locale.ROOT, "%.1f", (p.toMs() - p.fromMs()) / 1000.0),
                        String.format(Locale.ROOT, "%,d", p.cpu().weight()),
                        String.format(Locale.ROOT, "%,.0f", p.calls()), us(p.osCpuUsPerCall()),
                        us(p.usPerCall(p.cpu().weight())), rate(p.contextSwitchesPerSecond()),
                        startToStop(p.target().threadsAtStart, p.target().threadsAtStop),
                        startToStop(p.target().fdsAtStart, p.target().fdsAtStop), heaviest,
                        p.note() == null ? text.get("status.ok") : text.get("profile.okWithNote", p.note()));
                int n = 0;
                for (CallTree.FrameStat f : p.cpu().frames()) {
                    if (n++ == TOP_FRAMES) {
                        break;
                    }
                    frames.row(scenario.getKey(), p.service(), f.name(), ProfileDiff.componentOfFrame(f.name()),
                            percent(p.percent(f.self())), percent(p.percent(f.total())), us(p.usPerCall(f.self())));
                }
                memory.row(scenario.getKey(), p.service(), allocated(p, text), top(jfr.allocations(), text),
                        us(p.lockWaitUsPerCall()), top(jfr.locks(), text));
            }
        }
        summary.note(text.get("table.profiles.note"));
        for (Map.Entry<String, List<ServiceProfile>> scenario : section.scenarios().entrySet()) {
            double host = section.hostContextSwitchesPerSecond(scenario.getKey());
            if (!Double.isNaN(host)) {
                summary.note(text.get("table.profiles.hostNote", scenario.getKey(),
                        String.format(Locale.ROOT, "%,.0f", host)));
            }
        }
        frames.note(text.get("table.topFrames.note"));
        memory.note(text.get("table.allocations.note", String.valueOf(ServiceProfile.MIN_ALLOCATION_SAMPLES)));
        tables.add(summary);
        tables.add(frames);
        tables.add(memory);
        return tables;
    }

    private static List<ProfileDiff.Delta> byMagnitude(List<ProfileDiff.Delta> deltas) {
        List<ProfileDiff.Delta> list = new ArrayList<>(deltas);
        list.sort(Comparator.comparingDouble((ProfileDiff.Delta d) -> Math.abs(d.delta())).reversed());
        return list;
    }

    /** The heaviest leaf (the class allocated, the lock waited for) and the place most of the weight is at. */
    private static String top(CallTree tree, ReportText text) {
        if (tree.weight() == 0) {
            return NONE;
        }
        CallTree.FrameStat leaf = tree.frames().get(0);
        Map.Entry<Component.Attribution, Long> place = tree.places().entrySet().iterator().next();
        return text.get("profile.top", leaf.name(), String.format(Locale.ROOT, "%.0f", 100.0 * leaf.self()
                / tree.weight()), place.getKey().place(), String.format(Locale.ROOT, "%.0f", 100.0 * place.getValue()
                / tree.weight()));
    }

    static String rate(double value) {
        return Double.isNaN(value) ? NONE : String.format(Locale.ROOT, "%,.0f", value);
    }

    static String startToStop(Integer start, Integer stop) {
        if (start == null && stop == null) {
            return NONE;
        }
        String a = start == null ? NONE : String.valueOf(start);
        String b = stop == null ? NONE : String.valueOf(stop);
        return a.equals(b) ? a : a + " -> " + b;
    }

    static String us(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? NONE : String.format(Locale.ROOT, "%.1f", value);
    }

    static String signed(double value) {
        return Double.isNaN(value) ? NONE : String.format(Locale.ROOT, "%+.1f", value);
    }

    static String percent(double value) {
        return Double.isNaN(value) ? NONE : String.format(Locale.ROOT, "%.1f", value);
    }

    /** KiB per call with its samples ({@code 18.2 (1,532 samples)}), or {@code - (6 samples)} below the minimum. */
    static String allocated(ServiceProfile p) {
        return allocated(p, ReportText.english());
    }

    /** As {@link #allocated(ServiceProfile)}, in {@code text}'s language. */
    static String allocated(ServiceProfile p, ReportText text) {
        long samples = p.allocationSamples();
        String count = text.get(samples == 1 ? "profile.sample" : "profile.samples",
                String.format(Locale.ROOT, "%,d", samples));
        double bytes = p.allocatedBytesPerCall();
        if (Double.isNaN(bytes)) {
            return samples == 0 ? NONE : NONE + " (" + count + ")";
        }
        return kib(bytes) + " (" + count + ")";
    }

    static String kib(double bytes) {
        return Double.isNaN(bytes) ? NONE : String.format(Locale.ROOT, "%.1f", bytes / 1024);
    }
}
