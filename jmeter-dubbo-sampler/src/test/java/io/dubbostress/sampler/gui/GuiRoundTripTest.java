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
}
