package io.dubbostress.sampler.idl;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import io.dubbostress.sampler.failure.ConfigurationException;
import io.dubbostress.sampler.runtime.EchoCheck;
import io.dubbostress.sampler.failure.Failure;
import io.dubbostress.sampler.json.JsonValues;
import io.dubbostress.sampler.sampler.Call;
import io.dubbostress.sampler.sampler.DubboSampler;
import io.dubbostress.sampler.sampler.ResponseData;
import io.dubbostress.sampler.sampler.SamplerFields;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;

/**
 * One thread's IDL calls for an {@link IdlPlan}: a stream on the target's shared {@link GrpcConnection} per sample
 * (the first sample of the thread obtains the connection: its connect time; without {@code .proto} files it also asks
 * the server's reflection for the types once), the prepared request written as it is, the answer's status mapped to
 * the sampler's failure codes ({@link GrpcStatus}). The answer is decoded only when its data is kept or an echo check
 * finds its bytes differ from the request's, and printed as JSON only when its data is kept. A server-streaming call
 * ends with the last message (its trailers): elapsed is the time to the last message, latency to the first, and
 * {@value #MESSAGES_VARIABLE} counts them. As every {@link Call}, it does only the call: the sampler keeps the clock
 * and records the verdict this class returns.
 */
final class IdlCall implements Call {

    /** The JMeter variable each IDL sample sets: the messages the server answered (1 for a unary call). */
    static final String MESSAGES_VARIABLE = "grpc_messages";

    private final IdlPlan plan;
    private GrpcConnection connection;
    private volatile GrpcExchange inFlight;
    // the last call's, for its verdict (a thread's own call: one sample at a time)
    private IdlPlan.Resolved resolved;
    private boolean sent;
    private boolean done;
    private boolean atTheDeadline;

    IdlCall(IdlPlan plan) {
        this.plan = plan;
    }

    @Override
    public String samplerData() {
        return plan.samplerData();
    }

    /** The request message's bytes, once the request went out. */
    @Override
    public long sentBytes() {
        return sent ? resolved.requestFrame.length - 5 : 0;
    }

    /**
     * Obtains the connection (this sample's connect time) and the method's types when they are not known yet, writes
     * the request and waits for the answer until the deadline; the answer (or its absence) stays in the exchange.
     */
    @Override
    public Object call(SampleResult result) throws Throwable {
        IdlPlan p = plan;
        long start = System.nanoTime();
        sent = false;
        GrpcConnection c = connection;
        IdlPlan.Resolved r = p.resolved();
        if (c == null || !c.usable()) {
            c = GrpcConnections.shared().obtain(p.address, p.ssl, p.tlsKey, p.timeoutMs);
            connection = c;
            if (r == null) {
                r = p.resolve(c);
                result.setSamplerData(p.samplerData());
            }
            result.connectEnd();
        } else if (r == null) {
            r = p.resolve(c);
        }
        resolved = r;
        long callStart = System.nanoTime(); // the deadline counts from the call, as for a Dubbo call after connecting
        GrpcExchange exchange = c.start(r.headers, r.requestFrame, IdlPlan.MAX_RESPONSE_BYTES);
        sent = true;
        inFlight = exchange;
        boolean answered = exchange.await(callStart + TimeUnit.MILLISECONDS.toNanos(p.timeoutMs));
        inFlight = null;
        if (!answered) {
            exchange.cancel();
        }
        long end = System.nanoTime();
        long first = exchange.firstResponseNanos();
        if (first != 0) { // the first message, also of a stream cut at the deadline
            result.setLatency(Math.max(0, (first - start + 500_000) / 1_000_000));
        } else {
            result.latencyEnd();
        }
        done = answered;
        // a server whose deadline (our grpc-timeout) passed first may reset the stream instead of answering
        // DEADLINE_EXCEEDED (grpc-java's server does): that is the timeout too
        atTheDeadline = end - callStart >= TimeUnit.MILLISECONDS.toNanos(p.timeoutMs) * 9 / 10;
        return exchange;
    }

    /** The first message marks latency (or the end, when none came). */
    @Override
    public boolean timesFirstByte() {
        return true;
    }

