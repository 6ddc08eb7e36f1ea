package io.dubbostress.sampler.config.gui;

import io.dubbostress.sampler.sampler.DubboSampler;
import java.awt.BorderLayout;
import java.awt.Font;
import java.awt.GridBagConstraints;
import java.awt.GridBagLayout;
import java.awt.Insets;
import java.util.ArrayList;
import java.util.List;
import javax.swing.BorderFactory;
import javax.swing.BoxLayout;
import javax.swing.JComboBox;
import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JPasswordField;
import javax.swing.JScrollPane;
import javax.swing.JTextArea;
import javax.swing.JTextField;
import javax.swing.text.JTextComponent;
import org.apache.jmeter.testelement.TestElement;

/**
 * The Dubbo fields, grouped as a user thinks of them (target, service, arguments, Dubbo settings, results), shared
 * by the sampler's GUI and the Dubbo Defaults GUI. An empty field removes its property: the Defaults element (in the
 * sampler) or the built-in default (shown in the label) applies. Cheap to construct: plain Swing widgets.
 */
public final class DubboFieldsPanel extends JPanel {

    private static final long serialVersionUID = 1L;

    /** One widget bound to one property. */
    private static final class Field {
        final String key;
        final JComponent widget;

        Field(String key, JComponent widget) {
            this.key = key;
            this.widget = widget;
        }

        String read() {
            if (widget instanceof JComboBox) {
                Object item = ((JComboBox<?>) widget).getEditor().getItem();
                return item == null ? "" : item.toString().trim();
            }
            if (widget instanceof JPasswordField) {
                return new String(((JPasswordField) widget).getPassword());
            }
            String text = ((JTextComponent) widget).getText();
            return widget instanceof JTextArea ? text : text.trim();
        }

        void write(String value) {
            if (widget instanceof JComboBox) {
                ((JComboBox<?>) widget).getEditor().setItem(value);
                ((JComboBox<?>) widget).setSelectedItem(value);
            } else {
                ((JTextComponent) widget).setText(value);
            }
        }
    }

    private final List<Field> fields = new ArrayList<>();

    public DubboFieldsPanel() {
        super(new BorderLayout());
        JPanel groups = new JPanel();
        groups.setLayout(new BoxLayout(groups, BoxLayout.Y_AXIS));

        JPanel target = group("Target");
        row(target, "Address", DubboSampler.ADDRESS, new JTextField(40),
                "dubbo://host:port (several: comma-separated) calls providers directly; zookeeper://host:port"
                        + " discovers them; http://host:port/path calls the consumer controller (the hop)");
        row(target, "Registry user", DubboSampler.USERNAME, new JTextField(12), "ZooKeeper digest user (optional)");
        row(target, "Registry password", DubboSampler.PASSWORD, new JPasswordField(12),
                "ZooKeeper digest password (optional; never logged or shown in results)");
        groups.add(target);

        JPanel service = group("Service");
        row(service, "Interface", DubboSampler.INTERFACE, new JTextField(40),
                "fully qualified interface name, e.g. io.dubbostress.api.StressTestService");
        row(service, "Method", DubboSampler.METHOD, new JTextField(20), "method name, e.g. echo");
        row(service, "Version", DubboSampler.VERSION, new JTextField(10), "service version (optional)");
        row(service, "Group", DubboSampler.GROUP, new JTextField(10), "service group (optional)");
        row(service, "Invocation [generic]", DubboSampler.INVOCATION,
                combo("", DubboSampler.INVOCATION_GENERIC, DubboSampler.INVOCATION_TYPED),
                "generic: GenericService, no service jar needed; typed: the interface's own proxy (its jar in"
                        + " lib/ext), as production clients call");
        groups.add(service);

        JPanel arguments = group("Arguments");
        row(arguments, "Parameter types", DubboSampler.PARAMETER_TYPES, new JTextField(40),
                "comma-separated: java.lang.String, int, io.x.Order (short names for java.lang/math/time/util)");
        JTextArea values = new JTextArea(4, 40);
        values.setLineWrap(true);
        values.setFont(new Font(Font.MONOSPACED, Font.PLAIN, values.getFont().getSize()));
        row(arguments, "Arguments (JSON array)", DubboSampler.ARGUMENTS, values,
                "one JSON value per type: [\"abc\", 42, {\"id\": 1}]; {\"$payload\": 1024} is a 1024-byte string;"
                        + " {\"$type\": \"java.time.LocalDate\", \"value\": \"2024-01-31\"} an explicit type");
        row(arguments, "Attachments (JSON object)", DubboSampler.ATTACHMENTS, new JTextField(40),
                "sent with every call: {\"traceId\": \"${__UUID()}\"}");
        groups.add(arguments);

        JPanel dubbo = group("Dubbo settings");
        row(dubbo, "Timeout ms [" + DubboSampler.TIMEOUT_DEFAULT + "]", DubboSampler.TIMEOUT, new JTextField(8),
                "call timeout in milliseconds (the hop: connect and read timeout)");
        row(dubbo, "Retries [" + DubboSampler.RETRIES_DEFAULT + "]", DubboSampler.RETRIES, new JTextField(4),
                "retries after a failure (0: every failure is seen)");
        row(dubbo, "Connections [" + DubboSampler.CONNECTIONS_DEFAULT + "]", DubboSampler.CONNECTIONS,
                new JTextField(4), "connections per provider; 0 = one connection shared by all references");
        row(dubbo, "Load balance [" + DubboSampler.LOADBALANCE_DEFAULT + "]", DubboSampler.LOADBALANCE,
                combo("", "random", "roundrobin", "leastactive", "consistenthash", "shortestresponse"),
                "how a provider is chosen among several");
        row(dubbo, "Cluster [" + DubboSampler.CLUSTER_DEFAULT + "]", DubboSampler.CLUSTER,
                combo("", "failover", "failfast", "failsafe", "failback", "forking", "broadcast"),
                "what a failure does (with retries 0, failover and failfast both fail at once)");
        row(dubbo, "Serialization [" + DubboSampler.SERIALIZATION_DEFAULT + "]", DubboSampler.SERIALIZATION,
                combo("", "hessian2", "fastjson", "java", "compactedjava", "nativejava", "avro"),
                "wire format; the provider must accept it");
        groups.add(dubbo);

        JPanel results = group("Results");
        row(results, "Response check [" + DubboSampler.RESPONSE_CHECK_DEFAULT + "]", DubboSampler.RESPONSE_CHECK,
                combo("", DubboSampler.CHECK_NONE, DubboSampler.CHECK_ECHO),
                "echo: the response must equal the first argument (hop: HTTP 200 with \"ok\":true)");
        row(results, "Response data chars [" + DubboSampler.RESPONSE_DATA_CHARS_DEFAULT + "]",
                DubboSampler.RESPONSE_DATA_CHARS, new JTextField(8),
                "characters of the response kept in the result: 0 none (fastest), -1 all");
        groups.add(results);

        add(groups, BorderLayout.NORTH);
    }

