package io.dubbostress.sampler.sampler;

import io.dubbostress.sampler.failure.ConfigurationException;
import io.dubbostress.sampler.failure.Failure;
import io.dubbostress.sampler.runtime.PortProtocol;
import io.dubbostress.sampler.runtime.ReferenceCache;
import io.dubbostress.sampler.config.DubboDefaults;
import io.dubbostress.sampler.install.SamplerJar;
import io.dubbostress.sampler.jtl.JtlVariables;
import io.dubbostress.sampler.pacing.UnsetPropertyDefault;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.jmeter.config.ConfigTestElement;
import org.apache.jmeter.samplers.AbstractSampler;
import org.apache.jmeter.samplers.Entry;
import org.apache.jmeter.samplers.Interruptible;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.testelement.ThreadListener;
import org.apache.jmeter.testelement.property.FunctionProperty;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.testelement.property.NullProperty;
import org.apache.jmeter.testelement.property.StringProperty;

/**
 * The Dubbo Sampler: calls a Dubbo provider (directly or through a registry) with generic or typed invocation, or
 * the consumer controller over HTTP (the "hop"), and records the call at microsecond resolution.
 *
 * <p>Every field is a property {@code DubboSampler.*} (keys below, each default beside it; an empty field removes
 * the property and the default, or a Dubbo Defaults element in scope, applies). JMeter variables and functions work
 * in every field. The fields are read and parsed once per thread while they hold no variable or function; the Dubbo
 * reference is shared by every thread with the same settings ({@link ReferenceCache}) and destroyed at test end.
 *
 * <pre>{@code
 * DubboSampler sampler = new DubboSampler();
 * sampler.setProperty(DubboSampler.ADDRESS, "dubbo://127.0.0.1:20880");
 * sampler.setProperty(DubboSampler.INTERFACE, "io.dubbostress.api.StressTestService");
 * sampler.setProperty(DubboSampler.METHOD, "echo");
 * sampler.setProperty(DubboSampler.PARAMETER_TYPES, "java.lang.String");
 * sampler.setProperty(DubboSampler.ARGUMENTS, "[{\"$payload\": 1024}]");
 * sampler.setProperty(DubboSampler.RESPONSE_CHECK, DubboSampler.CHECK_ECHO);
 * }</pre>
 *
 * <p>Each sample puts {@value JtlVariables#ELAPSED_US} (elapsed microseconds) into the thread's variables, and under a
 * Target Rate Schedule {@value JtlVariables#RESPONSE_US} (from the due time) and {@value JtlVariables#LAG_US}: with
 * {@code sample_variables=}{@value JtlVariables#SAMPLE_VARIABLES} JMeter writes them as JTL columns
 * ({@link SampleVariables}).
 */
public class DubboSampler extends AbstractSampler implements TestStateListener, ThreadListener, Interruptible {

    static {
        SamplerJar.loaded(); // one line in jmeter.log, once per JVM, when JMeter loads the plugin
    }

    private static final long serialVersionUID = 1L;

