package io.dubbostress.sampler.gui;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.sampler.config.DubboDefaults;
import io.dubbostress.sampler.config.gui.DubboDefaultsGui;
import io.dubbostress.sampler.control.gui.DubboSamplerGui;
import io.dubbostress.sampler.sampler.DubboSampler;
import java.nio.file.Path;
import javax.swing.JComboBox;
import javax.swing.JTextField;
import javax.swing.text.JTextComponent;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** configure / modify / clearGui round trips, headless (-Djava.awt.headless=true). */
class GuiRoundTripTest {

    @TempDir
    static Path home;

    @BeforeAll
    static void jmeter() {
        io.dubbostress.sampler.EmbeddedJMeter.init(home);
        assertThat(JMeterUtils.getJMeterHome()).isNotNull();
    }

    private static DubboSampler configured() {
        DubboSampler sampler = new DubboSampler();
        sampler.setName("echo");
        sampler.setProperty(DubboSampler.ADDRESS, "dubbo://127.0.0.1:20880");
        sampler.setProperty(DubboSampler.INTERFACE, "io.dubbostress.api.StressTestService");
        sampler.setProperty(DubboSampler.METHOD, "echo");
        sampler.setProperty(DubboSampler.PARAMETER_TYPES, "java.lang.String");
        sampler.setProperty(DubboSampler.ARGUMENTS, "[{\"$payload\": 1024}]\n");
        sampler.setProperty(DubboSampler.TIMEOUT, "${timeout}");
        sampler.setProperty(DubboSampler.PASSWORD, "s3cret");
        sampler.setProperty(DubboSampler.LOADBALANCE, "roundrobin");
        sampler.setProperty(DubboSampler.RESPONSE_CHECK, "echo");
        return sampler;
    }

    @Test
    void samplerGuiKeepsEveryFieldAndEmptyFieldsRemoveTheirProperty() {
        DubboSamplerGui gui = new DubboSamplerGui();
        DubboSampler original = configured();
        gui.configure(original);
        TestElement copy = gui.createTestElement();
        gui.modifyTestElement(copy);
        for (String key : new String[] {DubboSampler.ADDRESS, DubboSampler.INTERFACE, DubboSampler.METHOD,
            DubboSampler.PARAMETER_TYPES, DubboSampler.ARGUMENTS, DubboSampler.TIMEOUT, DubboSampler.PASSWORD,
            DubboSampler.LOADBALANCE, DubboSampler.RESPONSE_CHECK}) {
            assertThat(copy.getPropertyAsString(key)).as(key).isEqualTo(original.getPropertyAsString(key));
        }
        assertThat(copy.getPropertyAsString(TestElement.NAME)).isEqualTo("echo");
        assertThat(copy.getPropertyAsString(TestElement.GUI_CLASS)).isEqualTo(DubboSamplerGui.class.getName());
        assertThat(copy.getPropertyAsString(DubboSampler.RETRIES, "absent")).isEqualTo("absent"); // never set
        assertThat(copy).isInstanceOf(DubboSampler.class);

        ((JTextField) gui.fields().widget(DubboSampler.TIMEOUT)).setText("  ");
        ((JComboBox<?>) gui.fields().widget(DubboSampler.LOADBALANCE)).getEditor().setItem("");
        gui.modifyTestElement(copy);
        assertThat(copy.getPropertyAsString(DubboSampler.TIMEOUT, "absent")).isEqualTo("absent");
        assertThat(copy.getPropertyAsString(DubboSampler.LOADBALANCE, "absent")).isEqualTo("absent");
    }

    @Test
    void clearGuiEmptiesEveryField() {
        DubboSamplerGui gui = new DubboSamplerGui();
        gui.configure(configured());
        gui.clearGui();
        assertThat(((JTextComponent) gui.fields().widget(DubboSampler.ADDRESS)).getText()).isEmpty();
        TestElement cleared = gui.createTestElement();
        assertThat(cleared.getPropertyAsString(DubboSampler.ADDRESS, "absent")).isEqualTo("absent");
        assertThat(cleared.getPropertyAsString(DubboSampler.RESPONSE_CHECK, "absent")).isEqualTo("absent");
    }

