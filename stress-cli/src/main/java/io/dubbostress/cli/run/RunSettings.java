package io.dubbostress.cli.run;

import io.dubbostress.cli.options.HarnessDefaults;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A run's settings, validated by {@link RunCommand}; recorded in run.json. */
final class RunSettings {

    List<Scenario> scenarios = new ArrayList<>();
    int threads = Integer.parseInt(HarnessDefaults.THREADS);
    Duration duration = Duration.ofMinutes(10);
    Duration warmup = Duration.ofSeconds(60);
    Duration rampup = Duration.ofSeconds(1);
    RateSchedule rate = RateSchedule.NONE;
    /** --find-max-rate: the SLO the capacity search holds the trials to; null for an ordinary run. */
    Slo slo;
    int searchTrials = 8;
    /** --repeat: trials of each scenario, run alternately (A B A B ...); 1 = each scenario once, as before. */
    int repeat = 1;
    int timeoutMs = Integer.parseInt(HarnessDefaults.TIMEOUT_MS);
    int cpuIterations = Integer.parseInt(HarnessDefaults.CPU_ITERATIONS);
    String providerJvmArgs = "";
    String consumerJvmArgs = "";
    String jmeterJvmArgs = "";
    Path jmeterHome;
    HostPort externalProvider;
    /** --provider-url: the direct scenarios call it with the Dubbo 3.3 sampler jar; empty when not given. */
    String providerUrl = "";
    String externalConsumerUrl;
    HostPort externalAgent;
    String registry = "";
    List<String> remoteHosts = new ArrayList<>();
    /** --rmi-hostname: the address the servers call this machine back at; null = found from the routing table. */
    String rmiHostname;
    /** --rmi-local-port: client.rmi.localport; 0 = any. */
    int rmiLocalPort;
    /** --rmi-keystore: RMI over SSL with this keystore; null = plain sockets. */
    Path rmiKeystore;
    /** --generator-agents: PerfMon agents on the load generators, read by the run. */
    List<HostPort> generatorAgents = new ArrayList<>();
    boolean dashboard = true;
    Path out;
    /** --out not given: {@link RunFolderSetup#defaultLocation()}, which may take a suffix if another run has it. */
    boolean outIsStampedDefault;

    RemoteGenerators generators() {
        return new RemoteGenerators(remoteHosts, rmiHostname, rmiLocalPort, rmiKeystore);
    }

    /** Whether JMeter runs the Dubbo 3.3 flavour of the sampler (--provider-url). */
    boolean dubbo3Sampler() {
        return !providerUrl.isEmpty();
    }

    boolean needsConsumer() {
        return scenarios.stream().anyMatch(s -> s.kind().needsConsumer());
    }

    Map<String, String> asMap() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("scenarios", String.join(",", scenarios.stream().map(Scenario::name).toArray(String[]::new)));
        m.put("threads", String.valueOf(threads));
        m.put("durationSeconds", String.valueOf(duration.getSeconds()));
        m.put("warmupSeconds", String.valueOf(warmup.toMillis() / 1000.0));
        m.put("rampupSeconds", String.valueOf(rampup.getSeconds()));
        m.put("rate", rate.asProperty());
        if (slo != null) {
            m.put("findMaxRate", "slo " + slo + ", at most " + searchTrials + " trials per scenario");
        }
        if (repeat > 1) {
            m.put("repeat", String.valueOf(repeat));
        }
        m.put("timeoutMs", String.valueOf(timeoutMs));
        m.put("cpuIterations", String.valueOf(cpuIterations));
        m.put("providerJvmArgs", providerJvmArgs);
        m.put("consumerJvmArgs", consumerJvmArgs);
        m.put("jmeterJvmArgs", jmeterJvmArgs);
        m.put("jmeterHome", jmeterHome == null ? "embedded" : jmeterHome.toString());
        m.put("provider", externalProvider == null ? "started by the run"
                : providerUrl.isEmpty() ? externalProvider.toString() : providerUrl);
        m.put("sampler", dubbo3Sampler() ? "jmeter-dubbo3-sampler (Dubbo 3.3)" : "jmeter-dubbo-sampler (Dubbo 2.7)");
        m.put("consumerUrl", externalConsumerUrl == null ? (needsConsumer() ? "started by the run" : "not used")
                : externalConsumerUrl);
        m.put("agent", externalAgent == null ? "started by the run" : externalAgent.toString());
        m.put("registry", registry.isEmpty() ? "none (direct connect)" : registry);
        m.put("remote", remoteHosts.isEmpty() ? "none (local JMeter)" : String.join(",", remoteHosts));
        if (!remoteHosts.isEmpty()) {
            m.put("rmiSsl", rmiKeystore == null ? "false" : "true");
            m.put("rmiLocalPort", rmiLocalPort == 0 ? "any" : String.valueOf(rmiLocalPort));
            m.put("generatorAgents", generatorAgents.isEmpty() ? "none"
                    : String.join(",", generatorAgents.stream().map(HostPort::toString).toArray(String[]::new)));
        }
        m.put("dashboard", String.valueOf(dashboard));
        return m;
    }
}
