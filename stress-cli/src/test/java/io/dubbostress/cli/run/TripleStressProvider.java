package io.dubbostress.cli.run;

import io.dubbostress.api.Order;
import io.dubbostress.api.StressTestService;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;

/**
 * A user's Dubbo 3 provider of the reference contract over the triple protocol (hessian2), for {@link ProviderUrlIT}:
 * run from the Dubbo 3.3 sampler jar's class path (it carries Dubbo 3.3.5 and the contract) plus the test classes.
 * Binds 127.0.0.1 only, prints {@code triple-provider ready port=<port>}, and on every 100th call
 * {@code triple-provider calls=<n>}.
 *
 * <pre>{@code
 * java -cp jmeter-dubbo3-sampler.jar:test-classes io.dubbostress.cli.run.TripleStressProvider 50051
 * }</pre>
 */
public final class TripleStressProvider implements StressTestService {

    private final AtomicLong calls = new AtomicLong();

    @Override
    public String echo(String payload) {
        count();
        return payload;
    }

    @Override
    public Order echoOrder(Order order) {
        count();
        return order;
    }

    private void count() {
        long n = calls.incrementAndGet();
        if (n % 100 == 0) {
            System.out.println("triple-provider calls=" + n);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int port = Integer.parseInt(args[0]);
        ApplicationConfig application = new ApplicationConfig("triple-stress-provider");
        application.setQosEnable(false);
        ProtocolConfig tri = new ProtocolConfig("tri", port);
        tri.setHost("127.0.0.1");
        tri.setSerialization("hessian2");
        ServiceConfig<StressTestService> service = new ServiceConfig<>();
        service.setApplication(application);
        service.setProtocol(tri);
        service.setRegistry(new RegistryConfig(RegistryConfig.NO_AVAILABLE));
        service.setInterface(StressTestService.class);
        service.setRef(new TripleStressProvider());
        service.export();
        System.out.println("triple-provider ready port=" + port);
        System.out.flush();
        Thread.currentThread().join(); // until the test stops it
    }
}