    @Test
    void defaultsGuiUsesTheSameKeysAndTheSamplerTakesItsValues() {
        DubboDefaultsGui gui = new DubboDefaultsGui();
        gui.clearGui();
        ((JTextField) gui.fields().widget(DubboSampler.TIMEOUT)).setText("2500");
        ((JTextField) gui.fields().widget(DubboSampler.ADDRESS)).setText("zookeeper://127.0.0.1:2181");
        TestElement defaults = gui.createTestElement();
        assertThat(defaults).isInstanceOf(DubboDefaults.class);
        assertThat(defaults.getPropertyAsString(DubboSampler.TIMEOUT)).isEqualTo("2500");

        DubboSampler sampler = new DubboSampler();
        sampler.setProperty(DubboSampler.ADDRESS, "dubbo://127.0.0.1:20880");
        assertThat(sampler.applies((DubboDefaults) defaults)).isTrue();
        sampler.addTestElement(defaults); // what JMeter does before each sample
        assertThat(sampler.fieldText(DubboSampler.TIMEOUT)).isEqualTo("2500");
        assertThat(sampler.fieldText(DubboSampler.ADDRESS)).isEqualTo("dubbo://127.0.0.1:20880");
        assertThat(gui.getStaticLabel()).isEqualTo("Dubbo Defaults");
        assertThat(new DubboSamplerGui().getStaticLabel()).isEqualTo("Dubbo Sampler");
    }

    /** Lays a component tree out at a size, as a window would, without a display. */
    private static void layOut(java.awt.Container container, int width, int height) {
        container.setSize(width, height);
        layOutTree(container);
    }

    private static void layOutTree(java.awt.Container container) {
        container.doLayout();
        for (java.awt.Component child : container.getComponents()) {
            if (child instanceof java.awt.Container) {
                if (child.getWidth() == 0) {
                    child.setSize(child.getPreferredSize());
                }
                layOutTree((java.awt.Container) child);
            }
        }
    }

    private static int xInPanel(javax.swing.JComponent widget, javax.swing.JComponent panel) {
        return javax.swing.SwingUtilities.convertPoint(widget.getParent(), widget.getLocation(), panel).x;
    }

    @Test
    void fieldsStartAtOneXInEveryGroupAndShortFieldsKeepTheWidthOfTheirContent() {
        DubboSamplerGui gui = new DubboSamplerGui();
        layOut(gui.fields(), 1200, 900);
        javax.swing.JComponent panel = gui.fields();
        int address = xInPanel(gui.fields().widget(DubboSampler.ADDRESS), panel);
        for (String key : new String[] {DubboSampler.INTERFACE, DubboSampler.METHOD, DubboSampler.PARAMETER_TYPES,
            DubboSampler.TIMEOUT, DubboSampler.RETRIES, DubboSampler.LOADBALANCE, DubboSampler.RESPONSE_CHECK,
            DubboSampler.RESPONSE_DATA_CHARS}) {
            assertThat(xInPanel(gui.fields().widget(key), panel)).as(key + " starts where Address starts")
                    .isEqualTo(address);
        }
        int wide = gui.fields().widget(DubboSampler.INTERFACE).getWidth();
        assertThat(wide).as("Interface takes the row").isGreaterThan(700);
        for (String key : new String[] {DubboSampler.TIMEOUT, DubboSampler.RETRIES, DubboSampler.CONNECTIONS,
            DubboSampler.RESPONSE_DATA_CHARS, DubboSampler.LOADBALANCE, DubboSampler.VERSION}) {
            assertThat(gui.fields().widget(key).getWidth()).as(key + " keeps its content's width")
                    .isLessThan(wide / 3);
        }
    }