    private static JPanel group(String title) {
        JPanel panel = new JPanel(new GridBagLayout());
        panel.setBorder(BorderFactory.createTitledBorder(title));
        return panel;
    }

    private static JComboBox<String> combo(String... items) {
        JComboBox<String> box = new JComboBox<>(items);
        box.setEditable(true); // a JMeter variable or another Dubbo extension name may be typed in
        return box;
    }

    private void row(JPanel panel, String label, String key, JComponent widget, String tooltip) {
        int y = panel.getComponentCount() / 2;
        GridBagConstraints c = new GridBagConstraints();
        c.gridx = 0;
        c.gridy = y;
        c.anchor = GridBagConstraints.NORTHWEST;
        c.insets = new Insets(2, 4, 2, 8);
        JLabel name = new JLabel(label);
        name.setToolTipText(tooltip);
        panel.add(name, c);
        c = new GridBagConstraints();
        c.gridx = 1;
        c.gridy = y;
        c.weightx = 1;
        c.fill = GridBagConstraints.HORIZONTAL;
        c.insets = new Insets(2, 0, 2, 4);
        widget.setToolTipText(tooltip);
        widget.setName(key);
        name.setLabelFor(widget);
        panel.add(widget instanceof JTextArea ? new JScrollPane(widget) : widget, c);
        fields.add(new Field(key, widget));
    }

    /** Element -> widgets. */
    public void configure(TestElement element) {
        for (Field field : fields) {
            field.write(element.getPropertyAsString(field.key, ""));
        }
    }

    /** Widgets -> element; an empty field removes its property. */
    public void modify(TestElement element) {
        for (Field field : fields) {
            String value = field.read();
            if (value.trim().isEmpty()) {
                element.removeProperty(field.key);
            } else {
                element.setProperty(field.key, value);
            }
        }
    }

    /** Every widget empty: the defaults apply. */
    public void clear() {
        for (Field field : fields) {
            field.write("");
        }
    }

    /** The widget for a key (tests, screenshots). */
    public JComponent widget(String key) {
        for (Field field : fields) {
            if (field.key.equals(key)) {
                return field.widget;
            }
        }
        throw new IllegalArgumentException("no field " + key);
    }
}
