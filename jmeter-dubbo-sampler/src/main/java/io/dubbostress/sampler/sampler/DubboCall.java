package io.dubbostress.sampler.sampler;

import io.dubbostress.sampler.failure.ConfigurationException;
import io.dubbostress.sampler.runtime.DubboReference;
import io.dubbostress.sampler.runtime.EchoCheck;
import io.dubbostress.sampler.runtime.PortProtocol;
import io.dubbostress.sampler.failure.Failure;
import io.dubbostress.sampler.runtime.ReferenceCache;
import io.dubbostress.sampler.json.ResultJson;
import org.apache.jmeter.samplers.SampleResult;

/**
 * A Dubbo call (generic or typed) through the reference {@link ReferenceCache} shares for the plan's key: the first
 * sample of a thread looks the reference up (or creates it: its connect time), later ones reuse it.
 *
 * <pre>{@code
 * Call call = DubboCall.of(DubboPlan.of(fields, loader), loader);
 * Object answer = call.call(result);           // the reference's invoke
 * Failure failure = call.verdict(answer, result);  // the echo check, the answer's size and data
 * }</pre>
 */
final class DubboCall implements Call {

    private final DubboPlan plan;
    private final ClassLoader loader;
    private DubboReference reference;

    private DubboCall(DubboPlan plan, ClassLoader loader) {
        this.plan = plan;
        this.loader = loader;
    }

    static DubboCall of(DubboPlan plan, ClassLoader loader) {
        return new DubboCall(plan, loader);
    }

    @Override
    public String samplerData() {
        return plan.samplerData();
    }

    @Override
    public long sentBytes() {
        return plan.arguments().payloadBytes();
    }

    @Override
    public Object call(SampleResult result) throws Throwable {
        DubboPlan p = plan;
        DubboReference r = reference;
        if (r == null) {
            r = ReferenceCache.shared().obtain(p.key(), loader, DubboSampler.ADDRESS, DubboSampler.INTERFACE);
            reference = r;
            result.connectEnd(); // the reference's creation (or the wait for it) is this sample's connect time
        }
        return r.invoke(p.method(), p.arguments(), p.attachments());
    }

    /** Dubbo says nothing of its first byte: the sampler marks latency at the call's end. */
    @Override
    public boolean timesFirstByte() {
        return false;
    }

    @Override
    public Failure verdict(Object response, SampleResult result) {
        DubboPlan p = plan;
        // the payload of the result (a String: its length, exact for ASCII; else ResultJson.payloadBytes); Dubbo 2.7
        // does not expose frame sizes. The body size too, or JMeter counts the response data kept instead.
        long bytes = response instanceof String ? ((String) response).length() : ResultJson.payloadBytes(response);
        result.setBytes(bytes);
        result.setBodySize(bytes);
        if (p.echoCheck() && !EchoCheck.matches(p.arguments().first(), response)) {
            return Failure.of(Failure.MISMATCH, EchoCheck.describeMismatch(p.arguments().first(), response));
        }
        if (p.responseDataChars() != 0 && response != null) {
            // a String as it is; anything else as JSON (arrays, POJOs, maps, java.time), for JSON extractors
            ResponseData.keep(result, response instanceof String ? (String) response : ResultJson.write(response),
                    p.responseDataChars());
        }
        return null;
    }

    @Override
    public Failure failure(Throwable error, SampleResult result) {
        DubboPlan p = plan;
        Failure failure = error instanceof org.apache.dubbo.rpc.RpcException
                || error instanceof org.apache.dubbo.rpc.service.GenericException
                || error instanceof com.alibaba.dubbo.rpc.service.GenericException
                || error instanceof ConfigurationException || reference == null
                || !reference.typed() ? Failure.ofCall(error, p.key().interfaceName(), p.key().group(),
                p.key().version(), p.method(), p.arguments().typeNames()) : Failure.biz(error);
        if (failure.code().equals(Failure.TIMEOUT) || failure.code().equals(Failure.NETWORK)) {
            // a tri:// call to a dubbo port (or the other way) only times out: ask the port which protocol it speaks
            String wrong = PortProtocol.mismatch(p.key().address(), DubboSampler.ADDRESS, p.key().timeoutMs());
            if (wrong != null) {
                failure = Failure.of(Failure.CONFIG, wrong + " (the call " + (Failure.TIMEOUT.equals(failure.code())
                        ? "timed out" : "lost its connection") + ")");
            }
        }
        if (failure.code().equals(Failure.CONFIG) || failure.code().equals(Failure.JVM_ARGS)) {
            reference = null;
        }
        return failure; // the sampler pauses after failures that repeat without a call (FailurePause)
    }

    /** Nothing of this call's is the thread's own (the reference is shared): new fields make a new call. */
    @Override
    public Call replanned(SamplerFields fields, ClassLoader loader) {
        return null;
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
