package io.dubbostress.sampler.pacing.gui;

import io.dubbostress.sampler.install.DocsHelp;
import io.dubbostress.sampler.install.SamplerJar;
import io.dubbostress.sampler.jtl.JtlVariables;
import io.dubbostress.sampler.pacing.TargetRateSchedule;
import java.awt.BorderLayout;
import java.awt.GridBagConstraints;
import java.awt.GridBagLayout;
import java.awt.Insets;
import javax.swing.JComboBox;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JTextField;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.timers.gui.AbstractTimerGui;

/**
 * The Target Rate Schedule's GUI (Add > Timer > Target Rate Schedule): three text fields, variables allowed, and the
 * start (after an opening call by default).
 */
public class TargetRateScheduleGui extends AbstractTimerGui {

    static {
        SamplerJar.loaded(); // one line in jmeter.log, once per JVM, when JMeter loads the plugin
    }

    private static final long serialVersionUID = 1L;

    private final JTextField schedule = field("schedule", 30);
    private final JTextField duration = field("duration", 8);
    private final JTextField loadGenerators = field("loadGenerators", 4);
    private final JComboBox<String> start = new JComboBox<>(new String[] {"opening-call", "each-thread",
        "first-call"});

    public TargetRateScheduleGui() {
        setLayout(new BorderLayout(0, 5));
        setBorder(makeBorder());
        add(makeTitlePanel(), BorderLayout.NORTH);
        JPanel fields = new JPanel(new GridBagLayout());
        row(fields, 0, "Schedule (calls/s, all threads in scope)", schedule,
                "500  |  100,200,400 (steps splitting the duration)  |  100:30s,200:1m  |  0..1000:60s,1000 (ramp)");
        row(fields, 1, "Duration (s) the steps without a length split", duration,
                "usually the thread group's duration, e.g. ${__P(duration,600)}; empty: every step has a length");
        row(fields, 2, "Load generators sharing the rate", loadGenerators,
                "distributed mode: each JMeter server paces rate / this number, e.g. ${__P(load_generators,1)}");
        start.setName("start");
        start.setEditable(true); // ${__P(start,opening-call)} too
        GridBagConstraints c = new GridBagConstraints();
        c.gridy = 3;
        c.insets = new Insets(2, 2, 2, 6);
        c.anchor = GridBagConstraints.WEST;
        JLabel startLabel = new JLabel("Start the schedule");
        startLabel.setLabelFor(start);
        fields.add(startLabel, c);
        c.gridx = 1;
        start.setToolTipText("opening-call: the first call is made at once (it connects) and the schedule starts when "
                + "it ends; each-thread: every thread makes its first call at once, the schedule starts when all "
                + "have ended; first-call: the schedule starts at the first call, and calls due while it connects "
                + "start late");
        fields.add(start, c);
        JPanel north = new JPanel(new BorderLayout());
        north.add(fields, BorderLayout.NORTH);
        north.add(new JLabel("Each sample waits for its due time (never skipped; when late, at once). JTL: "
                + "sample_variables=" + JtlVariables.SAMPLE_VARIABLES), BorderLayout.CENTER);
        add(north, BorderLayout.CENTER);
    }

    private static JTextField field(String name, int columns) {
        JTextField field = new JTextField(columns);
        field.setName(name);
        return field;
    }

    private static void row(JPanel panel, int y, String label, JTextField field, String hint) {
        GridBagConstraints c = new GridBagConstraints();
        c.gridy = y;
        c.insets = new Insets(2, 2, 2, 6);
        c.anchor = GridBagConstraints.WEST;
        JLabel l = new JLabel(label);
        l.setLabelFor(field);
        panel.add(l, c);
        c.gridx = 1;
        c.fill = GridBagConstraints.HORIZONTAL;
        c.weightx = 1;
        field.setToolTipText(hint);
        panel.add(field, c);
    }

    @Override
    public String getStaticLabel() {
        return "Target Rate Schedule";
    }

    @Override
    public String getLabelResource() {
        return "target_rate_schedule"; // not in JMeter's bundle: getStaticLabel() gives the name
    }

    /** Our documentation's page for JMeter's Help ({@link DocsHelp}), under the release's docs/. */
    @Override
    public String getDocAnchor() {
        return "SAMPLER.md#target-rate-schedule-honest-latencies-at-a-target-rate";
    }

    @Override
    public TestElement createTestElement() {
        TargetRateSchedule element = new TargetRateSchedule();
        modifyTestElement(element);
        return element;
    }

    @Override
    public void modifyTestElement(TestElement element) {
        element.clear();
        configureTestElement(element);
        put(element, TargetRateSchedule.SCHEDULE, schedule);
        put(element, TargetRateSchedule.DURATION, duration);
        put(element, TargetRateSchedule.LOAD_GENERATORS, loadGenerators);
        String chosen = String.valueOf(start.getSelectedItem()).trim();
        if (!chosen.isEmpty() && !chosen.equals(TargetRateSchedule.START_DEFAULT)) {
            // the default is left out, as JMeter's own elements do, which keeps .jmx files small
            element.setProperty(TargetRateSchedule.START, chosen);
        }
    }

    private static void put(TestElement element, String key, JTextField field) {
        String text = field.getText().trim();
        if (!text.isEmpty()) {
            element.setProperty(key, text);
        }
    }

    @Override
    public void configure(TestElement element) {
        super.configure(element);
        DocsHelp.install(); // JMeter's Help on our elements: our docs
        schedule.setText(element.getPropertyAsString(TargetRateSchedule.SCHEDULE));
        duration.setText(element.getPropertyAsString(TargetRateSchedule.DURATION));
        loadGenerators.setText(element.getPropertyAsString(TargetRateSchedule.LOAD_GENERATORS));
        start.setSelectedItem(element.getPropertyAsString(TargetRateSchedule.START,
                TargetRateSchedule.START_DEFAULT));
    }

    @Override
    public void clearGui() {
        super.clearGui();
        schedule.setText("");
        duration.setText("");
        loadGenerators.setText(TargetRateSchedule.LOAD_GENERATORS_DEFAULT);
        start.setSelectedItem(TargetRateSchedule.START_DEFAULT);
    }
}
