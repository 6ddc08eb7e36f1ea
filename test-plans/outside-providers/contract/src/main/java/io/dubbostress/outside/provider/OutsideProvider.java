package io.dubbostress.outside.provider;

import io.dubbostress.outside.api.ShopService;
import io.dubbostress.outside.api.UserService;
import java.util.ArrayList;
import java.util.List;
import org.apache.dubbo.common.Version;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;

/**
 * A provider as its owners would write it with Dubbo's plain API, run from whatever Dubbo version is on the class
 * path (the suite runs it with 2.7.23, 3.2 and 3.3; Dubbo 2.6, whose API lives in {@code com.alibaba.dubbo}, exports
 * the same services from {@code dubbo-2.6/provider.xml}): hessian2 over the dubbo protocol, no registry. Exports
 * <ul>
 * <li>{@link ShopService} without version or group, as {@code 2.0.0} in group {@code gold}, and in group
 *     {@code secure} with {@code token=true};</li>
 * <li>{@link UserService};</li>
 * <li>when the reference consumer's API jar ({@code stress-api}) is on the class path, its
 *     {@code io.dubbostress.api.StressTestService} ({@link AttachmentEcho}: its echo answers the argument and prints
 *     the attachments it received), for the hop.</li>
 * </ul>
 * Prints {@code outside-provider ready dubbo=<version> port=<port>} when every service is exported.
 *
 * With a registry address as second argument every service is also registered there (Dubbo 3: as its default,
 * interface-level and application-level, or only one of them with
 * {@code -Ddubbo.application.register-mode=interface|instance}). Give Dubbo 3 the same address as
 * {@code -Ddubbo.registry.address=...} too, as a Spring Boot provider's {@code dubbo.registry.address} does: the
 * application's registry is then its metadata centre, where it writes the interface-to-application mapping that
 * consumers of application-level registrations need (without it Dubbo logs {@code No valid metadata config center
 * found for mapping report}).
 * On Dubbo 3, {@code -Doutside.tri.port=N} exports every service over the triple protocol too (hessian2, on port N).
 *
 * <pre>{@code
 * java -cp outside-contract.jar:<dubbo class path> io.dubbostress.outside.provider.OutsideProvider 20880
 * }</pre>
 */
public final class OutsideProvider {

    private OutsideProvider() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length < 1 || args.length > 2 || !args[0].matches("[0-9]{1,5}")) {
            System.err.println("usage: OutsideProvider <port> [registry address, e.g. zookeeper://127.0.0.1:2181]");
            System.exit(2);
        }
        int port = Integer.parseInt(args[0]);
        ApplicationConfig application = new ApplicationConfig("outside-provider");
        application.setQosEnable(false);
        ProtocolConfig protocol = new ProtocolConfig("dubbo", port);
        protocol.setSerialization("hessian2");
        RegistryConfig registry = new RegistryConfig(args.length == 2 ? args[1] : RegistryConfig.NO_AVAILABLE);
        List<ProtocolConfig> protocols = new ArrayList<>();
        protocols.add(protocol);
        String triPort = System.getProperty("outside.tri.port");
        if (triPort != null) {
            ProtocolConfig tri = new ProtocolConfig("tri", Integer.parseInt(triPort));
            tri.setSerialization("hessian2");
            protocols.add(tri);
        }

        export(ShopService.class, new Shop("plain"), null, null, null, application, protocols, registry);
        export(ShopService.class, new Shop("gold-2.0.0"), "2.0.0", "gold", null, application, protocols, registry);
        export(ShopService.class, new Shop("secure"), null, "secure", "true", application, protocols, registry);
        export(UserService.class, new Users(), null, null, null, application, protocols, registry);
        if (onClassPath("io.dubbostress.api.StressTestService")) {
            // the reference consumer's contract, when its API jar is here: the hop's provider side
            export(io.dubbostress.api.StressTestService.class, new AttachmentEcho(), null, null, null, application,
                    protocols, registry);
        }
        System.out.println("outside-provider ready dubbo=" + Version.getVersion() + " port=" + port
                + (triPort == null ? "" : " tri=" + triPort));
        System.out.flush();
        Thread.currentThread().join(); // until the test kills it
    }

    private static boolean onClassPath(String className) {
        try {
            Class.forName(className, false, OutsideProvider.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    private static <T> void export(Class<T> type, T implementation, String version, String group, String token,
            ApplicationConfig application, List<ProtocolConfig> protocols, RegistryConfig registry) {
        ServiceConfig<T> service = new ServiceConfig<>();
        service.setApplication(application);
        service.setProtocols(protocols);
        service.setRegistry(registry);
        service.setInterface(type);
        service.setRef(implementation);
        if (version != null) {
            service.setVersion(version);
        }
        if (group != null) {
            service.setGroup(group);
        }
        if (token != null) {
            service.setToken(token);
        }
        service.export();
    }
}
