package io.dubbostress.sampler.config.gui;

import io.dubbostress.sampler.gui.GuiText;
import io.dubbostress.sampler.sampler.DubboSampler;
import java.awt.GridBagLayout;
import javax.swing.BorderFactory;
import javax.swing.JComponent;
import javax.swing.JPanel;
import javax.swing.JTextField;

/**
 * The protobuf IDL fields (jmeter-dubbo3-sampler calls IDL services; jmeter-dubbo-sampler keeps the fields, so a plan
 * saved with either jar keeps them, and answers an IDL sample with a {@code CONFIG} failure): the {@code .proto} files
 * or a descriptor set, their import path and a CA file for TLS. The rows are laid out and bound by the panel that holds
 * this group ({@link DubboFieldsPanel}), as its other groups are; the service, method and request are its Interface,
 * Method and Arguments fields.
 */
public final class IdlFieldsPanel extends JPanel {

    private static final long serialVersionUID = 1L;

    /** How a row is laid out and bound to its property (the holding panel's rows). */
    interface Rows {
        void row(JPanel panel, String label, String key, JComponent widget, boolean wide, String tooltip);
    }

    IdlFieldsPanel(Rows rows) {
        super(new GridBagLayout());
        setBorder(BorderFactory.createTitledBorder(GuiText.get("group.idl")));
        rows.row(this, GuiText.get("field.protoFiles"), DubboSampler.PROTO_FILES, new JTextField(40), true,
                GuiText.get("field.protoFiles.tip"));
        rows.row(this, GuiText.get("field.protoPath"), DubboSampler.PROTO_PATH, new JTextField(40), true,
                GuiText.get("field.protoPath.tip"));
        rows.row(this, GuiText.get("field.tlsCaFile"), DubboSampler.TLS_CA_FILE, new JTextField(40), true,
                GuiText.get("field.tlsCaFile.tip"));
    }
}