    /** Where to call: {@code dubbo://host:port[,host:port]}, a registry {@code zookeeper://host:port}, or the hop
     * {@code http://host:port/path}. */
    public static final String ADDRESS = "DubboSampler.address";
    public static final String ADDRESS_DEFAULT = "";
    /**
     * Registry group: the registry URL's {@code group} parameter (ZooKeeper: the root node, {@code /dubbo} when
     * empty; Nacos: the Nacos group). Wins over a {@code group=} written in the address; unused by direct addresses.
     * Not the service group ({@link #SERVICE_GROUP}).
     */
    public static final String REGISTRY_GROUP = "DubboSampler.registryGroup";
    public static final String REGISTRY_GROUP_DEFAULT = "";
    /** Registry user name (ZooKeeper digest auth). */
    public static final String USERNAME = "DubboSampler.username";
    public static final String USERNAME_DEFAULT = "";
    /** Registry password. Never logged or shown in results. */
    public static final String PASSWORD = "DubboSampler.password";
    public static final String PASSWORD_DEFAULT = "";
    /** Service interface, fully qualified. */
    public static final String INTERFACE = "DubboSampler.interface";
    public static final String INTERFACE_DEFAULT = "";
    /** Method name. */
    public static final String METHOD = "DubboSampler.method";
    public static final String METHOD_DEFAULT = "";
    /** Comma-separated parameter types: {@code java.lang.String, int, io.x.Order}. */
    public static final String PARAMETER_TYPES = "DubboSampler.parameterTypes";
    public static final String PARAMETER_TYPES_DEFAULT = "";
    /** The argument values, a JSON array with one value per type. */
    public static final String ARGUMENTS = "DubboSampler.arguments";
    public static final String ARGUMENTS_DEFAULT = "";
    /** Service version. */
    public static final String VERSION = "DubboSampler.version";
    public static final String VERSION_DEFAULT = "";
    /**
     * Service group: the group the provider exports the interface in ({@code <dubbo:service group="...">}). The key
     * is the one plans have always used for the sampler's only Group field. Not the registry's group
     * ({@link #REGISTRY_GROUP}).
     */
    public static final String SERVICE_GROUP = "DubboSampler.group";
    public static final String SERVICE_GROUP_DEFAULT = "";
    /** The service group's key under its first name ({@link #SERVICE_GROUP}). */
    public static final String GROUP = SERVICE_GROUP;
    public static final String GROUP_DEFAULT = SERVICE_GROUP_DEFAULT;
    /** Call timeout in milliseconds (also the hop's connect and read timeout). */
    public static final String TIMEOUT = "DubboSampler.timeout";
    public static final int TIMEOUT_DEFAULT = 5000;
    /** Retries after a failed call (Dubbo's own default would be 2: a stress test must see failures). */
    public static final String RETRIES = "DubboSampler.retries";
    public static final int RETRIES_DEFAULT = 0;
    /** Connections per provider: 0 = one connection shared by every reference to that provider. */
    public static final String CONNECTIONS = "DubboSampler.connections";
    public static final int CONNECTIONS_DEFAULT = 0;
    /** Load balancing: random, roundrobin, leastactive, consistenthash, shortestresponse. */
    public static final String LOADBALANCE = "DubboSampler.loadbalance";
    public static final String LOADBALANCE_DEFAULT = "random";
    /** Cluster behaviour: failover, failfast, failsafe, failback, forking, broadcast. */
    public static final String CLUSTER = "DubboSampler.cluster";
    public static final String CLUSTER_DEFAULT = "failover";
    /** Serialization: hessian2, fastjson, java, ... (the provider must support it). */
    public static final String SERIALIZATION = "DubboSampler.serialization";
    public static final String SERIALIZATION_DEFAULT = "hessian2";
    /**
     * Attachments sent with every call, a JSON object whose values keep their JSON type (a number is a Long, ...;
     * {@code $type} as for arguments): {@code {"traceId": "${__UUID()}", "tenant": 7}}.
     */
    public static final String ATTACHMENTS = "DubboSampler.attachments";
    public static final String ATTACHMENTS_DEFAULT = "";
    /** {@link #INVOCATION_GENERIC} (no service jar needed) or {@link #INVOCATION_TYPED}. */
    public static final String INVOCATION = "DubboSampler.invocation";
    public static final String INVOCATION_GENERIC = "generic";
    public static final String INVOCATION_TYPED = "typed";
    /** A protobuf IDL service over {@code tri://} (a grpc:// address implies it); jmeter-dubbo3-sampler only. */
    public static final String INVOCATION_IDL = "idl";
    public static final String INVOCATION_DEFAULT = INVOCATION_GENERIC;
    /**
     * IDL calls: the service's {@code .proto} files (comma-separated; imports resolved from {@link #PROTO_PATH}), or
     * a descriptor set ({@code protoc --descriptor_set_out}); empty: ask the server (gRPC server reflection).
     */
    public static final String PROTO_FILES = "DubboSampler.protoFiles";
    public static final String PROTO_FILES_DEFAULT = "";
    /** IDL calls: where the {@code .proto} files' imports are found (folders, comma-separated); empty: their own folders. */
    public static final String PROTO_PATH = "DubboSampler.protoPath";
    public static final String PROTO_PATH_DEFAULT = "";
    /** IDL calls over TLS: the CA certificate(s) (PEM) the server's certificate must chain to; empty: no TLS on grpc://. */
    public static final String TLS_CA_FILE = "DubboSampler.tlsCaFile";
    public static final String TLS_CA_FILE_DEFAULT = "";
    /** {@link #CHECK_NONE} or {@link #CHECK_ECHO} (the response must equal the first argument; for the hop: status
     * 200 with {@code "ok":true}). */
    public static final String RESPONSE_CHECK = "DubboSampler.responseCheck";
    public static final String CHECK_NONE = "none";
    public static final String CHECK_ECHO = "echo";
    public static final String RESPONSE_CHECK_DEFAULT = CHECK_NONE;
    /** Characters of the response kept as response data: 0 none (fastest), -1 all. */
    public static final String RESPONSE_DATA_CHARS = "DubboSampler.responseDataChars";
    public static final int RESPONSE_DATA_CHARS_DEFAULT = 0;

