package io.dubbostress.sampler.sampler;

import io.dubbostress.sampler.call.ConfigurationException;
import io.dubbostress.sampler.call.DubboReference;
import io.dubbostress.sampler.call.EchoCheck;
import io.dubbostress.sampler.call.Failure;
import io.dubbostress.sampler.call.ReferenceCache;
import io.dubbostress.sampler.json.ResultJson;
import org.apache.jmeter.samplers.SampleResult;

/**
 * A Dubbo call (generic or typed) through the reference {@link ReferenceCache} shares for the plan's key: the first
 * sample of a thread looks the reference up (or creates it: its connect time), later ones reuse it.
 */
final class DubboCall implements Call {

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
            return; // the sampler pauses after failures that repeat without a call (FailurePause)
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
