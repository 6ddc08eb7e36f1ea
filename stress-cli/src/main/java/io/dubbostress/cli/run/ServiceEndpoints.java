package io.dubbostress.cli.run;

import io.dubbostress.cli.options.HostPort;

/**
 * Where the plans send their calls and read their metrics: started by the run on free loopback ports, or given
 * ({@code --provider}, {@code --consumer-url}, {@code --agent}) for servers elsewhere.
 */
final class ServiceEndpoints {

    String providerHost = "127.0.0.1";
    int providerPort;
    /** The consumer controller's base URL, e.g. {@code http://127.0.0.1:8080}; null when no hop scenario runs. */
    String consumerUrl;
    String agentHost = "127.0.0.1";
    int agentPort;
    /** Registry URL when the sampler and services discover through one; empty for direct connect. */
    String registry = "";
    /** --provider-url as given (tri:// or dubbo://); empty: the plans call dubbo://providerHost:providerPort. */
    String providerUrl = "";
    long providerPid = -1;
    long consumerPid = -1;
    /**
     * A provider or consumer given by address on this machine: the process found listening on its port, for the capacity
     * search's CPU shares (-1: not on this machine, not looked for, or not found). Never profiled or stopped.
     */
    long givenProviderPid = -1;
    long givenConsumerPid = -1;
    /** Whether the agent runs on this machine, so that it can read the run's JVMs by their process ids. */
    boolean agentHere = true;

    String providerAddress() {
        return providerHost + ":" + providerPort;
    }

    HostPort agent() {
        return HostPort.parse(agentHost + ":" + agentPort);
    }

    String consumerHost() {
        return java.net.URI.create(consumerUrl).getHost();
    }

    int consumerPort() {
        int port = java.net.URI.create(consumerUrl).getPort();
        return port > 0 ? port : 80;
    }
}
