package io.dubbostress.sampler.config.gui;

import io.dubbostress.sampler.browse.BrowsedMethod;
import io.dubbostress.sampler.browse.BrowsedService;
import io.dubbostress.sampler.gui.GuiText;
import io.dubbostress.sampler.sampler.DubboSampler;
import java.awt.BorderLayout;
import java.awt.Color;
import java.awt.Component;
import java.awt.Dimension;
import java.awt.Font;
import java.awt.Graphics;
import java.awt.GridBagConstraints;
import java.awt.GridBagLayout;
import java.awt.Insets;
import java.util.ArrayList;
import java.util.List;
import javax.swing.BorderFactory;
import javax.swing.BoxLayout;
import javax.swing.Icon;
import javax.swing.JButton;
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

    /**
     * The red asterisk of a required field: an icon, not an HTML label, so that building the panel (JMeter builds
     * every GUI to fill its menus) does not load Swing's HTML renderer.
     */
    static final Icon REQUIRED_MARK = new Icon() {
        @Override
        public void paintIcon(Component c, Graphics g, int x, int y) {
            g.setColor(new Color(0xC0, 0, 0));
            g.setFont(c.getFont());
            g.drawString("*", x + 1, y + g.getFontMetrics().getAscent());
        }

        @Override
        public int getIconWidth() {
            return 8;
        }

        @Override
        public int getIconHeight() {
            return 12;
        }
    };

    /** Width of a wrapped tooltip, in pixels. */
    private static final int TOOLTIP_WIDTH_PX = 360;

    private final List<Field> fields = new ArrayList<>();
    private final List<JLabel> labels = new ArrayList<>();
    private final boolean samplerFields;

    /** The Dubbo Defaults element's fields: all optional, no Browse button. */
    public DubboFieldsPanel() {
        this(false);
    }

    /**
     * @param samplerFields the sampler's fields: Address, Interface and Method marked as required (here or in a
     *     Dubbo Defaults element in scope), and a Browse... button that fills the service fields from a provider or
     *     a registry
     */
    public DubboFieldsPanel(boolean samplerFields) {
        super(new BorderLayout());
        this.samplerFields = samplerFields;
        JPanel groups = new JPanel();
        groups.setLayout(new BoxLayout(groups, BoxLayout.Y_AXIS));

        JPanel target = group(GuiText.get("group.target"));
        JButton browse = samplerFields ? browseButton() : null;
        row(target, GuiText.get("field.address"), DubboSampler.ADDRESS, new JTextField(40), true, samplerFields,
                GuiText.get("field.address.tip"), browse);
        row(target, GuiText.get("field.registryGroup"), DubboSampler.REGISTRY_GROUP, new JTextField(14), false, false,
                GuiText.get("field.registryGroup.tip"), null);
        row(target, GuiText.get("field.username"), DubboSampler.USERNAME, new JTextField(14), false, false,
                GuiText.get("field.username.tip"), null);
        row(target, GuiText.get("field.password"), DubboSampler.PASSWORD, new JPasswordField(14), false, false,
                GuiText.get("field.password.tip"), null);
        groups.add(target);

        JPanel service = group(GuiText.get("group.service"));
        row(service, GuiText.get("field.interface"), DubboSampler.INTERFACE, new JTextField(40), true, samplerFields,
                GuiText.get("field.interface.tip"), null);
        row(service, GuiText.get("field.method"), DubboSampler.METHOD, new JTextField(20), false, samplerFields,
                GuiText.get("field.method.tip"), null);
        row(service, GuiText.get("field.version"), DubboSampler.VERSION, new JTextField(10), false, false,
                GuiText.get("field.version.tip"), null);
        row(service, GuiText.get("field.serviceGroup"), DubboSampler.SERVICE_GROUP, new JTextField(10), false, false,
                GuiText.get("field.serviceGroup.tip"), null);
        row(service, GuiText.get("field.invocation"), DubboSampler.INVOCATION,
                combo("", DubboSampler.INVOCATION_GENERIC, DubboSampler.INVOCATION_TYPED, DubboSampler.INVOCATION_IDL),
                false, false, GuiText.get("field.invocation.tip"), null);
        groups.add(service);

        JPanel arguments = group(GuiText.get("group.arguments"));
        row(arguments, GuiText.get("field.parameterTypes"), DubboSampler.PARAMETER_TYPES, new JTextField(40), true,
                false, GuiText.get("field.parameterTypes.tip"), null);
        JTextArea values = new JTextArea(4, 40);
        values.setLineWrap(true);
        values.setFont(new Font(Font.MONOSPACED, Font.PLAIN, values.getFont().getSize()));
        row(arguments, GuiText.get("field.arguments"), DubboSampler.ARGUMENTS, values, true, false,
                GuiText.get("field.arguments.tip"), null);
        row(arguments, GuiText.get("field.attachments"), DubboSampler.ATTACHMENTS, new JTextField(40), true, false,
                GuiText.get("field.attachments.tip"), null);
        groups.add(arguments);

        groups.add(new IdlFieldsPanel((panel, label, key, widget, wide, tooltip) -> row(panel, label, key, widget,
                wide, false, tooltip, null)));

        JPanel dubbo = group(GuiText.get("group.dubbo"));
        row(dubbo, withDefault("field.timeout", DubboSampler.TIMEOUT_DEFAULT), DubboSampler.TIMEOUT,
                new JTextField(8), false, false, GuiText.get("field.timeout.tip"), null);
        row(dubbo, withDefault("field.retries", DubboSampler.RETRIES_DEFAULT), DubboSampler.RETRIES,
                new JTextField(8), false, false, GuiText.get("field.retries.tip"), null);
        row(dubbo, withDefault("field.connections", DubboSampler.CONNECTIONS_DEFAULT), DubboSampler.CONNECTIONS,
                new JTextField(8), false, false, GuiText.get("field.connections.tip"), null);
        row(dubbo, withDefault("field.loadbalance", DubboSampler.LOADBALANCE_DEFAULT), DubboSampler.LOADBALANCE,
                combo("", "random", "roundrobin", "leastactive", "consistenthash", "shortestresponse"), false, false,
                GuiText.get("field.loadbalance.tip"), null);
        row(dubbo, withDefault("field.cluster", DubboSampler.CLUSTER_DEFAULT), DubboSampler.CLUSTER,
                combo("", "failover", "failfast", "failsafe", "failback", "forking", "broadcast"), false, false,
                GuiText.get("field.cluster.tip"), null);
        row(dubbo, withDefault("field.serialization", DubboSampler.SERIALIZATION_DEFAULT),
                DubboSampler.SERIALIZATION, combo("", "hessian2", "fastjson", "java", "compactedjava", "nativejava",
                        "avro"), false, false, GuiText.get("field.serialization.tip"), null);
        groups.add(dubbo);

        JPanel results = group(GuiText.get("group.results"));
        row(results, withDefault("field.responseCheck", DubboSampler.RESPONSE_CHECK_DEFAULT),
                DubboSampler.RESPONSE_CHECK, combo("", DubboSampler.CHECK_NONE, DubboSampler.CHECK_ECHO), false, false,
                GuiText.get("field.responseCheck.tip"), null);
        row(results, withDefault("field.responseDataChars", DubboSampler.RESPONSE_DATA_CHARS_DEFAULT),
                DubboSampler.RESPONSE_DATA_CHARS, new JTextField(8), false, false,
                GuiText.get("field.responseDataChars.tip"), null);
        groups.add(results);

        alignLabels();
        add(groups, BorderLayout.NORTH);
        JPanel legend = new JPanel();
        legend.setLayout(new BoxLayout(legend, BoxLayout.Y_AXIS));
        legend.setBorder(BorderFactory.createEmptyBorder(4, 6, 4, 6));
        if (samplerFields) {
            JLabel required = new JLabel(GuiText.get("legend.required"), REQUIRED_MARK, JLabel.LEADING);
            legend.add(required);
        } else {
            legend.add(new JLabel(GuiText.get("legend.optional")));
        }
        legend.add(new JLabel(GuiText.get("legend.default")));
        add(legend, BorderLayout.CENTER);
    }

    /** A label with the built-in default it shows as [x]. */
    private static String withDefault(String key, Object value) {
        return GuiText.format(key, String.valueOf(value));
    }

    private static JPanel group(String title) {
        JPanel panel = new JPanel(new GridBagLayout());
        panel.setBorder(BorderFactory.createTitledBorder(title));
        return panel;
    }

    private static JComboBox<String> combo(String... items) {
        JComboBox<String> box = new JComboBox<>(items);
        box.setEditable(true); // a JMeter variable or another Dubbo extension name may be typed in
        box.setPrototypeDisplayValue("shortestresponse");
        return box;
    }

    private JButton browseButton() {
        JButton button = new JButton(GuiText.get("browse.button"));
        button.setName("browse");
        button.setToolTipText(wrapped(GuiText.get("browse.tip")));
        button.addActionListener(e -> BrowseDialog.open(this));
        return button;
    }

    /** A tooltip as HTML wrapped at {@value #TOOLTIP_WIDTH_PX} pixels (Swing shows plain text on one line). */
    static String wrapped(String text) {
        String escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
        return "<html><body style='width: " + TOOLTIP_WIDTH_PX + "px'>" + escaped + "</body></html>";
    }

    /**
     * @param wide the widget takes the row's width (addresses, names, JSON); otherwise it keeps the width of its
     *     content (numbers, choices)
     * @param required marked with a red asterisk
     * @param trailing an extra component after the widget (the Browse button), or null
     */
    private void row(JPanel panel, String label, String key, JComponent widget, boolean wide, boolean required,
            String tooltip, JComponent trailing) {
        int y = rowsIn(panel);
        String tip = wrapped(required ? GuiText.format("field.required.tip", tooltip) : tooltip);
        GridBagConstraints c = new GridBagConstraints();
        c.gridx = 0;
        c.gridy = y;
        c.anchor = widget instanceof JTextArea ? GridBagConstraints.NORTHEAST : GridBagConstraints.EAST;
        c.insets = new Insets(3, 4, 3, 6);
        JLabel name = new JLabel(GuiText.format("field.label", label));
        if (required) {
            name.setIcon(REQUIRED_MARK); // after the text: "Address:*"
            name.setHorizontalTextPosition(JLabel.LEADING);
            name.getAccessibleContext().setAccessibleDescription(GuiText.get("field.required.accessible"));
        }
        name.setHorizontalAlignment(JLabel.RIGHT);
        name.setToolTipText(tip);
        panel.add(name, c);
        labels.add(name);
        c = new GridBagConstraints();
        c.gridx = 1;
        c.gridy = y;
        c.weightx = 1;
        c.anchor = GridBagConstraints.WEST;
        c.fill = wide ? GridBagConstraints.HORIZONTAL : GridBagConstraints.NONE;
        c.insets = new Insets(3, 0, 3, 4);
        widget.setToolTipText(tip);
        if (widget instanceof JComboBox) {
            ((JComponent) ((JComboBox<?>) widget).getEditor().getEditorComponent()).setToolTipText(tip);
        }
        widget.setName(key);
        name.setLabelFor(widget);
        panel.add(widget instanceof JTextArea ? new JScrollPane(widget) : widget, c);
        if (trailing != null) {
            c = new GridBagConstraints();
            c.gridx = 2;
            c.gridy = y;
            c.insets = new Insets(3, 0, 3, 4);
            panel.add(trailing, c);
        }
        fields.add(new Field(key, widget));
    }

    private static int rowsIn(JPanel panel) {
        GridBagLayout layout = (GridBagLayout) panel.getLayout();
        int rows = 0;
        for (java.awt.Component component : panel.getComponents()) {
            rows = Math.max(rows, layout.getConstraints(component).gridy + 1);
        }
        return rows;
    }

    /** One label column for every group: each label as wide as the widest, so the fields start at one x. */
    private void alignLabels() {
        int width = 0;
        for (JLabel label : labels) {
            width = Math.max(width, label.getPreferredSize().width);
        }
        for (JLabel label : labels) {
            Dimension size = new Dimension(width, label.getPreferredSize().height);
            label.setPreferredSize(size);
            label.setMinimumSize(size);
        }
    }

    /** Whether this panel holds the sampler's fields (required marks, Browse button). */
    public boolean samplerFields() {
        return samplerFields;
    }

    /**
     * Fills the service fields from a browse: Interface, Version, Service group; Registry group when the service was
     * found in a registry (empty for ZooKeeper's default root, {@code dubbo}); with a method, Method and (when the
     * browse knew them) Parameter types, and Arguments with one placeholder per parameter when Arguments was empty or
     * the parameter types changed. Fields the browse did not know are left as they are. An IDL method (from .proto
     * files or server reflection): Interface, Method, Invocation idl, Parameter types its request type, Arguments its
     * JSON request template; Version and the groups stay.
     */
    public void applyChoice(BrowsedService service, BrowsedMethod method) {
        field(DubboSampler.INTERFACE).write(service.interfaceName());
        boolean idl = method != null && method.idl();
        if (!idl) { // an IDL service has no version or group of its own: a triple provider's stay as typed
            field(DubboSampler.VERSION).write(service.version());
            field(DubboSampler.SERVICE_GROUP).write(service.group());
        }
        if (!idl && service.registryGroup() != null) {
            field(DubboSampler.REGISTRY_GROUP).write(service.registryGroupField());
        }
        if (method == null) {
            return;
        }
        if (idl) {
            field(DubboSampler.INVOCATION).write(DubboSampler.INVOCATION_IDL);
        }
        field(DubboSampler.METHOD).write(method.name());
        if (method.typesKnown()) {
            String before = field(DubboSampler.PARAMETER_TYPES).read();
            String types = method.parameterTypesField();
            field(DubboSampler.PARAMETER_TYPES).write(types);
            if (field(DubboSampler.ARGUMENTS).read().trim().isEmpty() || !sameTypes(before, types)) {
                field(DubboSampler.ARGUMENTS).write(method.argumentsSkeleton());
            }
        }
    }

    private static boolean sameTypes(String a, String b) {
        return a.replaceAll("\\s+", "").equals(b.replaceAll("\\s+", ""));
    }

    /** The current text of a field (the Browse dialog reads Address, Registry group, user, password and timeout). */
    public String text(String key) {
        return field(key).read();
    }

    private Field field(String key) {
        for (Field field : fields) {
            if (field.key.equals(key)) {
                return field;
            }
        }
        throw new IllegalArgumentException("no field " + key);
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
