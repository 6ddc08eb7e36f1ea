package io.dubbostress.provider;

import io.dubbostress.api.Order;
import io.dubbostress.api.StressTestService;
import org.apache.dubbo.config.annotation.DubboService;

/** Does the CPU work, then echoes. No per-call logging: at 40k calls/s a log line per call is the bottleneck. */
@DubboService(interfaceClass = StressTestService.class)
public class StressTestServiceImpl implements StressTestService {

    private final CpuWork cpuWork;

    public StressTestServiceImpl(CpuWork cpuWork) {
        this.cpuWork = cpuWork;
    }

    @Override
    public String echo(String payload) {
        cpuWork.perform();
        return payload;
    }

    @Override
    public Order echoOrder(Order order) {
        cpuWork.perform();
        return order;
    }
}
