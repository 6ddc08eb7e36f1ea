package io.dubbostress.sampler.control.gui;

import io.dubbostress.sampler.config.gui.DubboFieldsPanel;
import io.dubbostress.sampler.gui.GuiText;
import io.dubbostress.sampler.install.DocsHelp;
import io.dubbostress.sampler.install.SamplerJar;
import io.dubbostress.sampler.sampler.DubboSampler;
import java.awt.BorderLayout;
import javax.swing.JScrollPane;
import org.apache.jmeter.samplers.gui.AbstractSamplerGui;
import org.apache.jmeter.testelement.TestElement;

/** The Dubbo Sampler's GUI (Add > Sampler > Dubbo Sampler). Empty fields take the Dubbo Defaults in scope. */
public class DubboSamplerGui extends AbstractSamplerGui {

    static {
        SamplerJar.loaded(); // one line in jmeter.log, once per JVM, when JMeter loads the plugin
    }

    private static final long serialVersionUID = 1L;

    private final DubboFieldsPanel fields = new DubboFieldsPanel(true);

    public DubboSamplerGui() {
        setLayout(new BorderLayout(0, 5));
        setBorder(makeBorder());
        add(makeTitlePanel(), BorderLayout.NORTH);
        add(new JScrollPane(fields), BorderLayout.CENTER);
    }

    @Override
    public String getStaticLabel() {
        return GuiText.get(getLabelResource()); // JMeter's language (GuiText)
    }

    @Override
    public String getLabelResource() {
        return "dubbo_sampler"; // a key of our GuiText, not of JMeter's bundle: getStaticLabel() gives the name
    }

    /** Our documentation's page for JMeter's Help ({@link DocsHelp}), under the release's docs/. */
    @Override
    public String getDocAnchor() {
        return "SAMPLER.md";
    }

    @Override
    public TestElement createTestElement() {
        DubboSampler sampler = new DubboSampler();
        modifyTestElement(sampler);
        return sampler;
    }

    @Override
    public void modifyTestElement(TestElement element) {
        element.clear();
        configureTestElement(element);
        fields.modify(element);
    }

    @Override
    public void configure(TestElement element) {
        super.configure(element);
        DocsHelp.install(); // JMeter's Help on our elements: our docs
        fields.configure(element);
    }

    @Override
    public void clearGui() {
        super.clearGui();
        fields.clear();
    }

    /** The fields panel (tests). */
    public DubboFieldsPanel fields() {
        return fields;
    }
}
