package io.dubbostress.sampler.sampler;

import io.dubbostress.sampler.call.ConfigurationException;
import io.dubbostress.sampler.call.DubboReference;
import io.dubbostress.sampler.call.EchoCheck;
import io.dubbostress.sampler.call.Failure;
import io.dubbostress.sampler.call.ReferenceCache;
import io.dubbostress.sampler.json.ResultJson;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.util.JMeterUtils;

/**
 * A Dubbo call (generic or typed) through the reference {@link ReferenceCache} shares for the plan's key: the first
 * sample of a thread looks the reference up (or creates it: its connect time), later ones reuse it.
 */
final class DubboCall implements Call {

    /**
     * JMeter property: how long a thread pauses after a {@code NETWORK} failure (a dead provider refuses connections
     * in microseconds, and without a pause one thread recorded ~4,000 failed samples a second), ms; 0: no pause. The
     * pause is after the sample's end, so no sample's elapsed time includes it.
     */
    static final String NETWORK_FAILURE_PAUSE_PROPERTY = "dubbo.sampler.network_failure_pause_ms";
    static final long NETWORK_FAILURE_PAUSE_DEFAULT_MS = 100;

    private final CallPlan plan;
    private final ClassLoader loader;
    private DubboReference reference;

    DubboCall(CallPlan plan, ClassLoader loader) {
        this.plan = plan;
        this.loader = loader;
    }

    @Override
    public void sample(SampleResult result) {
        CallPlan p = plan;
        Object response = null;
        Throwable error = null;
        result.sampleStart();
        long start = System.nanoTime();
        try {
            DubboReference r = reference;
            if (r == null) {
                r = ReferenceCache.shared().obtain(p.key(), loader, DubboSampler.ADDRESS, DubboSampler.INTERFACE);
                reference = r;
                result.connectEnd(); // the reference's creation (or the wait for it) is this sample's connect time
            }
            response = r.invoke(p.method(), p.arguments(), p.attachments());
        } catch (Throwable t) { // NOSONAR: every failure becomes a failed sample, the test goes on
            error = t;
        }
        long end = System.nanoTime();
        result.latencyEnd();
        SampleRecording.end(result, start, end);
        result.setSentBytes(p.arguments().payloadBytes());
        if (error != null) {
            Failure failure = error instanceof org.apache.dubbo.rpc.RpcException
                    || error instanceof org.apache.dubbo.rpc.service.GenericException
                    || error instanceof com.alibaba.dubbo.rpc.service.GenericException
                    || error instanceof ConfigurationException || reference == null
                    || !reference.typed() ? Failure.ofCall(error, p.key().interfaceName(), p.key().group(),
                    p.key().version(), p.method(), p.arguments().typeNames()) : Failure.biz(error);
            SampleRecording.fail(result, failure);
            if (failure.code().equals(Failure.CONFIG) || failure.code().equals(Failure.JVM_ARGS)) {
                reference = null;
            }
            if (failure.code().equals(Failure.NETWORK) || failure.code().equals(Failure.REGISTRY)) {
                pauseAfterNetworkFailure();
            }
            return;
        }
        // the payload of the result (a String: its length, exact for ASCII; else ResultJson.payloadBytes); Dubbo 2.7
        // does not expose frame sizes. The body size too, or JMeter counts the response data kept instead.
        long bytes = response instanceof String ? ((String) response).length() : ResultJson.payloadBytes(response);
        result.setBytes(bytes);
        result.setBodySize(bytes);
        if (p.echoCheck() && !EchoCheck.matches(p.arguments().first(), response)) {
            SampleRecording.fail(result, Failure.of(Failure.MISMATCH,
                    EchoCheck.describeMismatch(p.arguments().first(), response)));
            return;
        }
        SampleRecording.succeed(result);
        if (p.responseDataChars() != 0 && response != null) {
            // a String as it is; anything else as JSON (arrays, POJOs, maps, java.time), for JSON extractors
            SampleRecording.keepResponse(result, response instanceof String ? (String) response
                    : ResultJson.write(response), p.responseDataChars());
        }
    }

    /**
     * Bounds what a dead provider costs: at most one sample per pause per thread (10 a second by default), each
     * still a failed {@code NETWORK} sample. Ends early when the thread is interrupted (Stop).
     */
    static void pauseAfterNetworkFailure() {
        long pauseMs = JMeterUtils.getPropDefault(NETWORK_FAILURE_PAUSE_PROPERTY, NETWORK_FAILURE_PAUSE_DEFAULT_MS);
        if (pauseMs <= 0) {
            return;
        }
        try {
            Thread.sleep(pauseMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A Dubbo call ends at its timeout: nothing to cut. */
    @Override
    public boolean interrupt() {
        return false;
    }

    /** The reference is shared by every thread and destroyed at test end, not here. */
    @Override
    public void close() {
        reference = null;
    }
}
