package io.dubbostress.release;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code repo.json}: the JMeter Plugins Manager's descriptor of a release (the format of jmeter-plugins.org's
 * catalogue, read by {@code jpgc.repo.address}). Four plugins:
 *
 * <ul>
 *   <li>{@value #SAMPLER} (the Dubbo 2.7 jar) and {@value #SAMPLER_DUBBO3} (the Dubbo 3.3 jar): two ids, because they
 *       are two products a user picks between, and the Manager orders one plugin's versions to offer upgrades (one id
 *       with the Dubbo line in the version would offer the 3.3 jar as an "upgrade" of the 2.7 one). Each has its own
 *       {@code markerClass}, a class only its jar holds, so the Manager sees which one is installed. Only
 *       {@value #SAMPLER_DUBBO3} lists our element classes in {@code componentClasses}: {@code install-for-jmx} on a
 *       plan with our elements (and neither jar installed) installs the 3.3 jar, never both, because that jar runs
 *       every plan our elements make (the 2.7 jar cannot call IDL services, tri:// or Nacos). They hold the same classes and the Manager knows no
 *       conflicts: their {@code installerClass} (run by the Manager after installing) moves the other jar out of
 *       {@code lib/ext}.</li>
 *   <li>{@code jpgc-perfmon}, the PerfMon Metrics Collector our plans use, with the jars it needs
 *       ({@code jmeter-plugins-cmn-jmeter} 0.7: its own POM's 0.3 breaks on JMeter 3.2 and later), and
 *       {@code jmeter-core}, which everything {@code depends} on: the same ids as jmeter-plugins.org's catalogue, so a
 *       descriptor listed after that catalogue in {@code jpgc.repo.address} gives way to it (the Manager keeps the
 *       first plugin of an id), and one used alone needs nothing else.</li>
 * </ul>
 *
 * <p>Download URLs: our jars at {@code baseUrl} + file name (the release's files, or a company's mirror of them); the
 * PerfMon jars and JMeter's core at {@code mavenUrl} in Maven's layout (Maven Central, or a company's proxy of it).
 *
 * <pre>{@code
 * List<Plugin> plugins = PluginsRepository.plugins(release);
 * PluginsRepository.write(plugins, dist.resolve("repo.json"));
 * }</pre>
 */
public final class PluginsRepository {

    public static final String SAMPLER = "dubbo-stress";
    public static final String SAMPLER_DUBBO3 = "dubbo-stress-dubbo3";
    public static final String PERFMON = "jpgc-perfmon";
    public static final String JMETER_CORE = "jmeter-core";

    /** Our element and GUI classes: what {@code install-for-jmx} finds in a plan (guiclass/testclass). */
    public static final List<String> COMPONENT_CLASSES = List.of(
            "io.dubbostress.sampler.sampler.DubboSampler",
            "io.dubbostress.sampler.control.gui.DubboSamplerGui",
            "io.dubbostress.sampler.config.DubboDefaults",
            "io.dubbostress.sampler.config.gui.DubboDefaultsGui",
            "io.dubbostress.sampler.pacing.TargetRateSchedule",
            "io.dubbostress.sampler.pacing.gui.TargetRateScheduleGui",
            // the shipped plans' Backend Listener (issue 40): a plan that names it needs our jar too
            "io.dubbostress.sampler.backend.QuietBackendListener");
    public static final String MARKER_DUBBO27 = "io.dubbostress.sampler.install.Dubbo27Jar";
    public static final String MARKER_DUBBO33 = "io.dubbostress.sampler.install.Dubbo33Jar";
    public static final String INSTALLER = "io.dubbostress.sampler.install.PluginsManagerInstaller";

    private PluginsRepository() {
    }

    /** One plugin of the descriptor; absent fields are left out (the Manager treats them as optional). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Plugin(String id, String name, String description, String screenshotUrl, String helpUrl,
            String vendor, String markerClass, List<String> componentClasses, String installerClass,
            Boolean canUninstall, Map<String, Version> versions) {
    }

    /** One version of a plugin: its jar, what changed, the libraries it needs in {@code lib/}, the plugins it needs. */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Version(String downloadUrl, String changes, Map<String, String> libs, List<String> depends) {
    }

    /** The PerfMon collector's jars, as the build's JMeter homes run it. */
    public record PerfMonJars(String collector, String cmnJmeter, String charts, String client) {
    }

    /**
     * What the descriptor describes: the release's version and jar file names, the Dubbo clients they carry, the
     * summary of its changes, and where things are downloaded from.
     */
    public record Release(String version, String samplerJar, String sampler3Jar, String dubbo27, String dubbo33,
            String changes, String baseUrl, String mavenUrl, String homeUrl, String screenshot, PerfMonJars perfmon) {

        public Release {
            baseUrl = withSlash(baseUrl);
            mavenUrl = withSlash(mavenUrl);
        }
    }

    public static List<Plugin> plugins(Release r) {
        Plugin dubbo27 = sampler(r, SAMPLER, "2.7", "<p>Carries the Dubbo " + r.dubbo27() + " client:"
                + " <code>dubbo://</code> (hessian2) to Dubbo 2.6, 2.7 and 3.x providers, ZooKeeper registries. Choose it"
                + " when your clients run Dubbo 2.7, or for its lighter calls (no triple, IDL services or Nacos).</p>",
                MARKER_DUBBO27, null, r.samplerJar());
        Plugin dubbo33 = sampler(r, SAMPLER_DUBBO3, "3.3", "<p>Carries the Dubbo " + r.dubbo33() + " client:"
                + " <code>dubbo://</code> and triple (<code>tri://</code>), protobuf IDL services over triple and gRPC"
                + " (<code>grpc://</code>), application-level discovery, ZooKeeper registries and the Nacos client."
                + " Choose it when your clients run Dubbo 3, or for a plan that uses any of these; a plan's"
                + " <code>install-for-jmx</code> installs this one.</p>", MARKER_DUBBO33, COMPONENT_CLASSES,
                r.sampler3Jar());
        PerfMonJars p = r.perfmon();
        Map<String, String> perfmonLibs = new LinkedHashMap<>();
        perfmonLibs.put("jmeter-plugins-cmn-jmeter>=" + p.cmnJmeter(),
                maven(r, "kg.apc", "jmeter-plugins-cmn-jmeter", p.cmnJmeter()));
        perfmonLibs.put("jmeter-plugins-charts", maven(r, "kg.apc", "jmeter-plugins-charts", p.charts()));
        perfmonLibs.put("perfmon", maven(r, "kg.apc", "perfmon", p.client()));
        Plugin perfmon = new Plugin(PERFMON,
                "PerfMon (Servers Performance Monitoring)",
                "<p>The PerfMon Metrics Collector listener: server CPU, memory, disks and network from a PerfMon"
                        + " agent (dubbo-stress ships one), written to a CSV. The dubbo-stress plans use it.</p>",
                null, "https://jmeter-plugins.org/wiki/PerfMon/", "JMeter-Plugins.org",
                "kg.apc.jmeter.perfmon.PerfMonCollector", List.of("kg.apc.jmeter.vizualizers.PerfMonGui"), null, null,
                Map.of(p.collector(), new Version(maven(r, "kg.apc", "jmeter-plugins-perfmon", p.collector()), null,
                        perfmonLibs, List.of(JMETER_CORE))));
        // "" is the Manager's version "the one of this JMeter" (%1$s in the URL)
        Plugin core = new Plugin(JMETER_CORE, "JMeter Core", "Core functionality for JMeter, including GUI and engine.",
                null, "https://jmeter.apache.org/usermanual/index.html", "Apache JMeter",
                "org.apache.jmeter.engine.JMeterEngine", null, null, false,
                Map.of("", new Version(r.mavenUrl() + "org/apache/jmeter/ApacheJMeter_core/%1$s/ApacheJMeter_core-%1$s.jar",
                        null, Map.of(), List.of())));
        return List.of(dubbo27, dubbo33, perfmon, core);
    }

    /** One of the two sampler plugins: the same elements, its own Dubbo client, marker class and jar. */
    private static Plugin sampler(Release r, String id, String dubboLine, String client, String marker,
            List<String> components, String jar) {
        String elements = "<p>Adds the <b>Dubbo Sampler</b>, the <b>Dubbo Defaults</b> config element and the <b>Target"
                + " Rate Schedule</b> timer (dubbo-stress): generic or typed calls to Dubbo providers, directly or"
                + " through a registry, timed to the microsecond (<code>elapsed_us</code>), and pacing to a target"
                + " rate with response times from each call's due time.</p>";
        String oneAtATime = "<p>One of the two dubbo-stress plugins at a time (they hold the same classes):"
                + " installing one removes the other.</p>";
        return new Plugin(id, "Dubbo Sampler (dubbo-stress, Dubbo " + dubboLine + " client)",
                elements + client + oneAtATime,
                r.screenshot() == null ? null : r.baseUrl() + r.screenshot(),
                r.homeUrl() + "/blob/v" + r.version() + "/docs/SAMPLER.md", "dubbo-stress", marker, components,
                INSTALLER, null,
                Map.of(r.version(), new Version(r.baseUrl() + jar, r.changes(), Map.of(), List.of(JMETER_CORE))));
    }

    public static void write(List<Plugin> plugins, Path file) throws IOException {
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), plugins);
    }

    private static String maven(Release r, String group, String artifact, String version) {
        return r.mavenUrl() + group.replace('.', '/') + "/" + artifact + "/" + version + "/" + artifact + "-" + version
                + ".jar";
    }

    private static String withSlash(String url) {
        return url == null || url.endsWith("/") ? url : url + "/";
    }
}
