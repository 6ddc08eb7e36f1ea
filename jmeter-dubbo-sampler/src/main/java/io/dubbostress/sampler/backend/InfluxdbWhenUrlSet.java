package io.dubbostress.sampler.backend;

import java.util.List;
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
 * {@code responseCode}...) are exactly JMeter's. Without one it keeps no sample and opens no connection.
 */
public class InfluxdbWhenUrlSet extends InfluxdbBackendListenerClient {

    private static final Logger LOG = LoggerFactory.getLogger(InfluxdbWhenUrlSet.class);

    /** The parameter of JMeter's client that holds the write URL. */
    public static final String URL_PARAMETER = "influxdbUrl";

    private volatile boolean on;

    @Override
    public void setupTest(BackendListenerContext context) throws Exception {
        String url = context.getParameter(URL_PARAMETER, "");
        on = url != null && !url.trim().isEmpty();
        if (!on) {
            LOG.info("InfluxDB Backend Listener off: its {} is empty (set the JMeter property influxdb_url to turn it"
                    + " on)", URL_PARAMETER);
            return;
        }
        super.setupTest(context);
        // the URL as given carries no secret (a token goes in influxdbToken, which is never logged)
        LOG.info("InfluxDB Backend Listener on: JMeter's InfluxdbBackendListenerClient writes to {}", url.trim());
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