    /** Every key, in GUI order. */
    static final String[] KEYS = {ADDRESS, REGISTRY_GROUP, USERNAME, PASSWORD, INTERFACE, METHOD, PARAMETER_TYPES,
        ARGUMENTS, VERSION, SERVICE_GROUP, TIMEOUT, RETRIES, CONNECTIONS, LOADBALANCE, CLUSTER, SERIALIZATION,
        ATTACHMENTS, INVOCATION, RESPONSE_CHECK, RESPONSE_DATA_CHARS, PROTO_FILES, PROTO_PATH, TLS_CA_FILE};

    private static final Set<String> APPLIABLE_CONFIG_GUIS = new HashSet<>(Arrays.asList(
            "io.dubbostress.sampler.config.gui.DubboDefaultsGui", "org.apache.jmeter.config.gui.SimpleConfigGui"));

    // per thread (JMeter clones the sampler for every thread): the fields the call was planned from, and the call
    private transient SamplerFields fields;
    /** Indexes into KEYS of the fields that hold a variable or function: the only ones re-read per sample. */
    private transient int[] variableFields;
    /** The Dubbo Defaults elements in scope, as JMeter hands them over before every sample: read, not merged. */
    private transient List<TestElement> defaults = new ArrayList<>(2);
    /** How this thread's samples call, planned from the fields (Dubbo or the hop); read by {@link #interrupt}. */
    private transient volatile Call call;
    /** The sample label while the name holds no variable; null: read the name every sample. */
    private transient String label;
    /** The config element {@link #applies} was last asked about, and its answer. */
    private transient ConfigTestElement appliesAsked;
    private transient boolean appliesAnswer;

    public DubboSampler() {
        super();
    }

    /**
     * One sample, its clock and its verdict kept here, as JMeter's TCP sampler keeps them: the sample starts, the call
     * ({@link Call#call}) runs between two nanoTime readings, the sample ends on that interval ({@link #end}), then the
     * call says what its answer or error means and the verdict is recorded ({@link #record}). A field error is a
     * failed sample that took no time.
     */
    @Override
    public SampleResult sample(Entry entry) {
        SampleResult result = new SampleResult();
        result.setDataType(SampleResult.TEXT);
        Call c;
        try {
            c = currentCall();
        } catch (ConfigurationException e) {
            result.setSampleLabel(getName());
            result.sampleStart();
            long now = System.nanoTime();
            end(result, now, now);
            record(result, Failure.of(e));
            FailurePause.after(result);
            return result;
        }
        String name = label;
        result.setSampleLabel(name != null ? name : getName());
        result.setSamplerData(c.samplerData());
        Object answer = null;
        Throwable error = null;
        result.sampleStart();
        long start = System.nanoTime();
        try {
            answer = c.call(result);
        } catch (Throwable t) { // NOSONAR: every failure becomes a failed sample, the test goes on
            error = t;
        }
        long end = System.nanoTime();
        if (!c.timesFirstByte() || (error != null && result.getLatency() == 0)) {
            result.latencyEnd();
        }
        end(result, start, end);
        result.setSentBytes(c.sentBytes());
        record(result, error == null ? c.verdict(answer, result) : c.failure(error, result));
        // a failure that repeats without a call reaching a provider (a field error, a dead address) is paused after
        FailurePause.after(result);
        return result;
    }

