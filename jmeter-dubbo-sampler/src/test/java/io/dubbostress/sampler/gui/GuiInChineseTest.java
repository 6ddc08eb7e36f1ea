package io.dubbostress.sampler.gui;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.sampler.config.DubboDefaults;
import io.dubbostress.sampler.config.gui.DubboDefaultsGui;
import io.dubbostress.sampler.control.gui.DubboSamplerGui;
import io.dubbostress.sampler.pacing.TargetRateSchedule;
import io.dubbostress.sampler.pacing.gui.TargetRateScheduleGui;
import io.dubbostress.sampler.sampler.DubboSampler;
import java.awt.Component;
import java.awt.Container;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;
import javax.swing.AbstractButton;
import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.border.Border;
import javax.swing.border.TitledBorder;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Our elements' GUI built headless (-Djava.awt.headless=true) with JMeter's language set to zh_CN, as {@code
 * language=zh_CN} or Options > Choose Language sets it: every label, group title, legend, button and tooltip shows the
 * Chinese text of its key, no English text of the bundle is left, the elements are named in Chinese, and a
 * create/configure/modify round trip keeps every property under its own key and value (a plan made in Chinese opens in
 * English and back).
 */
class GuiInChineseTest {

    @TempDir
    static Path home;

    private static Locale before;
    private static ResourceBundle zh;
    private static ResourceBundle en;

    @BeforeAll
    static void chinese() {
        io.dubbostress.sampler.EmbeddedJMeter.init(home);
        before = JMeterUtils.getLocale();
        JMeterUtils.setLocale(Locale.SIMPLIFIED_CHINESE);
        zh = GuiText.bundle(Locale.SIMPLIFIED_CHINESE);
        en = GuiText.bundle(Locale.ROOT);
    }

    @AfterAll
    static void back() {
        JMeterUtils.setLocale(before == null ? Locale.ENGLISH : before);
    }

    @Test
    void theSamplerFormShowsEveryTextInChineseAndKeepsItsProperties() {
        DubboSamplerGui gui = new DubboSamplerGui();
        List<String> shown = texts(gui);
        for (String key : new String[] {"group.target", "group.service", "group.arguments", "group.idl",
            "group.dubbo", "group.results", "legend.required", "legend.default", "browse.button"}) {
            assertThat(shown).as(key).contains(zh.getString(key));
        }
        for (String key : new String[] {"field.address", "field.registryGroup", "field.username", "field.password",
            "field.interface", "field.method", "field.version", "field.serviceGroup", "field.invocation",
            "field.parameterTypes", "field.arguments", "field.attachments", "field.protoFiles", "field.protoPath",
            "field.tlsCaFile"}) {
            assertThat(shown).as(key).contains(zh.getString(key) + "：");
            assertThat(shown).as(key + ".tip").anyMatch(t -> t.contains(zh.getString(key + ".tip")));
        }
        assertThat(shown).contains("超时 ms [" + DubboSampler.TIMEOUT_DEFAULT + "]：",
                "保留响应字符数 [" + DubboSampler.RESPONSE_DATA_CHARS_DEFAULT + "]：");
        // a required field's tooltip ends with the Chinese sentence, its label is described as required
        assertThat(gui.fields().widget(DubboSampler.ADDRESS).getToolTipText())
                .contains(zh.getString("field.address.tip") + "。必填");
        assertNoEnglishLeft(shown);

        assertThat(gui.getStaticLabel()).isEqualTo("Dubbo 取样器");
        DubboSampler original = new DubboSampler();
        original.setName("下单");
        original.setProperty(DubboSampler.ADDRESS, "zookeeper://127.0.0.1:2181");
        original.setProperty(DubboSampler.REGISTRY_GROUP, "dubbo-2.6");
        original.setProperty(DubboSampler.SERVICE_GROUP, "gold");
        original.setProperty(DubboSampler.INTERFACE, "io.x.Shop");
        original.setProperty(DubboSampler.METHOD, "place");
        original.setProperty(DubboSampler.INVOCATION, DubboSampler.INVOCATION_GENERIC);
        original.setProperty(DubboSampler.ARGUMENTS, "[{\"名称\": \"订单\"}]");
        original.setProperty(DubboSampler.TIMEOUT, "${timeout}");
        original.setProperty(DubboSampler.LOADBALANCE, "roundrobin");
        gui.configure(original);
        TestElement copy = gui.createTestElement();
        for (String key : new String[] {TestElement.NAME, DubboSampler.ADDRESS, DubboSampler.REGISTRY_GROUP,
            DubboSampler.SERVICE_GROUP, DubboSampler.INTERFACE, DubboSampler.METHOD, DubboSampler.INVOCATION,
            DubboSampler.ARGUMENTS, DubboSampler.TIMEOUT, DubboSampler.LOADBALANCE}) {
            assertThat(copy.getPropertyAsString(key)).as(key).isEqualTo(original.getPropertyAsString(key));
        }
        assertThat(copy.getPropertyAsString(DubboSampler.RETRIES, "absent")).isEqualTo("absent");
        // a new element is named in the language it was made in, as JMeter's own are
        gui.clearGui();
        assertThat(gui.createTestElement().getName()).isEqualTo("Dubbo 取样器");
    }