    @Test
    void requiredFieldsAreMarkedAndTooltipsWrapInTheSamplerOnly() {
        DubboSamplerGui gui = new DubboSamplerGui();
        for (String key : new String[] {DubboSampler.ADDRESS, DubboSampler.INTERFACE, DubboSampler.METHOD}) {
            javax.swing.JLabel label = labelFor(gui.fields(), gui.fields().widget(key));
            assertThat(label.getIcon()).as(key + " marked").isNotNull();
            assertThat(label.getAccessibleContext().getAccessibleDescription()).as(key).isEqualTo("required");
            assertThat(gui.fields().widget(key).getToolTipText()).as(key).startsWith("<html>")
                    .contains("width: 360px", "Required");
        }
        assertThat(labelFor(gui.fields(), gui.fields().widget(DubboSampler.VERSION)).getIcon()).isNull();
        assertThat(gui.fields().widget(DubboSampler.ARGUMENTS).getToolTipText())
                .startsWith("<html>").contains("[\"abc\", 42, {\"id\": 1}]");
        assertThat(find(gui.fields(), "browse")).as("Browse button").isNotNull();

        DubboDefaultsGui defaults = new DubboDefaultsGui();
        assertThat(labelFor(defaults.fields(), defaults.fields().widget(DubboSampler.ADDRESS)).getIcon()).isNull();
        assertThat(find(defaults.fields(), "browse")).as("no Browse button in the Defaults").isNull();
    }

    @Test
    void aBrowsedMethodFillsTheServiceFieldsAndArgumentPlaceholders() {
        DubboSamplerGui gui = new DubboSamplerGui();
        gui.configure(configured());
        io.dubbostress.sampler.browse.BrowsedMethod order = new io.dubbostress.sampler.browse.BrowsedMethod(
                "place", java.util.Arrays.asList("io.x.Order", "int"), "boolean");
        io.dubbostress.sampler.browse.BrowsedService shop = new io.dubbostress.sampler.browse.BrowsedService(
                "io.x.Shop", "1.0", "eu", java.util.Collections.singletonList(order),
                java.util.Collections.singletonList("127.0.0.1:20880"));
        gui.fields().applyChoice(shop, order);
        TestElement element = gui.createTestElement();
        assertThat(element.getPropertyAsString(DubboSampler.INTERFACE)).isEqualTo("io.x.Shop");
        assertThat(element.getPropertyAsString(DubboSampler.VERSION)).isEqualTo("1.0");
        assertThat(element.getPropertyAsString(DubboSampler.GROUP)).isEqualTo("eu");
        assertThat(element.getPropertyAsString(DubboSampler.METHOD)).isEqualTo("place");
        assertThat(element.getPropertyAsString(DubboSampler.PARAMETER_TYPES)).isEqualTo("io.x.Order, int");
        // the types changed: the old arguments cannot fit, placeholders replace them
        assertThat(element.getPropertyAsString(DubboSampler.ARGUMENTS)).isEqualTo("[{}, 0]");
        assertThat(element.getPropertyAsString(DubboSampler.ADDRESS)).isEqualTo("dubbo://127.0.0.1:20880");

        // same types: the user's arguments stay; a registry's method without types leaves types and arguments
        ((JTextComponent) gui.fields().widget(DubboSampler.ARGUMENTS)).setText("[{\"id\": 7}, 3]");
        gui.fields().applyChoice(shop, order);
        assertThat(gui.fields().text(DubboSampler.ARGUMENTS)).isEqualTo("[{\"id\": 7}, 3]");
        gui.fields().applyChoice(shop, new io.dubbostress.sampler.browse.BrowsedMethod("cancel", null, null));
        assertThat(gui.fields().text(DubboSampler.METHOD)).isEqualTo("cancel");
        assertThat(gui.fields().text(DubboSampler.PARAMETER_TYPES)).isEqualTo("io.x.Order, int");
    }

