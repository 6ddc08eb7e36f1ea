package io.dubbostress.sampler.idl;

import io.dubbostress.sampler.browse.BrowseException;
import io.dubbostress.sampler.browse.BrowsedService;
import java.util.List;

/**
 * Browsing protobuf IDL services in jmeter-dubbo-sampler, the Dubbo 2.7 jar: not here (jmeter-dubbo3-sampler has an
 * {@code IdlBrowser} of the same name that reads .proto files and gRPC server reflection).
 */
public final class IdlBrowser {

    private IdlBrowser() {
    }

    /** Never a list: says which jar browses IDL services. */
    public static List<BrowsedService> browse(String address, String protoFiles, String protoPath, String caFile,
            int timeoutMs) throws BrowseException {
        throw new BrowseException("Browsing protobuf IDL services (grpc://, or tri:// with invocation idl) needs"
                + " jmeter-dubbo3-sampler in lib/ext; this jar, jmeter-dubbo-sampler, is the Dubbo 2.7 client");
    }
}
