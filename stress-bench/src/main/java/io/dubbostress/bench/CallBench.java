package io.dubbostress.bench;

import io.dubbostress.cli.UserError;
import io.dubbostress.cli.process.JavaRuntime;
import io.dubbostress.cli.process.ProcessFailedException;
import io.dubbostress.cli.jmeter.Dubbo3JMeterHome;
import io.dubbostress.cli.jmeter.JMeterHome;
import io.dubbostress.cli.home.StressHome;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The raw client against the sampler (and the hop): one provider (and consumer) for the whole bench, then for each
 * thread count and payload, round after round, every side in turn (raw, sampler, hop, raw ...: A B A B, so drift hits
 * both sides equally), each a fresh load-generating JVM.
 */
final class CallBench {

    private final BenchSettings settings;
    private final StressHome home;
    private final JavaRuntime java;
    private final PrintStream err;
    private final boolean terminal;

    CallBench(BenchSettings settings, StressHome home, JavaRuntime java, PrintStream err, boolean terminal) {
        this.settings = settings;
        this.home = home;
        this.java = java;
        this.err = err;
        this.terminal = terminal;
    }

    List<LoadResult> run() {
        JMeterHome jmeter = JMeterHome.at(settings.jmeterHome != null ? settings.jmeterHome
                : home.embeddedJMeterHome());
        Path samplerJar = samplerJar(jmeter);
        JMeterHome jmeterB = settings.jmeterHomeB == null ? null : JMeterHome.at(settings.jmeterHomeB);
        Path samplerJarB = jmeterB == null ? null : samplerJar(jmeterB);
        Path plans = settings.out.resolve("plans");
        Path directPlan = plans.resolve("dubbo-direct.jmx");
        Path hopPlan = plans.resolve("dubbo-hop.jmx");
        BenchPlans.withoutPerfMon(home.plan("dubbo-direct.jmx"), directPlan);
        BenchPlans.withoutPerfMon(home.plan("dubbo-hop.jmx"), hopPlan);
        Path planB = directPlan;
        if (settings.planB != null) {
            planB = plans.resolve("plan-b.jmx");
            BenchPlans.withoutPerfMon(settings.planB, planB);
        }
        Path groovyPlan = plans.resolve("dubbo-direct-groovy-pacing.jmx");
        if (settings.sides.contains(BenchSide.PACED_GROOVY)) {
            BenchPlans.withGroovyPacing(directPlan, groovyPlan);
        }
        Path dubbo3Jar = settings.sides.stream().anyMatch(BenchSide::usesDubbo3Jar) || settings.needsDubbo3Home()
                ? home.dubbo3SamplerJar() : null;
        Path dubbo3Home = null;
        List<LoadResult> results = new ArrayList<>();
        int count = settings.threadCounts.size() * settings.payloads.size() * settings.rounds * settings.sides.size();
        int index = 0;
        try (BenchServices services = BenchServices.start(settings, home, java, err);
                CpuRecorder cpu = CpuRecorder.start()) {
            if (settings.needsDubbo3Home()) {
                // the embedded home with jmeter-dubbo3-sampler in lib/ext instead of the 2.7 jar, as stress run makes it
                dubbo3Home = Dubbo3JMeterHome.create(home.embeddedJMeterHome(), dubbo3Jar);
                err.println("stress bench: the Dubbo 3.3 sampler's JMeter home: " + dubbo3Home);
            }
            cpu.watchMachine();
            if (services.providerPid() > 0) {
                cpu.watch(LoadRunner.PROVIDER, services.providerPid());
            }
            if (services.tripleProviderPid() > 0) {
                cpu.watch(LoadRunner.TRIPLE_PROVIDER, services.tripleProviderPid());
            }
            if (services.consumerPid() > 0) {
                cpu.watch("consumer", services.consumerPid());
            }
            if (services.grpcServerPid() > 0) {
                cpu.watch(LoadRunner.GRPC_SERVER, services.grpcServerPid());
            }
            LoadRunner runner = new LoadRunner(settings, java, new LoadRunner.Homes(jmeter, jmeterB,
                    dubbo3Home == null ? null : JMeterHome.at(dubbo3Home), samplerJar, samplerJarB, dubbo3Jar),
                    directPlan, hopPlan, planB, groovyPlan, services, cpu, err, terminal);
            if (settings.needsGrpcServer()) {
                // the IDL plan runs in the bench's Dubbo 3.3 home (jmeter-dubbo3-sampler in place of the 2.7 jar)
                runner.withGrpc(home, home.plan("dubbo3-idl.jmx"), GrpcBenchFiles.of(home));
            }
            for (int threads : settings.threadCounts) {
                for (int payload : settings.payloads) {
                    for (int round = 1; round <= settings.rounds; round++) {
                        for (BenchSide side : settings.sides) {
                            results.add(runner.run(side, threads, payload, round, ++index, count));
                            String dead = services.deadService();
                            if (dead != null) {
                                throw new ProcessFailedException("the " + dead + "; the bench stops");
                            }
                        }
                    }
                }
            }
        } finally {
            Dubbo3JMeterHome.remove(dubbo3Home);
        }
        return results;
    }

    /** The sampler jar JMeter loads: the one in the home's lib/ext (jmeter-dubbo-sampler or jmeter-dubbo3-sampler). */
    static Path samplerJar(JMeterHome jmeter) {
        Path ext = jmeter.root().resolve("lib/ext");
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(ext, "jmeter-dubbo{,3}-sampler*.jar")) {
            for (Path jar : jars) {
                return jar;
            }
        } catch (IOException e) {
            // reported below
        }
        throw new UserError("no jmeter-dubbo-sampler jar in " + ext + ": build it with ./mvnw -B -DskipTests package");
    }
}
