package io.dubbostress.sampler.sampler;

import io.dubbostress.sampler.call.Failure;
import io.dubbostress.sampler.hop.HopClient;
import io.dubbostress.sampler.hop.HopRequest;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import org.apache.jmeter.samplers.SampleResult;

/**
 * The consumer hop: a GET over this thread's own keep-alive connection ({@link HopClient}), connect and first-byte
 * times recorded on the sample. A plan change keeps the connection ({@link #over}).
 */
final class HopCall implements Call, HopClient.Timing {

    private static final byte[] OK_TRUE = "\"ok\":true".getBytes(StandardCharsets.US_ASCII);

    private final CallPlan plan;
    private final HopClient client;
    /** The sample being timed, for the client's callbacks. */
    private SampleResult timed;
    private volatile boolean inFlight;

    private HopCall(CallPlan plan, HopClient client) {
        this.plan = plan;
        this.client = client;
    }

    /** A hop call for {@code plan} that keeps the connection of {@code previous} when it was a hop call too. */
    static HopCall over(CallPlan plan, Call previous) {
        return new HopCall(plan, previous instanceof HopCall ? ((HopCall) previous).client : new HopClient());
    }

    @Override
    public void sample(SampleResult result) {
        CallPlan p = plan;
        HopRequest request = p.hopRequest();
        IOException error = null;
        timed = result;
        inFlight = true;
        result.sampleStart();
        long start = System.nanoTime();
        try {
            client.exchange(request, p.timeoutMs(), this);
        } catch (IOException e) {
            error = e;
        } finally {
            inFlight = false;
        }
        long end = System.nanoTime();
        if (error != null && result.getLatency() == 0) {
            result.latencyEnd();
        }
        SampleRecording.end(result, start, end);
        timed = null;
        result.setSentBytes(request.length());
        if (error != null) {
            String code = error instanceof SocketTimeoutException ? Failure.TIMEOUT : Failure.NETWORK;
            SampleRecording.fail(result, Failure.of(code, request.url() + ": " + error));
            return;
        }
        result.setBytes(client.receivedBytes());
        int status = client.status();
        if (status != 200) {
            SampleRecording.fail(result, Failure.of(String.valueOf(status), "HTTP " + status + " from "
                    + request.url() + ": " + client.bodyLine(300)));
        } else if (p.echoCheck() && !client.bodyContains(OK_TRUE)) {
            SampleRecording.fail(result, Failure.of(Failure.MISMATCH, "no \"ok\":true in the answer of "
                    + request.url() + ": " + client.bodyLine(300)));
        } else {
            result.setSuccessful(true);
            result.setResponseCode("200");
            result.setResponseMessageOK();
        }
        int keep = p.responseDataChars();
        if (keep != 0) {
            result.setResponseData(client.body(keep < 0 ? HopClient.BODY_KEPT_BYTES : keep));
        }
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