    @Test
    void theDefaultsAndTheTargetRateScheduleToo() {
        DubboDefaultsGui defaults = new DubboDefaultsGui();
        List<String> shown = texts(defaults);
        assertThat(shown).contains(zh.getString("legend.optional"), zh.getString("field.address") + "：")
                .doesNotContain(zh.getString("browse.button"));
        assertNoEnglishLeft(shown);
        assertThat(defaults.getStaticLabel()).isEqualTo("Dubbo 默认值");
        defaults.clearGui();
        ((javax.swing.JTextField) defaults.fields().widget(DubboSampler.TIMEOUT)).setText("2500");
        TestElement element = defaults.createTestElement();
        assertThat(element).isInstanceOf(DubboDefaults.class);
        assertThat(element.getName()).isEqualTo("Dubbo 默认值");
        assertThat(element.getPropertyAsString(DubboSampler.TIMEOUT)).isEqualTo("2500");

        TargetRateScheduleGui rate = new TargetRateScheduleGui();
        shown = texts(rate);
        for (String key : new String[] {"rate.schedule", "rate.duration", "rate.loadGenerators", "rate.start"}) {
            assertThat(shown).as(key).contains(zh.getString(key));
        }
        for (String key : new String[] {"rate.schedule.tip", "rate.duration.tip", "rate.loadGenerators.tip",
            "rate.start.tip"}) {
            assertThat(shown).as(key).contains(zh.getString(key));
        }
        assertThat(shown).anyMatch(t -> t.startsWith("每个样本都等到其到期时间才发出"));
        assertNoEnglishLeft(shown);
        assertThat(rate.getStaticLabel()).isEqualTo("目标速率调度");
        TargetRateSchedule schedule = new TargetRateSchedule();
        schedule.setProperty(TargetRateSchedule.SCHEDULE, "100:30s,200:1m");
        schedule.setProperty(TargetRateSchedule.START, "each-thread");
        rate.configure(schedule);
        TestElement copy = rate.createTestElement();
        assertThat(copy.getPropertyAsString(TargetRateSchedule.SCHEDULE)).isEqualTo("100:30s,200:1m");
        assertThat(copy.getPropertyAsString(TargetRateSchedule.START)).isEqualTo("each-thread");
    }

    @Test
    void theBatchedJtlWriterToo() {
        io.dubbostress.sampler.jtl.gui.BatchedJtlWriterGui writer = new io.dubbostress.sampler.jtl.gui.BatchedJtlWriterGui();
        List<String> shown = texts(writer);
        assertThat(shown).contains(zh.getString("jtlWriter.file"), zh.getString("jtlWriter.file.tip"),
                "<html>" + zh.getString("jtlWriter.note") + "</html>");
        assertNoEnglishLeft(shown);
        assertThat(writer.getStaticLabel()).isEqualTo("批量 JTL 写入器");
        io.dubbostress.sampler.jtl.BatchedJtlWriter element = new io.dubbostress.sampler.jtl.BatchedJtlWriter();
        element.setProperty(io.dubbostress.sampler.jtl.BatchedJtlWriter.FILENAME, "${__P(jtl_file,)}");
        writer.configure(element);
        assertThat(writer.createTestElement().getPropertyAsString(io.dubbostress.sampler.jtl.BatchedJtlWriter.FILENAME))
                .isEqualTo("${__P(jtl_file,)}");
    }

    /** No text the GUI shows is (or holds) the English text of a key, other than ones the Chinese repeats. */
    private static void assertNoEnglishLeft(List<String> shown) {
        for (String key : en.keySet()) {
            String english = en.getString(key);
            if (english.length() < 4 || zh.getString(key).contains(english)) {
                continue;
            }
            // as words: "Service" is not in "GenericService"
            java.util.regex.Pattern words = java.util.regex.Pattern.compile("(?<!\\w)"
                    + java.util.regex.Pattern.quote(english) + "(?!\\w)");
            assertThat(shown).as("the English of " + key).noneMatch(t -> words.matcher(t).find());
        }
    }

    /** Every text a component tree shows: labels, buttons, titled borders, tooltips, combo items excluded. */
    static List<String> texts(Component root) {
        List<String> out = new ArrayList<>();
        collect(root, out);
        return out;
    }

    private static void collect(Component c, List<String> out) {
        if (c instanceof JLabel && ((JLabel) c).getText() != null) {
            out.add(((JLabel) c).getText());
        }
        if (c instanceof AbstractButton && ((AbstractButton) c).getText() != null) {
            out.add(((AbstractButton) c).getText());
        }
        if (c instanceof JComponent) {
            JComponent j = (JComponent) c;
            if (j.getToolTipText() != null) { // as shown: the HTML of a wrapped tooltip read as text
                out.add(j.getToolTipText().replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"));
            }
            for (Border b = j.getBorder(); b instanceof TitledBorder; b = ((TitledBorder) b).getBorder()) {
                out.add(((TitledBorder) b).getTitle());
            }
        }
        if (c instanceof Container) {
            for (Component child : ((Container) c).getComponents()) {
                collect(child, out);
            }
        }
    }
}