    /**
     * Ends the sample on the sampler's own clock: {@code elapsed_us} is the nanoTime interval, and JMeter's
     * {@code elapsed} the same interval rounded to whole milliseconds (not a second reading of another clock, which a
     * GC pause or a millisecond boundary between the two readings would pull apart).
     */
    private static void end(SampleResult result, long startNanos, long endNanos) {
        long nanos = endNanos - startNanos;
        result.setEndTime(result.getStartTime() + (nanos + 500_000) / 1_000_000);
        SampleVariables.put(startNanos, endNanos);
    }

    /** The verdict: success (code 200), or the failure's code and message (CONFIG and JVM_ARGS logged once). */
    private static void record(SampleResult result, Failure failure) {
        if (failure == null) {
            result.setSuccessful(true);
            result.setResponseCodeOK();
            result.setResponseMessageOK();
            return;
        }
        result.setSuccessful(false);
        result.setResponseCode(failure.code());
        result.setResponseMessage(failure.message());
        FailureWarnings.once(result.getSampleLabel(), failure);
    }

    /**
     * The call for this sample: the previous one while no field changed, else one planned from the fields as they are
     * now. Only the fields that hold a variable or function can change during a test; they alone are read again
     * (JMeter evaluates them once per iteration).
     */
    private Call currentCall() {
        String otherJars = SamplerJar.conflict();
        if (otherJars != null) {
            // two different jars of ours on JMeter's class path: no call, before any Dubbo class is touched
            throw new ConfigurationException(otherJars);
        }
        Call c = call;
        if (c != null && fields.unchanged(this, variableFields)) {
            return c;
        }
        int[] functions = functionFields();
        refuseUnsetProperties(functions);
        SamplerFields read = SamplerFields.read(this);
        Call next = Calls.next(c, read, classLoader());
        call = next;
        fields = read;
        variableFields = functions;
        // the label is read once with the plan unless the name holds a variable (JMeter 5.6 locks on every read)
        label = getProperty(TestElement.NAME) instanceof FunctionProperty ? null : getName();
        return next;
    }

    /**
     * A field written {@code ${__P(name)}} without a default while the property is unset is refused, as the Target
     * Rate Schedule refuses it: JMeter would give {@code 1} (a Timeout of 1 ms, a Connections of 1) without a word.
     *
     * @throws ConfigurationException naming the field, its text and the property
     */
    private void refuseUnsetProperties(int[] functions) {
        for (int i : functions) {
            String unset = UnsetPropertyDefault.in(field(KEYS[i]));
            if (unset != null) {
                throw new ConfigurationException(KEYS[i] + ": " + unset);
            }
        }
    }

    /** The fields holding a JMeter variable or function (compiled into a FunctionProperty in a running test). */
    private int[] functionFields() {
        int[] found = new int[KEYS.length];
        int n = 0;
        for (int i = 0; i < KEYS.length; i++) {
            if (field(KEYS[i]) instanceof FunctionProperty) {
                found[n++] = i;
            }
        }
        return Arrays.copyOf(found, n);
    }

    /**
     * A field as this sample sees it: the sampler's own property when it is set, else the first Dubbo Defaults' in
     * scope that sets it (JMeter's rule for merged config elements: an empty text counts as unset).
     */
    JMeterProperty field(String key) {
        JMeterProperty own = getProperty(key);
        List<TestElement> scope = defaults;
        if (isSet(own) || scope == null) {
            return own;
        }
        for (int i = 0; i < scope.size(); i++) {
            JMeterProperty inherited = scope.get(i).getProperty(key);
            if (isSet(inherited)) {
                return inherited;
            }
        }
        return own;
    }

