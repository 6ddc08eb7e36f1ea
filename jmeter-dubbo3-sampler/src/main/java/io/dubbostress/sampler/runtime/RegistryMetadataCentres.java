package io.dubbostress.sampler.runtime;

import java.lang.reflect.Field;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.metadata.report.MetadataReport;
import org.apache.dubbo.metadata.report.MetadataReportFactory;
import org.apache.dubbo.metadata.report.MetadataReportInstance;
import org.apache.dubbo.rpc.model.ApplicationModel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Each registry the sampler's references use is also their metadata centre, as a Dubbo 3 consumer with default
 * settings has it ({@code use-as-metadata-center}): application-level discovery reads the interface-to-application
 * mapping the providers wrote there (Nacos: config group {@code mapping}; ZooKeeper: {@code /<root>/mapping/<interface>}).
 * <p>
 * Dubbo sets its metadata centres up once, when the application starts, from the registries in its configuration;
 * the sampler's registries are its references' own and come one by one as samplers first run, so Dubbo never saw
 * them: without this every lookup said {@code No interface-apps mapping found in local cache} and application-level
 * only providers were {@code NO_PROVIDER} unless the address named them ({@code provided-by}). Each registry gets an
 * id ({@link #attach}); its metadata report is created as Dubbo's deployer creates it from a registry
 * ({@code registryAsMetadataCenter}: the registry's address, parameters, group, user and timeout) and filed under the
 * registry cluster name Dubbo then looks it up by. {@link #closeAll()} at test end destroys them.
 */
final class RegistryMetadataCentres {

    private static final Logger log = LoggerFactory.getLogger(RegistryMetadataCentres.class);

    /** The reports made, by the registry cluster key they are filed under. */
    private static final Map<String, MetadataReport> ATTACHED = new LinkedHashMap<>();

    private RegistryMetadataCentres() {
    }

    /**
     * Names the registry (its id, from its address and user, never its password) and makes sure its metadata report
     * exists before the reference subscribes. Its failure is the registry's (the same server).
     */
    static void attach(RegistryConfig registry) {
        String id = "dubbo-stress-" + Integer.toHexString((registry.getAddress() + "|" + registry.getUsername())
                .hashCode());
        registry.setId(id);
        ApplicationModel application = ApplicationModel.defaultModel();
        URL url = URL.valueOf(registry.getAddress());
        if (registry.getParameters() != null) {
            url = url.addParametersIfAbsent(registry.getParameters());
        }
        // the user as Dubbo hands it on: ZooKeeper's report reads the URL's user info, Nacos's its parameters
        String user = registry.getUsername() != null && !registry.getUsername().isEmpty() ? registry.getUsername()
                : url.getUsername();
        String password = registry.getPassword() != null && !registry.getPassword().isEmpty()
                ? registry.getPassword() : url.getPassword();
        // (as parameters for Nacos only: Dubbo logs a ZooKeeper report's URL with its parameters, not its user info)
        boolean nacos = "nacos".equals(url.getProtocol());
        if (user != null && !user.isEmpty()) {
            url = url.setUsername(user);
            url = nacos ? url.addParameterIfAbsent("username", user) : url;
        }
        if (password != null && !password.isEmpty()) {
            url = url.setPassword(password);
            url = nacos ? url.addParameterIfAbsent("password", password) : url;
        }
        if (registry.getTimeout() != null) {
            url = url.addParameterIfAbsent("timeout", String.valueOf(registry.getTimeout()));
        }
        url = url.addParameterIfAbsent("application", DubboRuntime.APPLICATION_NAME)
                .addParameter("file-cache", "false")
                // read only: the sampler's own definitions and metadata are not written into the users' registry
                .addParameter("report-definition", "false").addParameter("report-metadata", "false")
                .addParameter("report-consumer-definition", "false").addParameter("cycle-report", "false")
                .setScopeModel(application);
        String namespace = url.getParameter("namespace");
        String[] keys = namespace == null || namespace.isEmpty() ? new String[] {id}
                : new String[] {id, id + ":" + namespace};
        synchronized (ATTACHED) {
            if (ATTACHED.containsKey(id)) {
                return;
            }
        }
        // made outside the sampler's lock: a registry that is slow to answer holds no other registry's report
        MetadataReport report = application.getExtensionLoader(MetadataReportFactory.class).getAdaptiveExtension()
                .getMetadataReport(url);
        if (report == null) {
            return;
        }
        synchronized (ATTACHED) {
            boolean filed = changeReports(application, reports -> {
                for (String key : keys) {
                    reports.put(key, report);
                }
            });
            if (!filed) {
                log.warn("Dubbo's metadata reports could not be reached: application-level discovery through the"
                        + " mapping needs provided-by= in the address");
                return;
            }
            for (String key : keys) {
                ATTACHED.put(key, report);
            }
        }
    }

    /** Destroys the reports {@link #attach} made and forgets them (the next test connects with its own settings). */
    static void closeAll() {
        synchronized (ATTACHED) {
            closeAttached();
        }
    }

    private static void closeAttached() {
        if (ATTACHED.isEmpty()) {
            return;
        }
        ApplicationModel application = ApplicationModel.defaultModel();
        changeReports(application, reports -> reports.keySet().removeAll(ATTACHED.keySet()));
        for (String protocol : new String[] {"nacos", "zookeeper"}) {
            try {
                if (application.getExtensionLoader(MetadataReportFactory.class).hasExtension(protocol)) {
                    application.getExtensionLoader(MetadataReportFactory.class).getExtension(protocol).destroy();
                }
            } catch (RuntimeException | LinkageError e) {
                log.debug("Closing the {} metadata reports failed: {}", protocol, e.toString());
            }
        }
        ATTACHED.clear();
    }

    /**
     * Changes Dubbo's map of metadata reports (its {@code MetadataReportInstance.metadataReports}, a plain HashMap) by
     * replacing it with a changed copy, never in place: Dubbo iterates that map without a lock whenever a reference is
     * created ({@code MetadataUtils.publishServiceDefinition}), so a report filed while another thread's reference was
     * being created was a {@code ConcurrentModificationException}, logged by Dubbo as an ERROR with its stack in
     * jmeter.log (seen in OutsideProvidersIT: a direct tri:// reference created while a registry's report was
     * filed). An iteration under way keeps the map it started on. Dubbo itself writes the map only when the
     * application starts, before any sampler runs. Callers hold {@link #ATTACHED}.
     *
     * @return false when the map could not be reached (then nothing changed)
     */
    @SuppressWarnings("unchecked")
    private static boolean changeReports(ApplicationModel application, Consumer<Map<String, MetadataReport>> change) {
        try {
            MetadataReportInstance instance = application.getBeanFactory()
                    .getOrRegisterBean(MetadataReportInstance.class);
            Field field = MetadataReportInstance.class.getDeclaredField("metadataReports");
            field.setAccessible(true);
            Map<String, MetadataReport> copy = new HashMap<>((Map<String, MetadataReport>) field.get(instance));
            change.accept(copy);
            field.set(instance, copy);
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            log.debug("Dubbo's metadata reports could not be changed: {}", e.toString());
            return false;
        }
    }
}
