package io.dubbostress.sampler.idl;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.sampler.failure.Failure;
import org.junit.jupiter.api.Test;

/** gRPC statuses as the sampler's failure codes, as triple's statuses map (docs/SAMPLER.md). */
class GrpcStatusTest {

    @Test
    void everyStatusHasItsCode() {
        String[] expected = {"BIZ", "RPC", "BIZ", "BIZ", "TIMEOUT", "BIZ", "BIZ", "FORBIDDEN", "OVERLOAD", "BIZ", "BIZ",
            "BIZ", "NO_PROVIDER", "PROVIDER_ERROR", "NETWORK", "PROVIDER_ERROR", "FORBIDDEN"};
        for (int code = 1; code <= 16; code++) {
            assertThat(GrpcStatus.failureCode(code)).as(GrpcStatus.name(code)).isEqualTo(expected[code]);
        }
        assertThat(GrpcStatus.name(12)).isEqualTo("UNIMPLEMENTED");
        assertThat(GrpcStatus.name(99)).isEqualTo("status 99");
    }

    @Test
    void theMessageNamesStatusMethodAndText() {
        Failure f = GrpcStatus.failure(5, "no such order", "x.S/M", false);
        assertThat(f.code()).isEqualTo("BIZ");
        assertThat(f.message()).isEqualTo("NOT_FOUND (grpc-status 5) from x.S/M: no such order");
        Failure missing = GrpcStatus.failure(12, "Method not found: x.S/M", "x.S/M", true);
        assertThat(missing.code()).isEqualTo("NO_PROVIDER");
        assertThat(missing.message()).isEqualTo("the server does not serve x.S/M (UNIMPLEMENTED (grpc-status 12) from"
                + " x.S/M: Method not found: x.S/M): check the service and method names, the version and the group");
    }

    @Test
    void grpcMessagesArePercentDecodedUtf8() {
        assertThat(GrpcStatus.decodeMessage("caf%C3%A9 %25 done")).isEqualTo("café % done");
        assertThat(GrpcStatus.decodeMessage("plain")).isEqualTo("plain");
    }

    @Test
    void httpStatusesWithoutGrpcStatusMapAsGrpcSays() {
        assertThat(GrpcStatus.fromHttpStatus(404)).isEqualTo(12);
        assertThat(GrpcStatus.fromHttpStatus(503)).isEqualTo(14);
        assertThat(GrpcStatus.fromHttpStatus(401)).isEqualTo(16);
        assertThat(GrpcStatus.fromHttpStatus(500)).isEqualTo(2);
    }
}
