package io.dubbostress.provider;

import io.dubbostress.api.loopback.LoopbackAddress;
import io.dubbostress.provider.transport.LoopbackTransporter;
import java.util.HashMap;
import java.util.Map;
import org.apache.dubbo.config.ProtocolConfig;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The provider's beans, and what has to be settled before Dubbo exports (on context refresh). */
@Configuration(proxyBeanMethods = false)
public class ProviderConfiguration {

    @Bean
    public CpuWork cpuWork(ProviderSettings settings) {
        return new CpuWork(settings.getCpuIterations());
    }

    /**
     * With a loopback {@code stress.provider.host}, pins the address Dubbo advertises and switches the protocol to the
     * transporter that binds exactly that address. Runs while beans are created, before Dubbo exports.
     */
    @Bean
    public InitializingBean loopbackBinding(ProviderSettings settings, ProtocolConfig protocol) {
        return () -> {
            String host = settings.getHost();
            if (host.isEmpty()) {
                return;
            }
            if (LoopbackAddress.isLoopback(host)) {
                LoopbackAddress.pin(host);
                protocol.setServer(LoopbackTransporter.NAME);
                // the registered URL carries server=loopback; consumers take the client from client= first, and
                // must not look for a "loopback" transporter they don't have
                protocol.setClient("netty");
                Map<String, String> parameters = protocol.getParameters() == null
                        ? new HashMap<>() : new HashMap<>(protocol.getParameters());
                parameters.put(LoopbackTransporter.BIND_HOST_KEY, host);
                protocol.setParameters(parameters);
            } else {
                protocol.setHost(host);
            }
        };
    }

    @Bean
    public StartupLine startupLine(ProviderSettings settings) {
        return new StartupLine(settings);
    }
}
