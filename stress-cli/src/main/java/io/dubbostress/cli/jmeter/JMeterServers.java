package io.dubbostress.cli.jmeter;

import java.util.List;

/**
 * The JMeter servers a plan runs on in JMeter's distributed mode, as far as the JMeter client needs to know them: how
 * many there are, and the client's JVM flags and arguments that reach them (RMI addresses, ports, SSL). The run's load
 * generators ({@code io.dubbostress.cli.remote.RemoteGenerators}) are one; {@link #NONE}, a local run.
 *
 * <pre>{@code
 * JMeterRun.Spec.of("jmeter direct-1k", plan, dir).withGenerators(generators);   // a RemoteGenerators
 * }</pre>
 */
public interface JMeterServers {

    /** No servers: JMeter runs the plan itself. */
    JMeterServers NONE = new JMeterServers() {
        @Override
        public int count() {
            return 0;
        }

        @Override
        public List<String> clientJvmFlags() {
            return List.of();
        }

        @Override
        public List<String> clientJMeterArgs() {
            return List.of();
        }
    };

    /** How many servers run the plan (each the whole plan, with its share of the threads and of the rate). */
    int count();

    /** The client JVM's flags the servers need (the address they call back at). */
    List<String> clientJvmFlags();

    /** The client's JMeter arguments naming the servers ({@code -R}) and their RMI settings. */
    List<String> clientJMeterArgs();
}
