package io.dubbostress.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Everything one {@code stress bench} does, checked ({@link BenchCommand#settings()}). */
final class BenchSettings {

    /** What the bench measures. */
    enum Part {
        /** raw client vs sampler vs hop. */
        CALLS,
        /** stress report on a synthetic JTL. */
        REPORT,
        /** stress gc on a large real GC log. */
        GC
    }

    List<Part> parts = new ArrayList<>();
    int rounds;
    Duration duration;
    Duration warmup;
    /** Load after the window, so the CPU samples cover its end under load; not counted. */
    Duration tail = Duration.ofMillis(2000);
    int threads;
    /** The thread counts of the calls part, in order (the curve); {@link #threads} alone unless --thread-counts. */
    List<Integer> threadCounts = new ArrayList<>();
    /** The sides paced and paced-groovy: the fixed rate, calls/s. */
    int paceRate = 2000;
    List<Integer> payloads = new ArrayList<>();
    List<BenchSide> sides = new ArrayList<>();
    int timeoutMs;
    int cpuIterations;
    String providerJvmArgs;
    String consumerJvmArgs;
    String loadJvmArgs;
    boolean jfr;
    /** The JMeter to measure; null: the embedded one. */
    Path jmeterHome;
    /** The JMeter of side sampler-b; null: the same as side sampler's. */
    Path jmeterHomeB;
    /** The plan of side sampler-b; null: the shipped direct plan. */
    Path planB;
    long reportRows;
    int gcPauses;
    /** Sizes of the GC logs made from the real one, MB. */
    List<Long> gcLogMb = List.of(100L, 1024L);
    boolean keepFiles;
    Path out;

    /** Whether a side calls the IDL service: the grpc-java server runs too. */
    boolean needsGrpcServer() {
        return parts.contains(Part.CALLS) && sides.stream().anyMatch(BenchSide::isGrpc);
    }

    boolean needsConsumer() {
        return parts.contains(Part.CALLS) && sides.stream().anyMatch(BenchSide::isHop);
    }

    /** The reference provider (Dubbo 2.7, {@code dubbo://}): every side but the triple ones calls it. */
    boolean needsProvider() {
        return parts.contains(Part.CALLS) && sides.stream().anyMatch(side -> !side.isTriple());
    }

    /** The triple reference provider ({@link TripleReferenceProvider}) for the sides over {@code tri://}. */
    boolean needsTripleProvider() {
        return parts.contains(Part.CALLS) && sides.stream().anyMatch(BenchSide::isTriple);
    }

    /**
     * A JMeter home with the Dubbo 3.3 sampler, made by the bench from the embedded one (sampler-3, sampler-tri,
     * grpc-sampler).
     */
    boolean needsDubbo3Home() {
        return parts.contains(Part.CALLS)
                && sides.stream().anyMatch(side -> side.usesDubbo3Jar() && !side.isRaw() || side == BenchSide.GRPC_SAMPLER);
    }

    /** Every setting as text, for bench.json. */
    Map<String, String> asMap() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("parts", join(parts));
        m.put("rounds", String.valueOf(rounds));
        m.put("durationSeconds", String.valueOf(duration.toMillis() / 1000.0));
        m.put("warmupSeconds", String.valueOf(warmup.toMillis() / 1000.0));
        m.put("tailSeconds", String.valueOf(tail.toMillis() / 1000.0));
        m.put("threads", String.valueOf(threads));
        m.put("threadCounts", join(threadCounts));
        m.put("payloads", join(payloads));
        List<String> sideNames = new ArrayList<>();
        sides.forEach(s -> sideNames.add(s.label()));
        m.put("sides", String.join(",", sideNames));
        m.put("timeoutMs", String.valueOf(timeoutMs));
        m.put("cpuIterations", String.valueOf(cpuIterations));
        m.put("providerJvmArgs", providerJvmArgs);
        m.put("consumerJvmArgs", consumerJvmArgs);
        m.put("loadJvmArgs", loadJvmArgs);
        m.put("jfr", String.valueOf(jfr));
        m.put("jmeterHome", jmeterHome == null ? "embedded" : jmeterHome.toString());
        if (jmeterHomeB != null) {
            m.put("jmeterHomeB", jmeterHomeB.toString());
        }
        if (planB != null) {
            m.put("planB", planB.toString());
        }
        m.put("reportRows", String.valueOf(reportRows));
        m.put("gcPauses", String.valueOf(gcPauses));
        m.put("gcLogMb", gcLogMb.toString());
        m.put("out", out.toString());
        return m;
    }

    private static String join(List<?> items) {
        List<String> parts = new ArrayList<>();
        items.forEach(i -> parts.add(i.toString().toLowerCase(java.util.Locale.ROOT)));
        return String.join(",", parts);
    }
}