    @Override
    public Failure verdict(Object answer, SampleResult result) {
        IdlPlan p = plan;
        IdlPlan.Resolved r = resolved;
        GrpcExchange exchange = (GrpcExchange) answer;
        putMessages(-1);
        String method = p.serviceName + "/" + p.methodName;
        if (done && exchange.ending == GrpcExchange.Ending.FAILED && atTheDeadline
                && exchange.failure.startsWith(GrpcConnection.RESET_BY_SERVER + "CANCEL")) {
            return Failure.of(Failure.TIMEOUT, "no answer from " + method + " at " + p.address + " within "
                    + p.timeoutMs + " ms (the server cancelled the stream at the deadline it was sent)");
        }
        if (!done || exchange.ending == GrpcExchange.Ending.CANCELLED) {
            return streamCut(exchange, method, result);
        }
        if (exchange.ending == GrpcExchange.Ending.FAILED) {
            String why = exchange.failure;
            String code = why.startsWith("the answer is beyond") ? Failure.PAYLOAD_LIMIT
                    : why.startsWith("the server") ? "PROVIDER_ERROR" : Failure.NETWORK;
            return Failure.of(code, method + " at " + p.address + ": " + why);
        }
        int status = exchange.grpcStatus;
        if (status < 0) {
            if (exchange.httpStatus != 200) {
                status = GrpcStatus.fromHttpStatus(exchange.httpStatus);
                return Failure.of(GrpcStatus.failureCode(status), "HTTP " + exchange.httpStatus
                        + " without grpc-status from " + method + " at " + p.address + " (gRPC reads it as "
                        + GrpcStatus.name(status) + ")" + (exchange.contentType == null ? ""
                        : ", content-type " + exchange.contentType));
            }
            return Failure.of("PROVIDER_ERROR", method + " at " + p.address + " answered without grpc-status");
        }
        if (status != GrpcStatus.OK) {
            return GrpcStatus.failure(status, exchange.grpcMessage, method, p.address.triple());
        }
        List<ByteBuffer> messages;
        try {
            messages = GrpcFrames.messages(exchange.data(), exchange.length());
        } catch (IOException e) {
            return Failure.of("PROVIDER_ERROR", method + ": " + e.getMessage());
        }
        long bytes = 0;
        for (ByteBuffer m : messages) {
            bytes += m.remaining();
        }
        result.setBytes(bytes);
        result.setBodySize(bytes);
        putMessages(messages.size());
        if (!r.serverStreaming() && messages.size() != 1) {
            return Failure.of("PROVIDER_ERROR", method + " is unary but the server answered " + messages.size()
                    + " messages");
        }
        // the echo's bytes equal the request's (a server writes an equal message the same way): equal, nothing parsed
        boolean echoed = p.echoCheck && ByteBuffer.wrap(r.requestFrame, 5, r.requestFrame.length - 5)
                .equals(messages.get(0));
        if (p.responseDataChars == 0 && (!p.echoCheck || echoed)) {
            return null;
        }
        List<DynamicMessage> answers = new java.util.ArrayList<>(messages.size());
        try {
            for (ByteBuffer m : messages) {
                answers.add(DynamicMessage.parseFrom(r.responseType(), CodedInputStream.newInstance(m)));
            }
        } catch (IOException e) {
            return Failure.of("SERIALIZATION", "the answer of " + method + " is not a "
                    + r.responseType().getFullName() + ": " + e.getMessage());
        }
        if (p.echoCheck && !echoed && !echoes(r, answers.get(0))) {
            putMessages(-1); // a failed sample has no count
            return Failure.of(Failure.MISMATCH, "the answer of " + method + " differs from the request ("
                    + r.method.getInputType().getFullName() + " vs " + r.responseType().getFullName()
                    + ", compared field by field)");
        }
        if (p.responseDataChars != 0) {
            try {
                StringBuilder text = new StringBuilder(r.serverStreaming() ? "[" : "");
                for (int i = 0; i < answers.size(); i++) {
                    text.append(i == 0 ? "" : ",").append(r.printer.print(answers.get(i)));
                }
                ResponseData.keep(result, text.append(r.serverStreaming() ? "]" : "").toString(),
                        p.responseDataChars);
            } catch (InvalidProtocolBufferException e) { // an Any whose type is unknown: the data says so
                ResponseData.keep(result, "(the answer cannot be shown as JSON: " + e.getMessage() + ")",
                        p.responseDataChars);
            }
        }
        return null;
    }

