package io.dubbostress.sampler.idl;

import io.dubbostress.sampler.failure.Failure;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * gRPC's status codes (the {@code grpc-status} trailer) and what each means as a failed sample, as the sampler maps a
 * triple call's status ({@code docs/SAMPLER.md}, failure codes): the server does not serve the method
 * ({@code UNIMPLEMENTED}) {@code NO_PROVIDER}; refused ({@code PERMISSION_DENIED}, {@code UNAUTHENTICATED})
 * {@code FORBIDDEN}; {@code DEADLINE_EXCEEDED} {@code TIMEOUT}; {@code UNAVAILABLE} {@code NETWORK};
 * {@code RESOURCE_EXHAUSTED} {@code OVERLOAD}; {@code INTERNAL} and {@code DATA_LOSS} {@code PROVIDER_ERROR}; the
 * service's own answers ({@code UNKNOWN}: its method threw; {@code INVALID_ARGUMENT}, {@code NOT_FOUND},
 * {@code ALREADY_EXISTS}, {@code FAILED_PRECONDITION}, {@code ABORTED}, {@code OUT_OF_RANGE}) {@code BIZ};
 * {@code CANCELLED} {@code RPC}. The message always names the status, its number, the method and the server's text.
 */
final class GrpcStatus {

    static final int OK = 0;
    static final int UNKNOWN = 2;
    static final int UNIMPLEMENTED = 12;

    private static final String[] NAMES = {"OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED",
        "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED",
        "OUT_OF_RANGE", "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED"};

    private GrpcStatus() {
    }

    static String name(int code) {
        return code >= 0 && code < NAMES.length ? NAMES[code] : "status " + code;
    }

    /** The response code a status is recorded with. */
    static String failureCode(int code) {
        switch (code) {
            case UNIMPLEMENTED:
                return "NO_PROVIDER";
            case 7: // PERMISSION_DENIED
            case 16: // UNAUTHENTICATED
                return Failure.FORBIDDEN;
            case 4: // DEADLINE_EXCEEDED
                return Failure.TIMEOUT;
            case 14: // UNAVAILABLE
                return Failure.NETWORK;
            case 8: // RESOURCE_EXHAUSTED
                return Failure.OVERLOAD;
            case 13: // INTERNAL
            case 15: // DATA_LOSS
                return "PROVIDER_ERROR";
            case 1: // CANCELLED
                return "RPC";
            default: // UNKNOWN, INVALID_ARGUMENT, NOT_FOUND, ALREADY_EXISTS, FAILED_PRECONDITION, ABORTED, OUT_OF_RANGE
                return "BIZ";
        }
    }

    /** The failed sample for a non-OK status of {@code method} ({@code pkg.Service/Method}). */
    static Failure failure(int code, String message, String method, boolean triple) {
        String text = name(code) + " (grpc-status " + code + ") from " + method + (message == null || message.isEmpty()
                ? "" : ": " + message);
        if (code == UNIMPLEMENTED) {
            text = "the server does not serve " + method + " (" + text + "): check the service and method names"
                    + (triple ? ", the version and the group" : "");
        }
        return Failure.of(failureCode(code), text);
    }

    /** gRPC's {@code grpc-message}: percent-encoded UTF-8. */
    static String decodeMessage(String encoded) {
        if (encoded.indexOf('%') < 0) {
            return encoded;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(encoded.length());
        for (int i = 0; i < encoded.length(); i++) {
            char c = encoded.charAt(i);
            if (c == '%' && i + 2 < encoded.length()) {
                try {
                    out.write(Integer.parseInt(encoded.substring(i + 1, i + 3), 16));
                    i += 2;
                    continue;
                } catch (NumberFormatException e) {
                    // kept as it is
                }
            }
            out.write(c);
        }
        return new String(out.toByteArray(), StandardCharsets.UTF_8);
    }

    /**
     * What an HTTP status without a grpc-status means, by gRPC's mapping (gRPC's "HTTP to gRPC status code mapping"):
     * 400 INTERNAL, 401 UNAUTHENTICATED, 403 PERMISSION_DENIED, 404 UNIMPLEMENTED, 429, 502, 503, 504 UNAVAILABLE,
     * anything else UNKNOWN.
     */
    static int fromHttpStatus(int http) {
        switch (http) {
            case 400:
                return 13;
            case 401:
                return 16;
            case 403:
                return 7;
            case 404:
                return UNIMPLEMENTED;
            case 429:
            case 502:
            case 503:
            case 504:
                return 14;
            default:
                return UNKNOWN;
        }
    }
}