    @Test
    void theFormNamesBothGroupsEachWithItsTooltipAndKeepsThemApart() {
        DubboSamplerGui gui = new DubboSamplerGui();
        javax.swing.JComponent registryGroup = gui.fields().widget(DubboSampler.REGISTRY_GROUP);
        javax.swing.JComponent serviceGroup = gui.fields().widget(DubboSampler.SERVICE_GROUP);
        assertThat(labelFor(gui.fields(), registryGroup).getText()).isEqualTo("Registry group:");
        assertThat(labelFor(gui.fields(), serviceGroup).getText()).isEqualTo("Service group:");
        assertThat(registryGroup.getToolTipText()).contains("ZooKeeper the root node", "/dubbo when empty",
                "Nacos the Nacos group", "DEFAULT_GROUP", "this field wins over a group= written in Address",
                "Not the service group");
        assertThat(serviceGroup.getToolTipText()).contains("the group the provider exports the interface in",
                "Not the registry's group");
        // the Registry group sits with the target, the Service group with the service
        assertThat(registryGroup.getParent()).isSameAs(gui.fields().widget(DubboSampler.ADDRESS).getParent());
        assertThat(serviceGroup.getParent()).isSameAs(gui.fields().widget(DubboSampler.INTERFACE).getParent());

        DubboSampler original = configured();
        original.setProperty(DubboSampler.ADDRESS, "zookeeper://127.0.0.1:2181?group=ignored");
        original.setProperty(DubboSampler.REGISTRY_GROUP, "dubbo-2.6");
        original.setProperty(DubboSampler.SERVICE_GROUP, "gold");
        gui.configure(original);
        assertThat(gui.fields().text(DubboSampler.REGISTRY_GROUP)).isEqualTo("dubbo-2.6");
        assertThat(gui.fields().text(DubboSampler.SERVICE_GROUP)).isEqualTo("gold");
        TestElement copy = gui.createTestElement();
        assertThat(copy.getPropertyAsString("DubboSampler.registryGroup")).isEqualTo("dubbo-2.6");
        assertThat(copy.getPropertyAsString("DubboSampler.group")).isEqualTo("gold");
        assertThat(copy.getPropertyAsString(DubboSampler.ADDRESS)).isEqualTo("zookeeper://127.0.0.1:2181?group=ignored");

        ((JTextField) registryGroup).setText(" ");
        gui.modifyTestElement(copy);
        assertThat(copy.getPropertyAsString(DubboSampler.REGISTRY_GROUP, "absent")).isEqualTo("absent");
        assertThat(copy.getPropertyAsString(DubboSampler.SERVICE_GROUP)).isEqualTo("gold");
        gui.clearGui();
        assertThat(gui.fields().text(DubboSampler.REGISTRY_GROUP)).isEmpty();
        assertThat(gui.fields().text(DubboSampler.SERVICE_GROUP)).isEmpty();
        assertThat(gui.createTestElement().getPropertyAsString(DubboSampler.SERVICE_GROUP, "absent")).isEqualTo("absent");

        // the Defaults form has both, under the same keys, and a sampler takes them from it
        DubboDefaultsGui defaultsGui = new DubboDefaultsGui();
        defaultsGui.clearGui();
        ((JTextField) defaultsGui.fields().widget(DubboSampler.REGISTRY_GROUP)).setText("dubbo-2.6");
        ((JTextField) defaultsGui.fields().widget(DubboSampler.SERVICE_GROUP)).setText("gold");
        TestElement defaults = defaultsGui.createTestElement();
        assertThat(defaults.getPropertyAsString("DubboSampler.registryGroup")).isEqualTo("dubbo-2.6");
        DubboSampler sampler = new DubboSampler();
        sampler.addTestElement(defaults);
        assertThat(sampler.fieldText(DubboSampler.REGISTRY_GROUP)).isEqualTo("dubbo-2.6");
        assertThat(sampler.fieldText(DubboSampler.SERVICE_GROUP)).isEqualTo("gold");
        defaultsGui.clearGui();
        assertThat(defaultsGui.fields().text(DubboSampler.REGISTRY_GROUP)).isEmpty();
    }

    @Test
    void browsingARegistryFillsTheRegistryGroupAndAProviderLeavesIt() {
        DubboSamplerGui gui = new DubboSamplerGui();
        gui.configure(configured());
        io.dubbostress.sampler.browse.BrowsedMethod hello = new io.dubbostress.sampler.browse.BrowsedMethod("hello",
                null, null);
        java.util.List<String> at = java.util.Collections.singletonList("127.0.0.1:20880");
        gui.fields().applyChoice(new io.dubbostress.sampler.browse.BrowsedService("io.x.Shop", "2.0.0", "gold",
                java.util.Collections.singletonList(hello), at, "dubbo-2.6"), hello);
        assertThat(gui.fields().text(DubboSampler.REGISTRY_GROUP)).isEqualTo("dubbo-2.6");
        assertThat(gui.fields().text(DubboSampler.SERVICE_GROUP)).isEqualTo("gold");
        // a provider asked on its port knows no registry: the field stays
        gui.fields().applyChoice(new io.dubbostress.sampler.browse.BrowsedService("io.x.Shop", "", "",
                java.util.Collections.singletonList(hello), at), hello);
        assertThat(gui.fields().text(DubboSampler.REGISTRY_GROUP)).isEqualTo("dubbo-2.6");
        assertThat(gui.fields().text(DubboSampler.SERVICE_GROUP)).isEmpty();
        // ZooKeeper's default root is an empty field (it means /dubbo, and a Nacos address would not get group=dubbo)
        io.dubbostress.sampler.browse.BrowsedService underDefault = new io.dubbostress.sampler.browse.BrowsedService(
                "io.x.Shop", "", "", java.util.Collections.singletonList(hello), at, "dubbo");
        gui.fields().applyChoice(underDefault, hello);
        assertThat(gui.fields().text(DubboSampler.REGISTRY_GROUP)).isEmpty();
        assertThat(underDefault.toString()).isEqualTo("io.x.Shop");
        assertThat(new io.dubbostress.sampler.browse.BrowsedService("io.x.Shop", "1.0", "eu",
                java.util.Collections.singletonList(hello), at, "dubbo-2.6").toString())
                .isEqualTo("eu/io.x.Shop:1.0  (registry group dubbo-2.6)");
    }

