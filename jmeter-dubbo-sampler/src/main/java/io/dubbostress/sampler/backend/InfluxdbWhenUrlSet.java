package io.dubbostress.sampler.backend;

import java.util.Iterator;
import java.util.List;
import io.dubbostress.sampler.failure.Secrets;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.visualizers.backend.BackendListenerContext;
import org.apache.jmeter.visualizers.backend.influxdb.InfluxdbBackendListenerClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * JMeter's own {@link InfluxdbBackendListenerClient} (the Backend Listener's InfluxDB client, JMeter 3.2+), asleep
 * while its {@code influxdbUrl} parameter is empty. The shipped plans carry a Backend Listener with this client and
 * {@code influxdbUrl = ${__P(influxdb_url,)}}, so one property turns it on:
 *
 * <pre>
 * jmeter -n -t dubbo-direct.jmx -Jinfluxdb_url=http://127.0.0.1:8086/write?db=jmeter ...
 * </pre>
 *
 * Why not a disabled element of JMeter's own client: JMeter drops disabled elements when it loads a plan, before any
 * property is read, so no property can enable one; and JMeter's client with an empty URL fails the test's start
 * ({@code MalformedURLException: no protocol}). With a URL every call goes to JMeter's client unchanged: the points it
 * writes (measurement {@code jmeter}, tags {@code application}, {@code transaction}, {@code statut},
 * {@code responseCode}...) are exactly JMeter's. Without one it keeps no sample and opens no connection. The URL
 * it logs is {@link Secrets#masked}: InfluxDB 1.x's password ({@code &p=...}, {@code user:password@}) never reaches
 * jmeter.log through it.
 */
public class InfluxdbWhenUrlSet extends InfluxdbBackendListenerClient {

    private static final Logger LOG = LoggerFactory.getLogger(InfluxdbWhenUrlSet.class);

    /** The parameter of JMeter's client that holds the write URL. */
    public static final String URL_PARAMETER = "influxdbUrl";

    private volatile boolean on;

    @Override
    public void setupTest(BackendListenerContext given) throws Exception {
        BackendListenerContext context = evaluated(given);
        String url = context.getParameter(URL_PARAMETER, "");
        on = isOn(context);
        if (!on && url != null && url.contains("${")) {
            // a function JMeter could not evaluate here: no URL, and JMeter's client would fail the test's start
            LOG.warn("InfluxDB Backend Listener off: its {} '{}' could not be evaluated (set the JMeter property"
                    + " influxdb_url on this JMeter, with -J)", URL_PARAMETER, Secrets.masked(url));
            return;
        }
        if (!on) {
            LOG.info("InfluxDB Backend Listener off: its {} is empty (set the JMeter property influxdb_url to turn it"
                    + " on)", URL_PARAMETER);
            return;
        }
        super.setupTest(context);
        // InfluxDB 1.x's credentials ride in the URL (u=...&p=..., or user:password@): its password is masked, the
        // host, port and database stay for the user to see where it writes (a token goes in influxdbToken, not
        // logged)
        LOG.info("InfluxDB Backend Listener on: JMeter's InfluxdbBackendListenerClient writes to {}",
                Secrets.masked(url.trim()));
    }

    /**
     * The parameters with their functions evaluated. A JMeter engine evaluates {@code ${__P(influxdb_url,)}} before the
     * test starts; the client of a distributed run ({@code jmeter -n -R host}) does not: there the Backend Listener
     * runs on the client (the servers send it their samples) with its parameters as written, and JMeter's client took
     * the text {@code ${__P(influxdb_url,)}} for a URL (the test never started). Evaluated here, with the client's own
     * properties ({@code -J}; {@code -G} goes to the servers only).
     */
    static BackendListenerContext evaluated(BackendListenerContext context) {
        Arguments values = new Arguments();
        boolean unevaluated = false;
        for (Iterator<String> names = context.getParameterNamesIterator(); names.hasNext();) {
            String name = names.next();
            String value = context.getParameter(name);
            if (value != null && value.contains("${")) {
                unevaluated = true;
                value = new CompoundVariable(value).execute();
            }
            values.addArgument(name, value);
        }
        return unevaluated ? new BackendListenerContext(values) : context;
    }

    /**
     * Whether a client with these parameters is on: its {@value #URL_PARAMETER}, evaluated ({@link #evaluated}), is
     * not empty and holds no function left as written.
     */
    static boolean isOn(BackendListenerContext context) {
        String url = evaluated(context).getParameter(URL_PARAMETER, "");
        return url != null && !url.trim().isEmpty() && !url.contains("${");
    }

    /** Whether {@link #setupTest} found a URL. */
    public boolean isOn() {
        return on;
    }

    @Override
    public SampleResult createSampleResult(BackendListenerContext context, SampleResult result) {
        // null: the Backend Listener drops the sample before queueing it
        return on ? super.createSampleResult(context, result) : null;
    }

    @Override
    public void handleSampleResults(List<SampleResult> sampleResults, BackendListenerContext context) {
        if (on) {
            super.handleSampleResults(sampleResults, context);
        }
    }

    @Override
    public void teardownTest(BackendListenerContext context) throws Exception {
        if (on) {
            super.teardownTest(context);
        }
    }
}