    /**
     * The deadline passed before the answer ended: {@code TIMEOUT}, saying how many messages had arrived (a server
     * stream that outlives the deadline, a Health/Watch); those messages count as a completed stream's do (bytes,
     * {@value #MESSAGES_VARIABLE}, their data, latency at the first), the sample stays failed.
     */
    private Failure streamCut(GrpcExchange exchange, String method, SampleResult result) {
        IdlPlan p = plan;
        byte[] arrived = exchange.completeMessagesSoFar();
        List<ByteBuffer> messages = java.util.Collections.emptyList();
        try {
            messages = GrpcFrames.messages(arrived, arrived.length);
        } catch (IOException e) {
            // a compressed message that does not inflate: counted as none
        }
        if (messages.isEmpty()) {
            return Failure.of(Failure.TIMEOUT, "no answer from " + method + " at " + p.address + " within "
                    + p.timeoutMs + " ms (the deadline sent as grpc-timeout; the stream is cancelled)");
        }
        long bytes = 0;
        for (ByteBuffer m : messages) {
            bytes += m.remaining();
        }
        result.setBytes(bytes);
        result.setBodySize(bytes);
        putMessages(messages.size());
        if (p.responseDataChars != 0) {
            StringBuilder text = new StringBuilder("[");
            try {
                for (ByteBuffer m : messages) {
                    text.append(text.length() == 1 ? "" : ",").append(resolved.printer.print(DynamicMessage
                            .parseFrom(resolved.responseType(), CodedInputStream.newInstance(m))));
                }
                ResponseData.keep(result, text.append(']').toString(), p.responseDataChars);
            } catch (IOException e) {
                ResponseData.keep(result, "(the messages cannot be shown as JSON: " + e.getMessage() + ")",
                        p.responseDataChars);
            }
        }
        return Failure.of(Failure.TIMEOUT, "the stream of " + method + " at " + p.address + " did not end within "
                + p.timeoutMs + " ms: " + messages.size() + (messages.size() == 1 ? " message" : " messages")
                + " arrived (the deadline sent as grpc-timeout; the stream is cancelled)");
    }

    /** What failed before the call went out: the connection, the fields, or the server's reflection. */
    @Override
    public Failure failure(Throwable error, SampleResult result) {
        IdlPlan p = plan;
        putMessages(-1);
        if (error instanceof GrpcConnection.ConnectFailure) {
            GrpcConnection.ConnectFailure e = (GrpcConnection.ConnectFailure) error;
            return e.notHttp2 ? Failure.of(Failure.CONFIG, DubboSampler.ADDRESS + ": '" + p.address + "': "
                    + e.getMessage()) : Failure.of(Failure.NETWORK, e.getMessage());
        }
        if (error instanceof ConfigurationException) {
            return Failure.of(Failure.CONFIG, error.getMessage());
        }
        if (error instanceof ServerReflection.ReflectionException) {
            // the server did not answer the question (in time, or at all) vs answered that it cannot
            String message = error.getMessage();
            if (message.startsWith(ServerReflection.UNKNOWN_SERVICE)) {
                return Failure.of(Failure.CONFIG, message.substring(ServerReflection.UNKNOWN_SERVICE.length()));
            }
            String code = message.startsWith(ServerReflection.NO_ANSWER) ? Failure.TIMEOUT
                    : message.startsWith(ServerReflection.FAILED) ? Failure.NETWORK : Failure.CONFIG;
            return Failure.of(code, DubboSampler.PROTO_FILES + ": empty, and " + message);
        }
        return Failure.of(error);
    }

    /** Nothing of this call's is kept for new fields (the connection is shared): a new call is planned. */
    @Override
    public Call replanned(SamplerFields fields, ClassLoader loader) {
        return null;
    }

    /** The answer equals the request: as messages of one type, else field by field in their JSON forms. */
    private static boolean echoes(IdlPlan.Resolved r, DynamicMessage answer) {
        if (answer.getDescriptorForType() == r.request.getDescriptorForType()) {
            return answer.equals(r.request);
        }
        try {
            return EchoCheck.matches(JsonValues.parse(r.printer.print(r.request)),
                    JsonValues.parse(r.printer.print(answer)));
        } catch (InvalidProtocolBufferException | RuntimeException e) {
            return false;
        }
    }

    /** The answer's message count; -1: none (the variable is removed: a failed sample has no count). */
    private static void putMessages(int count) {
        JMeterVariables variables = JMeterContextService.getContext().getVariables();
        if (variables != null) {
            if (count < 0) {
                variables.remove(MESSAGES_VARIABLE);
            } else {
                variables.put(MESSAGES_VARIABLE, Integer.toString(count));
            }
        }
    }

    /** Cancels the call in flight (its stream is reset): the sample ends at once. */
    @Override
    public boolean interrupt() {
        GrpcExchange exchange = inFlight;
        if (exchange != null) {
            exchange.cancel();
            return true;
        }
        return false;
    }

    /** The connection is shared by every thread and closed at test end, not here. */
    @Override
    public void close() {
        connection = null;
    }
}
