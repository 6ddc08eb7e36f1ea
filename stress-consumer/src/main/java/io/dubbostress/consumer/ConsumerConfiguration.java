package io.dubbostress.consumer;

import io.dubbostress.api.StressTestService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The Dubbo reference as a bean (destroyed with the context) and the startup line. */
@Configuration(proxyBeanMethods = false)
public class ConsumerConfiguration {

    /** Scripts wait for this marker. */
    public static final String READY_MARKER = "stress-consumer ready:";

    private static final Logger log = LoggerFactory.getLogger(ConsumerConfiguration.class);

    @Bean(destroyMethod = "close")
    public StressReference stressReference(ConsumerSettings settings) {
        return new StressReference(settings);
    }

    @Bean
    public StressTestService stressTestService(StressReference reference) {
        return reference.service();
    }

    @Bean
    public ApplicationListener<ApplicationReadyEvent> startupLine(ConsumerSettings settings,
            @Value("${server.address:0.0.0.0}") String address) {
        return event -> {
            int port = event.getApplicationContext() instanceof WebServerApplicationContext
                    ? ((WebServerApplicationContext) event.getApplicationContext()).getWebServer().getPort() : -1;
            log.info("{} http://{}:{}/stressTest/{{string1k,string100k,echo?size=N}} -> {}, timeout {} ms, retries 0,"
                            + " loadbalance random, serialization {}", READY_MARKER, address, port, settings.target(),
                    settings.getTimeoutMs(), settings.getSerialization());
        };
    }
}
