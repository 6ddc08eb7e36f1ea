package io.dubbostress.cli.options;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The JMeter a run uses: its JVM options, its home (the embedded 5.6.3, or the user's own), and whether it makes its HTML
 * dashboard per scenario. A picocli mixin: {@code @Mixin JMeterOptions jmeter;}.
 */
public final class JMeterOptions {

    @Option(names = "--jmeter-jvm-args", paramLabel = "ARGS", defaultValue = HarnessDefaults.LOAD_JVM_ARGS,
            description = "JVM options of JMeter. Default: ${DEFAULT-VALUE}.")
    String jvmArgs;

    @Option(names = "--jmeter-home", paramLabel = "DIR",
            description = "Use this JMeter (5.1.1 to 5.6.3) instead of the embedded 5.6.3. Our sampler and the PerfMon "
                    + "collector are added to it for the run if it lacks them; its files are not changed.")
    Path home;

    @Option(names = "--no-dashboard", description = "Skip JMeter's HTML dashboard per scenario.")
    boolean noDashboard;

    /** JMeter's JVM options, its home (null: the embedded one), and whether to make the dashboards. */
    public record JMeter(String jvmArgs, Path home, boolean dashboard) {
    }

    public JMeter value() {
        return new JMeter(jvmArgs, home, !noDashboard);
    }
}
