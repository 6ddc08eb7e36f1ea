package io.dubbostress.sampler.sampler;

import io.dubbostress.sampler.failure.Failure;
import io.dubbostress.sampler.hop.HopClient;
import io.dubbostress.sampler.hop.HopRequest;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import org.apache.jmeter.samplers.SampleResult;

/**
 * The consumer hop: a GET over this thread's own keep-alive connection ({@link HopClient}), connect and first-byte
 * times marked on the sample. New fields keep the connection ({@link #replanned}).
 *
 * <pre>{@code
 * Call call = HopCall.of(HopPlan.of(fields, loader));
 * call.call(result);                           // the exchange: connect, write, read the answer
 * Failure failure = call.verdict(null, result);    // status 200, the check, the body kept
 * }</pre>
 */
final class HopCall implements Call, HopClient.Timing {

    private static final byte[] OK_TRUE = "\"ok\":true".getBytes(StandardCharsets.US_ASCII);

    private final HopPlan plan;
    private final HopClient client;
    /** The sample being timed, for the client's callbacks. */
    private SampleResult timed;
    private volatile boolean inFlight;

    private HopCall(HopPlan plan, HopClient client) {
        this.plan = plan;
        this.client = client;
    }

    static HopCall of(HopPlan plan) {
        return new HopCall(plan, new HopClient());
    }

    @Override
    public String samplerData() {
        return plan.samplerData();
    }

    @Override
    public long sentBytes() {
        return plan.request().length();
    }

    /** The exchange; the answer stays in the client for {@link #verdict}. */
    @Override
    public Object call(SampleResult result) throws Throwable {
        timed = result;
        inFlight = true;
        try {
            client.exchange(plan.request(), plan.timeoutMs(), this);
        } finally {
            inFlight = false;
            timed = null;
        }
        return null;
    }

    @Override
    public boolean timesFirstByte() {
        return true;
    }

    @Override
    public Failure verdict(Object answer, SampleResult result) {
        HopPlan p = plan;
        HopRequest request = p.request();
        result.setBytes(client.receivedBytes());
        Failure failure = null;
        int status = client.status();
        if (status != 200) {
            failure = Failure.of(String.valueOf(status), "HTTP " + status + " from " + request.url() + ": "
                    + client.bodyLine(300));
        } else if (p.echoCheck() && !client.bodyContains(OK_TRUE)) {
            failure = Failure.of(Failure.MISMATCH, "no \"ok\":true in the answer of " + request.url() + ": "
                    + client.bodyLine(300));
        }
        int keep = p.responseDataChars();
        if (keep != 0) {
            result.setResponseData(client.body(keep < 0 ? HopClient.BODY_KEPT_BYTES : keep));
        }
        return failure;
    }

    @Override
    public Failure failure(Throwable error, SampleResult result) {
        String code = error instanceof SocketTimeoutException ? Failure.TIMEOUT : Failure.NETWORK;
        return Failure.of(code, plan.request().url() + ": " + error);
    }

    /** The same connection for new fields that still name the hop. */
    @Override
    public Call replanned(SamplerFields fields, ClassLoader loader) {
        return HopPlan.names(fields) ? new HopCall(HopPlan.of(fields, loader), client) : null;
    }

    @Override
    public void connected() {
        SampleResult r = timed;
        if (r != null) {
            r.connectEnd();
        }
    }

    @Override
    public void firstByte() {
        SampleResult r = timed;
        if (r != null) {
            r.latencyEnd();
        }
    }

    /** Closes the connection of a call in flight: the read fails at once. */
    @Override
    public boolean interrupt() {
        if (inFlight) {
            client.close();
            return true;
        }
        return false;
    }

    @Override
    public void close() {
        client.close();
    }
}