    /** A field as this sample sees it ({@link #field}: its own value, else the Dubbo Defaults'), "" when unset. */
    public String fieldText(String key) {
        return field(key).getStringValue();
    }

    private static boolean isSet(JMeterProperty property) {
        return !(property instanceof NullProperty)
                && !(property instanceof StringProperty && property.getStringValue().isEmpty());
    }

    /**
     * JMeter hands the config elements in scope to the sampler before every sample. A Dubbo Defaults element is
     * kept and read through ({@link #field}) instead of merged: merging copies each of its fields into the sampler
     * as a temporary property before every sample, and JMeter takes them out again after it, which cost more CPU
     * per sample than the sampler's own work (docs/BENCHMARKS.md). Other config elements merge as usual.
     */
    @Override
    public void addTestElement(TestElement element) {
        if (element instanceof DubboDefaults) {
            if (defaults == null) {
                defaults = new ArrayList<>(2);
            }
            defaults.add(element);
        } else {
            super.addTestElement(element);
        }
    }

    @Override
    public void clearTestElementChildren() {
        if (defaults != null) {
            defaults.clear();
        }
        super.clearTestElementChildren();
    }

    private ClassLoader classLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : DubboSampler.class.getClassLoader();
    }

    // --- typed getters -------------------------------------------------------------------------------------

    public String getAddress() {
        return text(ADDRESS, ADDRESS_DEFAULT);
    }

    public String getInterface() {
        return text(INTERFACE, INTERFACE_DEFAULT);
    }

    public String getMethod() {
        return text(METHOD, METHOD_DEFAULT);
    }

    /** A field as trimmed text, or its default when empty. */
    private String text(String key, String defaultValue) {
        String value = fieldText(key).trim();
        return value.isEmpty() ? defaultValue : value;
    }

    /**
     * Takes defaults from Dubbo Defaults (and JMeter's Simple Config Element), not from other samplers' configs.
     * JMeter asks before every sample, for every config element in scope: the answer for the last element asked is
     * kept (an element's GUI class does not change during a test).
     */
    @Override
    public boolean applies(ConfigTestElement configElement) {
        if (configElement == appliesAsked) {
            return appliesAnswer;
        }
        String gui = configElement.getProperty(TestElement.GUI_CLASS).getStringValue();
        boolean answer = APPLIABLE_CONFIG_GUIS.contains(gui);
        appliesAsked = configElement;
        appliesAnswer = answer;
        return answer;
    }

    // --- lifecycle ---------------------------------------------------------------------------------------

    @Override
    public void testStarted() {
        FailureWarnings.forget();
        PortProtocol.forget();
    }

    @Override
    public void testStarted(String host) {
        testStarted();
    }

    /** Destroys every Dubbo reference the test created, and closes the IDL calls' connections. */
    @Override
    public void testEnded() {
        if (SamplerJar.conflict() != null) {
            return; // no call was made (every sample failed as CONFIG), and the mixed classes are best left unloaded
        }
        ReferenceCache.shared().destroyAll();
        Calls.closeIdlCalls();
    }

    @Override
    public void testEnded(String host) {
        testEnded();
    }

    @Override
    public void threadStarted() {
        // the plan is built on the first sample, after config elements are merged in
    }

    @Override
    public void threadFinished() {
        Call current = call;
        call = null;
        if (current != null) {
            current.close();
        }
        fields = null;
        label = null;
    }

    /** Interrupts an HTTP hop call in flight (closes its connection); a Dubbo call ends at its timeout. */
    @Override
    public boolean interrupt() {
        Call current = call;
        return current != null && current.interrupt();
    }

    @Override
    public Object clone() {
        DubboSampler clone = (DubboSampler) super.clone();
        clone.fields = null;
        clone.defaults = new ArrayList<>(2);
        clone.call = null;
        clone.appliesAsked = null;
        clone.label = null;
        return clone;
    }
}
