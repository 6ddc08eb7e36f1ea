package io.dubbostress.cli.run;

import io.dubbostress.cli.options.CapacityOptions;
import io.dubbostress.cli.options.HarnessOptions;
import io.dubbostress.cli.options.HostPort;
import io.dubbostress.cli.options.InfluxTarget;
import io.dubbostress.cli.options.JMeterOptions;
import io.dubbostress.cli.options.LoadOptions;
import io.dubbostress.cli.options.RemoteOptions;
import io.dubbostress.cli.options.Scenario;
import io.dubbostress.cli.options.ServiceOptions;
import io.dubbostress.cli.remote.RemoteGenerators;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A run's settings, an immutable value made of the option groups' values ({@link RunCommand#settings()} checks them);
 * recorded in run.json's {@code settings} as data ({@link #asMap()}).
 *
 * @param capacity the capacity search (--find-max-rate); null for an ordinary run
 * @param out the run folder; {@code outIsStampedDefault}: --out was not given, so {@link RunFolderSetup#defaultLocation()}
 *     may take a suffix if another run has it
 * @param profile --profile, --profile-kernel: each JVM the run starts is profiled over each scenario's steady window
 * @param influx --influxdb: where the run is sent while it runs (its token never in {@link #asMap()}); null without
 */
record RunSettings(HarnessOptions.Harness harness, LoadOptions.Load load, CapacityOptions.Capacity capacity,
                   ServiceOptions.Services services, RemoteOptions.Remote remote, JMeterOptions.JMeter jmeter,
                   Path out, boolean outIsStampedDefault, Profile profile, InfluxTarget influx) {

    /** How the run profiles its JVMs: not, by a CPU timer (--profile), by perf_events (--profile-kernel). */
    enum Profile { OFF, CPU, KERNEL }

    boolean profiled() {
        return profile != Profile.OFF;
    }

    RemoteGenerators generators() {
        return new RemoteGenerators(remote.hosts(), remote.rmiHostname(), remote.rmiLocalPort(), remote.rmiKeystore());
    }

    /** Whether JMeter runs the Dubbo 3.3 flavour of the sampler (--provider-url). */
    boolean dubbo3Sampler() {
        return services.providerUrl() != null;
    }

    boolean needsConsumer() {
        return load.needsConsumer();
    }

    /**
     * run.json's {@code settings}: every option's value as data (numbers, names, addresses; an empty text where the
     * run started the service itself or there is none), never a sentence (schema {@link
     * io.dubbostress.report.run.RunManifest#SCHEMA}).
     */
    Map<String, String> asMap() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("scenarios", String.join(",", load.scenarios().stream().map(Scenario::name).toArray(String[]::new)));
        m.put("threads", String.valueOf(harness.threads()));
        m.put("durationSeconds", String.valueOf(load.duration().getSeconds()));
        m.put("warmupSeconds", String.valueOf(load.warmup().toMillis() / 1000.0));
        m.put("rampupSeconds", String.valueOf(load.rampup().getSeconds()));
        m.put("rate", load.rate().asProperty());
        if (capacity != null) {
            m.put("slo", capacity.slo().toString());
            m.put("searchTrials", String.valueOf(capacity.searchTrials()));
        }
        m.put("repeat", String.valueOf(load.repeat()));
        m.put("timeoutMs", String.valueOf(harness.timeoutMs()));
        m.put("cpuIterations", String.valueOf(harness.cpuIterations()));
        m.put("providerJvmArgs", harness.providerJvmArgs());
        m.put("consumerJvmArgs", harness.consumerJvmArgs());
        m.put("jmeterJvmArgs", jmeter.jvmArgs());
        m.put("jmeterHome", jmeter.home() == null ? "" : jmeter.home().toString());
        m.put("provider", services.providerUrl() != null ? services.providerUrl().url()
                : services.provider() == null ? "" : services.provider().toString());
        m.put("sampler", dubbo3Sampler() ? "jmeter-dubbo3-sampler" : "jmeter-dubbo-sampler");
        m.put("consumerUrl", services.consumerUrl() == null ? "" : services.consumerUrl());
        m.put("agent", services.agent() == null ? "" : services.agent().toString());
        m.put("registry", services.registry());
        m.put("remote", String.join(",", remote.hosts()));
        if (!remote.isEmpty()) {
            m.put("rmiSsl", String.valueOf(remote.rmiKeystore() != null));
            m.put("rmiLocalPort", String.valueOf(remote.rmiLocalPort()));
            m.put("generatorAgents", String.join(",", remote.generatorAgents().stream().map(HostPort::toString)
                    .toArray(String[]::new)));
        }
        m.put("dashboard", String.valueOf(jmeter.dashboard()));
        m.put("profile", String.valueOf(profiled()));
        if (influx != null) {
            m.put("influxdb", influx.url()); // the URL carries no secret (InfluxTarget refuses one); the token is never here
        }
        if (profile == Profile.KERNEL) {
            m.put("profileKernel", "true");
        }
        return m;
    }
}
