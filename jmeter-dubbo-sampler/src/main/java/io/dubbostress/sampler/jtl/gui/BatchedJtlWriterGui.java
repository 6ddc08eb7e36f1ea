package io.dubbostress.sampler.jtl.gui;

import io.dubbostress.sampler.gui.GuiText;
import io.dubbostress.sampler.install.SamplerJar;
import io.dubbostress.sampler.jtl.BatchedJtlWriter;
import java.awt.BorderLayout;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JTextField;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.visualizers.gui.AbstractListenerGui;

/**
 * The Batched JTL Writer's GUI (Add > Listener > Batched JTL Writer): the file name, variables and {@code __P}
 * allowed (e.g. {@code ${__P(jtl_file,)}}: empty, it writes nothing).
 */
public class BatchedJtlWriterGui extends AbstractListenerGui {

    static {
        SamplerJar.loaded(); // one line in jmeter.log, once per JVM, when JMeter loads the plugin
    }

    private static final long serialVersionUID = 1L;

    private final JTextField filename = new JTextField(40);

    public BatchedJtlWriterGui() {
        setLayout(new BorderLayout(0, 5));
        setBorder(makeBorder());
        add(makeTitlePanel(), BorderLayout.NORTH);
        JPanel fields = new JPanel(new BorderLayout(6, 0));
        JLabel label = new JLabel(GuiText.get("jtlWriter.file"));
        label.setLabelFor(filename);
        filename.setName("filename");
        filename.setToolTipText(GuiText.get("jtlWriter.file.tip"));
        fields.add(label, BorderLayout.WEST);
        fields.add(filename, BorderLayout.CENTER);
        JPanel north = new JPanel(new BorderLayout(0, 5));
        north.add(fields, BorderLayout.NORTH);
        north.add(new JLabel("<html>" + GuiText.get("jtlWriter.note") + "</html>"), BorderLayout.CENTER);
        add(north, BorderLayout.CENTER);
    }

    @Override
    public String getStaticLabel() {
        return GuiText.get(getLabelResource()); // JMeter's language (GuiText)
    }

    @Override
    public String getLabelResource() {
        return "batched_jtl_writer"; // a key of our GuiText, not of JMeter's bundle: getStaticLabel() gives the name
    }

    @Override
    public TestElement createTestElement() {
        BatchedJtlWriter element = new BatchedJtlWriter();
        modifyTestElement(element);
        return element;
    }

    @Override
    public void modifyTestElement(TestElement element) {
        element.clear();
        configureTestElement(element);
        String text = filename.getText().trim();
        if (!text.isEmpty()) {
            element.setProperty(BatchedJtlWriter.FILENAME, text);
        }
    }

    @Override
    public void configure(TestElement element) {
        super.configure(element);
        filename.setText(element.getPropertyAsString(BatchedJtlWriter.FILENAME));
    }

    @Override
    public void clearGui() {
        super.clearGui();
        filename.setText("");
    }
}
