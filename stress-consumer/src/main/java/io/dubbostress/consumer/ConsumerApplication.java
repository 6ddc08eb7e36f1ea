package io.dubbostress.consumer;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/**
 * The reference consumer: {@code java -jar stress-consumer.jar [--server.port=8080]
 * [--stress.consumer.provider-url=dubbo://127.0.0.1:20880]}. An HTTP controller in front of a Dubbo reference, so a
 * plan can measure what one consumer hop (HTTP -> Dubbo) adds. Settings: {@link ConsumerSettings}.
 */
@SpringBootApplication
@EnableConfigurationProperties(ConsumerSettings.class)
public class ConsumerApplication {

    public static void main(String[] args) {
        SpringApplication.run(ConsumerApplication.class, args);
    }
}
