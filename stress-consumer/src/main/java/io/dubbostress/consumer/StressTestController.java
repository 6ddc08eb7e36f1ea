package io.dubbostress.consumer;

import io.dubbostress.api.Payloads;
import io.dubbostress.api.StressTestService;
import io.dubbostress.api.hop.HopAttachments;
import java.util.Map;
import org.apache.dubbo.rpc.RpcContext;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The hop: take the cached payload of the asked size, call the provider, check the echo is identical.
 * 200 {@code {"ok":true,"size":N}} when it is; 502 with a one-line reason when the provider failed, timed out or
 * echoed something else; 400 for a bad size or a bad {@value HopAttachments#HEADER} header. The attachments that
 * header carries (the Dubbo Sampler's, {@link HopAttachments}) go on this request's Dubbo call, as strings, and on no
 * other: the thread's attachments are cleared after every call (Dubbo 2.7 leaves them on the thread for a reference
 * to one direct address). No per-request logging.
 */
@RestController
@RequestMapping("/stressTest")
public class StressTestController {

    private final StressTestService service;
    private final int maxSizeBytes;

    public StressTestController(StressTestService service, ConsumerSettings settings) {
        this.service = service;
        this.maxSizeBytes = Math.min(settings.getMaxSizeBytes(), Payloads.MAX_SIZE_BYTES);
    }

    @GetMapping("/string1k")
    public ResponseEntity<String> string1k(@RequestHeader(name = HopAttachments.HEADER, required = false)
            String attachments) {
        return echo(Payloads.ONE_KIB, attachments);
    }

    @GetMapping("/string100k")
    public ResponseEntity<String> string100k(@RequestHeader(name = HopAttachments.HEADER, required = false)
            String attachments) {
        return echo(Payloads.HUNDRED_KIB, attachments);
    }

    @GetMapping("/echo")
    public ResponseEntity<String> echo(@RequestParam(name = "size", required = false) String size,
            @RequestHeader(name = HopAttachments.HEADER, required = false) String attachments) {
        if (size == null || size.isEmpty()) {
            return respond(HttpStatus.BAD_REQUEST, EchoResult.badRequest("size is required: /stressTest/echo?size=N"
                    + " with N in 0.." + maxSizeBytes));
        }
        int bytes;
        try {
            bytes = Integer.parseInt(size.trim());
        } catch (NumberFormatException e) {
            return respond(HttpStatus.BAD_REQUEST, EchoResult.badRequest("size must be an integer 0.." + maxSizeBytes
                    + ", was '" + size + "'"));
        }
        if (bytes < 0 || bytes > maxSizeBytes) {
            return respond(HttpStatus.BAD_REQUEST, EchoResult.badRequest("size must be 0.." + maxSizeBytes
                    + " bytes, was " + bytes));
        }
        return echo(bytes, attachments);
    }

    private ResponseEntity<String> echo(int size, String attachmentsHeader) {
        Map<String, String> attachments;
        try {
            attachments = HopAttachments.decode(attachmentsHeader);
        } catch (IllegalArgumentException e) {
            return respond(HttpStatus.BAD_REQUEST, EchoResult.badRequest(e.getMessage()));
        }
        String payload = Payloads.ofSize(size);
        String echoed;
        try {
            if (!attachments.isEmpty()) {
                RpcContext context = RpcContext.getContext();
                attachments.forEach(context::setAttachment);
            }
            echoed = service.echo(payload);
        } catch (RuntimeException e) {
            return respond(HttpStatus.BAD_GATEWAY, EchoResult.failed(size, EchoResult.describe(e)));
        } finally {
            RpcContext.getContext().clearAttachments();
        }
        if (!payload.equals(echoed)) {
            String got = echoed == null ? "null" : echoed.length() + " chars";
            return respond(HttpStatus.BAD_GATEWAY, EchoResult.failed(size,
                    "MISMATCH: provider echoed " + got + " that differ from the " + size + "-byte payload"));
        }
        return respond(HttpStatus.OK, EchoResult.ok(size));
    }

    private static ResponseEntity<String> respond(HttpStatus status, String body) {
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(body);
    }
}
