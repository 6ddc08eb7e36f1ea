package io.dubbostress.sampler.pacing.gui;

import io.dubbostress.sampler.install.DocsHelp;
import io.dubbostress.sampler.gui.GuiText;
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
        row(fields, 0, GuiText.get("rate.schedule"), schedule, GuiText.get("rate.schedule.tip"));
        row(fields, 1, GuiText.get("rate.duration"), duration, GuiText.get("rate.duration.tip"));
        row(fields, 2, GuiText.get("rate.loadGenerators"), loadGenerators, GuiText.get("rate.loadGenerators.tip"));
        start.setName("start");
        start.setEditable(true); // ${__P(start,opening-call)} too
        GridBagConstraints c = new GridBagConstraints();
        c.gridy = 3;
        c.insets = new Insets(2, 2, 2, 6);
        c.anchor = GridBagConstraints.WEST;
        JLabel startLabel = new JLabel(GuiText.get("rate.start"));
        startLabel.setLabelFor(start);
        fields.add(startLabel, c);
        c.gridx = 1;
        start.setToolTipText(GuiText.get("rate.start.tip"));
        fields.add(start, c);
        JPanel north = new JPanel(new BorderLayout());
        north.add(fields, BorderLayout.NORTH);
        north.add(new JLabel(GuiText.format("rate.note", JtlVariables.SAMPLE_VARIABLES)), BorderLayout.CENTER);
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
        return GuiText.get(getLabelResource()); // JMeter's language (GuiText)
    }

    @Override
    public String getLabelResource() {
        return "target_rate_schedule"; // a key of our GuiText, not of JMeter's bundle: getStaticLabel() gives the name
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
