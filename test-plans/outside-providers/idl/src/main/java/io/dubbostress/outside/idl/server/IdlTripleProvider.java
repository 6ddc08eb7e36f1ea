package io.dubbostress.outside.idl.server;

import io.dubbostress.outside.idl.DubboOrderServiceTriple;
import io.dubbostress.outside.idl.EchoMessage;
import io.dubbostress.outside.idl.FailRequest;
import io.dubbostress.outside.idl.Order;
import io.dubbostress.outside.idl.OrderService;
import io.dubbostress.outside.idl.PlaceOrderReply;
import io.dubbostress.outside.idl.SlowRequest;
import io.dubbostress.outside.idl.TrackRequest;
import io.dubbostress.outside.idl.TrackUpdate;
import java.util.Arrays;
import org.apache.dubbo.common.Version;
import org.apache.dubbo.common.stream.StreamObserver;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.rpc.TriRpcStatus;

/**
 * The IDL service as a Dubbo 3.3 triple provider writes it: the triple generator's {@code OrderServiceImplBase},
 * exported with Dubbo's plain API over {@code tri} (and, to have a port that does not speak HTTP/2, over {@code dubbo}
 * too), no registry; plus the same service in group {@code gold}, version {@code 2.0.0}, whose echo prefixes the text
 * with {@code gold-2.0.0:}. Prints {@code idl-triple-provider ready dubbo=<version> tri=<port> dubbo=<port>}.
 *
 * <pre>{@code
 * java -cp outside-idl.jar:<dubbo 3.3 class path> io.dubbostress.outside.idl.server.IdlTripleProvider 50051 20880
 * }</pre>
 */
public final class IdlTripleProvider {

    private IdlTripleProvider() {
    }

    /** The service; {@code prefix} goes before an echoed text. */
    static final class Service extends DubboOrderServiceTriple.OrderServiceImplBase {
        private final String prefix;

        Service(String prefix) {
            this.prefix = prefix;
        }

        @Override
        public PlaceOrderReply place(Order request) {
            return Orders.place(request);
        }

        @Override
        public EchoMessage echo(EchoMessage request) {
            return prefix.isEmpty() ? request : request.toBuilder().setText(prefix + request.getText()).build();
        }

        @Override
        public void track(TrackRequest request, StreamObserver<TrackUpdate> responseObserver) {
            for (TrackUpdate update : Orders.track(request)) {
                responseObserver.onNext(update);
            }
            responseObserver.onCompleted();
        }

        @Override
        public EchoMessage fail(FailRequest request) {
            if (request.getCode() == 0) {
                throw new IllegalStateException(Orders.unexpected(request.getMessage()));
            }
            throw TriRpcStatus.fromCode(request.getCode()).withDescription(request.getMessage()).asException();
        }

        @Override
        public EchoMessage slow(SlowRequest request) {
            return Orders.slow(request.getMillis());
        }
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 2) {
            System.err.println("usage: IdlTripleProvider <tri port> <dubbo port>");
            System.exit(2);
        }
        ApplicationConfig application = new ApplicationConfig("idl-triple-provider");
        application.setQosEnable(false);
        ProtocolConfig tri = new ProtocolConfig("tri", Integer.parseInt(args[0]));
        ProtocolConfig dubbo = new ProtocolConfig("dubbo", Integer.parseInt(args[1]));
        export(new Service(""), null, null, application, tri, dubbo);
        export(new Service("gold-2.0.0:"), "2.0.0", "gold", application, tri, dubbo);
        System.out.println("idl-triple-provider ready dubbo=" + Version.getVersion() + " tri=" + args[0] + " dubbo="
                + args[1]);
        System.out.flush();
        Thread.currentThread().join(); // until the test kills it
    }

    private static void export(Service implementation, String version, String group, ApplicationConfig application,
            ProtocolConfig... protocols) {
        ServiceConfig<OrderService> service = new ServiceConfig<>();
        service.setApplication(application);
        service.setProtocols(Arrays.asList(protocols));
        service.setRegistry(new RegistryConfig(RegistryConfig.NO_AVAILABLE));
        service.setInterface(OrderService.class);
        service.setRef(implementation);
        if (version != null) {
            service.setVersion(version);
            service.setGroup(group);
        }
        service.export();
    }
}