    /** The IDL panel's fields round-trip; an IDL method from Browse sets the invocation and the request template. */
    @Test
    void theIdlFieldsRoundTripAndAnIdlMethodFillsTheRequest() {
        DubboSamplerGui gui = new DubboSamplerGui();
        TestElement element = configured();
        element.setProperty(DubboSampler.PROTO_FILES, "protos/orders.proto");
        element.setProperty(DubboSampler.PROTO_PATH, "protos");
        element.setProperty(DubboSampler.TLS_CA_FILE, "ca.pem");
        element.setProperty(DubboSampler.VERSION, "2.0.0");
        gui.configure(element);
        io.dubbostress.sampler.browse.BrowsedMethod place = io.dubbostress.sampler.browse.BrowsedMethod.idl("Place",
                "io.x.Order", "io.x.Reply", "{\n  \"id\" : \"0\"\n}");
        gui.fields().applyChoice(new io.dubbostress.sampler.browse.BrowsedService("io.x.OrderService", "", "",
                java.util.Collections.singletonList(place), java.util.Collections.<String>emptyList()), place);
        TestElement saved = gui.createTestElement();
        assertThat(saved.getPropertyAsString(DubboSampler.PROTO_FILES)).isEqualTo("protos/orders.proto");
        assertThat(saved.getPropertyAsString(DubboSampler.PROTO_PATH)).isEqualTo("protos");
        assertThat(saved.getPropertyAsString(DubboSampler.TLS_CA_FILE)).isEqualTo("ca.pem");
        assertThat(saved.getPropertyAsString(DubboSampler.INTERFACE)).isEqualTo("io.x.OrderService");
        assertThat(saved.getPropertyAsString(DubboSampler.METHOD)).isEqualTo("Place");
        assertThat(saved.getPropertyAsString(DubboSampler.INVOCATION)).isEqualTo(DubboSampler.INVOCATION_IDL);
        assertThat(saved.getPropertyAsString(DubboSampler.PARAMETER_TYPES)).isEqualTo("io.x.Order");
        assertThat(saved.getPropertyAsString(DubboSampler.ARGUMENTS)).isEqualTo("{\n  \"id\" : \"0\"\n}");
        assertThat(saved.getPropertyAsString(DubboSampler.VERSION)).as("a triple provider's version stays")
                .isEqualTo("2.0.0");
        gui.clearGui();
        assertThat(gui.fields().text(DubboSampler.PROTO_FILES)).isEmpty();
    }

    private static javax.swing.JLabel labelFor(java.awt.Container root, java.awt.Component widget) {
        for (java.awt.Component c : root.getComponents()) {
            if (c instanceof javax.swing.JLabel && ((javax.swing.JLabel) c).getLabelFor() == widget) {
                return (javax.swing.JLabel) c;
            }
            if (c instanceof java.awt.Container) {
                javax.swing.JLabel found = labelFor((java.awt.Container) c, widget);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    private static java.awt.Component find(java.awt.Container root, String name) {
        for (java.awt.Component c : root.getComponents()) {
            if (name.equals(c.getName())) {
                return c;
            }
            if (c instanceof java.awt.Container) {
                java.awt.Component found = find((java.awt.Container) c, name);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
