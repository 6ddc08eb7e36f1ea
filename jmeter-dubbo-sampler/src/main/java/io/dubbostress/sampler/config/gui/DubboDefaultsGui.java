package io.dubbostress.sampler.config.gui;

import io.dubbostress.sampler.config.DubboDefaults;
import io.dubbostress.sampler.gui.GuiText;
import io.dubbostress.sampler.install.DocsHelp;
import io.dubbostress.sampler.install.SamplerJar;
import java.awt.BorderLayout;
import javax.swing.JScrollPane;
import org.apache.jmeter.config.gui.AbstractConfigGui;
import org.apache.jmeter.testelement.TestElement;

/** The Dubbo Defaults element's GUI (Add > Config Element > Dubbo Defaults): the sampler's fields, all optional. */
public class DubboDefaultsGui extends AbstractConfigGui {

    static {
        SamplerJar.loaded(); // one line in jmeter.log, once per JVM, when JMeter loads the plugin
    }

    private static final long serialVersionUID = 1L;

    private final DubboFieldsPanel fields = new DubboFieldsPanel();

    public DubboDefaultsGui() {
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
        return "dubbo_defaults"; // a key of our GuiText, not of JMeter's bundle: getStaticLabel() gives the name
    }

    /** Our documentation's page for JMeter's Help ({@link DocsHelp}), under the release's docs/. */
    @Override
    public String getDocAnchor() {
        return "SAMPLER.md#fields-and-property-keys";
    }

    @Override
    public TestElement createTestElement() {
        DubboDefaults element = new DubboDefaults();
        modifyTestElement(element);
        return element;
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
