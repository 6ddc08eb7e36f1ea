package io.dubbostress.cli.options;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/**
 * Services a run uses instead of starting its own: the provider (by address, through a registry, or by URL with the
 * Dubbo 3.3 sampler: {@code --provider-url} excludes {@code --provider} and {@code --registry}, an exclusive
 * {@code @ArgGroup}), the consumer, the PerfMon agent. A picocli mixin: {@code @Mixin ServiceOptions services;}.
 *
 * <pre>{@code
 * stress run --provider 10.0.0.5:20880 --consumer-url http://10.0.0.6:8080 --agent 10.0.0.5:4444
 * stress run --scenarios direct-1k --provider-url tri://10.0.0.5:50051
 * }</pre>
 */
public final class ServiceOptions {

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    ProviderChoice provider;

    @Option(names = "--consumer-url", paramLabel = "URL", converter = HttpUrl.Converter.class,
            description = "Use this running consumer (e.g. http://10.0.0.6:8080) instead of starting one.")
    String consumerUrl;

    @Option(names = "--agent", paramLabel = "HOST:PORT", converter = HostPort.Converter.class,
            description = "Use this running PerfMon agent instead of starting one.")
    HostPort agent;

    /** Either the provider's URL (the Dubbo 3.3 sampler), or its address and/or a registry. */
    static final class ProviderChoice {
        @Option(names = "--provider-url", paramLabel = "URL", converter = ProviderUrl.Converter.class,
                description = "Use this running provider with the Dubbo 3.3 sampler (jmeter-dubbo3-sampler) instead of "
                        + "starting one: tri://HOST:PORT (triple) or dubbo://HOST:PORT. It must export "
                        + "io.dubbostress.api.StressTestService (a Dubbo 3.x provider, or the reference one). Not with "
                        + "--provider or --registry.")
        ProviderUrl url;

        @ArgGroup(exclusive = false, multiplicity = "1")
        Located located;
    }

    /** The provider by address, and/or the registry it is found through. */
    static final class Located {
        @Option(names = "--provider", paramLabel = "HOST:PORT", converter = HostPort.Converter.class,
                description = "Use this running provider instead of starting one.")
        HostPort address;

        @Option(names = "--registry", paramLabel = "URL", converter = OptionValues.RegistryUrl.class,
                description = "Discover the provider through this registry (e.g. zookeeper://127.0.0.1:2181) instead "
                        + "of calling it directly; a provider the run starts registers there.")
        String registry;
    }

    /**
     * The services given: {@code provider} null when the run starts it ({@code providerUrl}'s address with
     * {@code --provider-url}); {@code providerUrl} null unless given; {@code registry} empty for a direct call;
     * {@code consumerUrl} and {@code agent} null when the run starts them.
     */
    public record Services(HostPort provider, ProviderUrl providerUrl, String registry, String consumerUrl,
                           HostPort agent) {

        /** None given: the run starts them all. */
        public static final Services STARTED_BY_THE_RUN = new Services(null, null, "", null, null);
    }

    public Services value() {
        ProviderUrl url = provider == null ? null : provider.url;
        Located located = provider == null ? null : provider.located;
        HostPort address = url != null ? url.address() : located == null ? null : located.address;
        String registry = located == null || located.registry == null ? "" : located.registry;
        return new Services(address, url, registry, consumerUrl, agent);
    }
}
