package io.dubbostress.sampler.config.gui;

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
        setBorder(BorderFactory.createTitledBorder("Protobuf IDL (tri:// with invocation idl, grpc://; needs"
                + " jmeter-dubbo3-sampler)"));
        rows.row(this, "Proto files", DubboSampler.PROTO_FILES, new JTextField(40), true,
                "the service's .proto files, comma-separated (parsed in Java: no protoc needed), or one descriptor"
                        + " set (protoc --include_imports --descriptor_set_out=x.pb); empty: the server's gRPC"
                        + " reflection. Interface is the service's full name (io.x.OrderService), Method its method"
                        + " (Place), Arguments the request as JSON ({\"id\": 7}; {\"$payload\": 1024} for a string"
                        + " or bytes)");
        rows.row(this, "Import path", DubboSampler.PROTO_PATH, new JTextField(40), true,
                "folders where the .proto files' imports are found, comma-separated (empty: the files' own folders);"
                        + " google/protobuf/*.proto are always found");
        rows.row(this, "TLS CA file", DubboSampler.TLS_CA_FILE, new JTextField(40), true,
                "PEM file of the CA certificate(s) the server's certificate must chain to: grpc:// then uses TLS"
                        + " (grpcs:// uses TLS with the JVM's trusted CAs when this is empty)");
    }
}
