package io.dubbostress.provider;

import org.apache.dubbo.config.spring.context.annotation.EnableDubbo;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/**
 * The reference provider: {@code java -jar stress-provider.jar [--stress.provider.port=20880] ...}. Every setting is a
 * {@code stress.provider.*} property, also read from the matching environment variable ({@code STRESS_PROVIDER_PORT},
 * ...); see {@link ProviderSettings}.
 */
@SpringBootApplication
@EnableDubbo(scanBasePackages = "io.dubbostress.provider")
@EnableConfigurationProperties(ProviderSettings.class)
public class ProviderApplication {

    public static void main(String[] args) {
        SpringApplication.run(ProviderApplication.class, args);
    }
}
