package io.dubbostress.release;

import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.FreePort;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The services every install route runs the direct plan against, started once for all the test classes of this
 * module and stopped when they are done: the reference provider (stress-provider) and the release's PerfMon agent,
 * each on a free loopback port. A test class gets them with {@code @ExtendWith(SharedServices.Resolver.class)} and a
 * {@code SharedServices} parameter.
 */
final class SharedServices implements ExtensionContext.Store.CloseableResource {

    final int providerPort;
    final int agentPort;
    private final ChildJvm provider;
    private final ChildJvm agent;

    private SharedServices(Path dir) throws Exception {
        providerPort = FreePort.find();
        agentPort = FreePort.find();
        provider = ChildJvm.jar(Path.of(ReleaseBuild.property("stress.provider.jar"))).jvmArgs("-Xmx256m")
                .args("--stress.provider.port=" + providerPort, "--stress.provider.host=127.0.0.1",
                        "--stress.provider.cpu-iterations=2000", "--dubbo.application.qos-enable=false")
                .log(dir.resolve("provider.log")).start();
        agent = ChildJvm.jar(ReleaseBuild.agentJar()).jvmArgs("-Xmx64m")
                .args("--port=" + agentPort).log(dir.resolve("agent.log")).start();
        CompletableFuture.allOf(
                CompletableFuture.runAsync(() -> provider.awaitLog(l -> l.contains("stress-provider ready"),
                        "provider ready", Duration.ofSeconds(120))),
                CompletableFuture.runAsync(() -> agent.awaitPort(agentPort, Duration.ofSeconds(60))))
                .get(150, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        provider.close();
        agent.close();
    }

    /** Resolves {@code SharedServices} parameters: one instance per test run (the root store closes it at the end). */
    static final class Resolver implements ParameterResolver {

        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getParameter().getType() == SharedServices.class;
        }

        @Override
        public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
            return context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
                    .getOrComputeIfAbsent(SharedServices.class, key -> {
                        try {
                            Path dir = Files.createDirectories(Path.of("target", "shared-services"));
                            return new SharedServices(dir);
                        } catch (Exception e) {
                            throw new IllegalStateException("could not start the provider and the PerfMon agent", e);
                        }
                    }, SharedServices.class);
        }
    }
}
