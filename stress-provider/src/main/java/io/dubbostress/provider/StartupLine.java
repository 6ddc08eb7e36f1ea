package io.dubbostress.provider;

import io.dubbostress.api.StressTestService;
import java.util.List;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.config.spring.ServiceBean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;

/**
 * One line once the service is exported: what it listens on and how it is set up. Scripts wait for
 * {@value #READY_MARKER}.
 */
public class StartupLine implements ApplicationListener<ApplicationReadyEvent> {

    public static final String READY_MARKER = "stress-provider ready:";

    private static final Logger log = LoggerFactory.getLogger(StartupLine.class);

    private final ProviderSettings settings;

    public StartupLine(ProviderSettings settings) {
        this.settings = settings;
    }

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        String exported = "?";
        for (ServiceBean<?> bean : event.getApplicationContext().getBeansOfType(ServiceBean.class).values()) {
            List<URL> urls = bean.getExportedUrls();
            if (!urls.isEmpty() && StressTestService.class.getName().equals(bean.getInterface())) {
                exported = urls.get(0).getAddress();
            }
        }
        String host = settings.getHost();
        String bind = host.isEmpty() ? "0.0.0.0" : host;
        String line = String.format("%s protocol dubbo, port %d, advertised %s, bound to %s, serialization %s, "
                        + "registry %s, cpu iterations %d per call, threads %d",
                READY_MARKER, settings.getPort(), exported, bind, settings.getSerialization(),
                settings.isDirectConnect() ? "none (direct connect)" : settings.getRegistry(),
                settings.getCpuIterations(), settings.getThreads());
        log.info(line);
    }
}
