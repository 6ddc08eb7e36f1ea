package io.dubbostress.report.write;

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
        List<Table> tables = new ArrayList<>();
        if (section.diffs().values().stream().allMatch(Map::isEmpty)) {
            return tables;
        }
        Table components = new Table("Hop overhead by component (CPU \u00b5s per call, hop minus direct, from the"
                + " profiles)", 3, "pair", "service", "component", "hop", "direct", "hop - direct", "most at")
                .text(6);
        Table places = new Table("Hop overhead by frame (CPU \u00b5s per call, hop minus direct, from the profiles)", 4,
                "pair", "service", "frame", "component", "hop", "direct", "hop - direct");
        for (Map.Entry<HopOverhead, Map<String, ProfileDiff>> pair : section.diffs().entrySet()) {
            String name = pair.getKey().hop().name() + " / " + pair.getKey().direct().name();
            List<String[]> placeRows = new ArrayList<>();
            for (ProfileDiff diff : pair.getValue().values()) {
                components.row(name, diff.service(), "(all)", us(diff.hopUsPerCall()), us(diff.directUsPerCall()),
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
        components.note("Each CPU sample counts for the library whose code asked for the time: the Java frame nearest the"
                + " sample's leaf that belongs to a known library (JDK and kernel code below it included); samples"
                + " without one are the JVM's (JIT compiler, garbage collector) or the JDK's. Components add up to the"
                + " JVM's CPU per call ('(all)'); per call, so scenarios at different rates compare. 'most at': the"
                + " frame of that component where most of the difference is spent.");
        places.note("The frames that gave samples their component (their 'place'), the most added first; the JVM's"
                + " and the JDK's places are their leaf frames.");
        tables.add(components);
        tables.add(places);
        return tables;
    }

    /** How the run says a JVM of the scenario was not its to profile (a service given by address). */
    static final String NOT_PROFILED = "not profiled:";

    /** The per-scenario tables: profiles and CPU per call, top frames, allocations and locks. */
    public static List<Table> perScenario(ProfileSection section) {
        List<Table> tables = new ArrayList<>();
        if (section.isEmpty()) {
            return tables;
        }
        Table summary = new Table("Profiles (steady state): CPU per call of each JVM", 3, "scenario", "service",
                "profiler", "seconds", "samples", "calls", "CPU \u00b5s/call (OS)", "profiled \u00b5s/call",
                "ctx switches/s", "threads", "open files", "heaviest component", "status").text(9, 10, 11, 12);
        Table frames = new Table("Top frames (CPU, steady state): where each JVM spends its time", 4, "scenario",
                "service", "frame", "component", "self %", "total %", "self \u00b5s/call");
        Table memory = new Table("Allocations and lock contention (steady state)", 2, "scenario", "service",
                "allocated KiB/call", "most allocated", "lock wait \u00b5s/call", "most contended").text(3, 5);
        for (Map.Entry<String, List<ServiceProfile>> scenario : section.scenarios().entrySet()) {
            for (ServiceProfile p : scenario.getValue()) {
                if (!p.present()) {
                    summary.row(scenario.getKey(), p.service(), NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE,
                            NONE, NONE, p.missing().startsWith(NOT_PROFILED) ? p.missing() : "missing: " + p.missing());
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
                        p.note() == null ? "ok" : "ok; " + p.note());
                int n = 0;
                for (CallTree.FrameStat f : p.cpu().frames()) {
                    if (n++ == TOP_FRAMES) {
                        break;
                    }
                    frames.row(scenario.getKey(), p.service(), f.name(), ProfileDiff.componentOfFrame(f.name()),
                            percent(p.percent(f.self())), percent(p.percent(f.total())), us(p.usPerCall(f.self())));
                }
                memory.row(scenario.getKey(), p.service(), allocated(p), top(jfr.allocations()),
                        us(p.lockWaitUsPerCall()), top(jfr.locks()));
            }
        }
        summary.note("CPU \u00b5s/call (OS): the JVM's CPU time over its recording (/proc/<pid>/stat at both ends) per"
                + " call of the scenario; profiled: its samples in the steady state, each worth its share of that"
                + " time. A service that takes no part in a scenario (the consumer in a direct one) still shows what it"
                + " did meanwhile, per call of that scenario. ctx switches/s: voluntary and involuntary, of all the JVM's"
                + " threads (/proc/<pid>/task/*/status) over the recording; threads, open files: at its start -> stop."
                + " The engine: ctimer, a per-thread CPU timer (time in the kernel counted at the frame that entered"
                + " it); perf_events (--profile-kernel), the kernel's frames too.");
        for (Map.Entry<String, List<ServiceProfile>> scenario : section.scenarios().entrySet()) {
            double host = section.hostContextSwitchesPerSecond(scenario.getKey());
            if (!Double.isNaN(host)) {
                summary.note(String.format(Locale.ROOT, "%s: the machine's context switches: %,.0f/s (/proc/stat).",
                        scenario.getKey(), host));
            }
        }
        frames.note("self: samples whose leaf is the frame; total: samples with the frame anywhere in their stack."
                + " report.html draws each JVM's flame graph (click to zoom, search).");
        memory.note("Allocations: estimated from async-profiler's samples (one per TLAB or large object, weighted by its"
                + " size; sampled every few MiB allocated), with their count; '-' where fewer than "
                + ServiceProfile.MIN_ALLOCATION_SAMPLES + " samples fell in the window (from n samples the figure is"
                + " unsure by about 1/sqrt(n)), not zero; lock contention: time threads waited for a monitor or lock"
                + " another thread held.");
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
    private static String top(CallTree tree) {
        if (tree.weight() == 0) {
            return NONE;
        }
        CallTree.FrameStat leaf = tree.frames().get(0);
        Map.Entry<Component.Attribution, Long> place = tree.places().entrySet().iterator().next();
        return String.format(Locale.ROOT, "%s (%.0f %%), most at %s (%.0f %%)", leaf.name(),
                100.0 * leaf.self() / tree.weight(), place.getKey().place(), 100.0 * place.getValue() / tree.weight());
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
    public static String allocated(ServiceProfile p) {
        long samples = p.allocationSamples();
        String count = String.format(Locale.ROOT, "%,d sample%s", samples, samples == 1 ? "" : "s");
        double bytes = p.allocatedBytesPerCall();
        if (Double.isNaN(bytes)) {
            return samples == 0 ? NONE : NONE + " (" + count + ")";
        }
        return kib(bytes) + " (" + count + ")";
    }

    public static String kib(double bytes) {
        return Double.isNaN(bytes) ? NONE : String.format(Locale.ROOT, "%.1f", bytes / 1024);
    }
}
