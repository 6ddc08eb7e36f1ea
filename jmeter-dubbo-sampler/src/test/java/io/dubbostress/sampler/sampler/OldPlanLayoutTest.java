package io.dubbostress.sampler.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.sampler.EmbeddedJMeter;
import io.dubbostress.sampler.config.DubboDefaults;
import io.dubbostress.sampler.config.gui.DubboDefaultsGui;
import io.dubbostress.sampler.control.gui.DubboSamplerGui;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.jmeter.gui.AbstractJMeterGuiComponent;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.testelement.property.PropertyIterator;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Plans saved before the form named two groups load unchanged and mean the same: {@code DubboSampler.group} is the
 * Service group, no Registry group appears, a {@code group=} written in a registry address stays the registry's root,
 * and the GUI (headless) gives every field back as it was. The plans: an old-layout plan with both groups in use,
 * loaded with JMeter's own SaveService, and every Dubbo element of the project's shipped and test plans.
 */
class OldPlanLayoutTest {

    @TempDir
    static Path home;

    @BeforeAll
    static void jmeter() {
        EmbeddedJMeter.init(home);
    }

    @Test
    void anOldLayoutPlanLoadsWithItsGroupAsTheServiceGroup() throws Exception {
        HashTree tree = SaveService.loadTree(new File(getClass().getResource("/plans/old-layout.jmx").toURI()));
        DubboSampler sampler = only(tree, DubboSampler.class);
        DubboDefaults defaults = only(tree, DubboDefaults.class);

        assertThat(sampler.getPropertyAsString(DubboSampler.SERVICE_GROUP)).isEqualTo("silver");
        assertThat(sampler.getPropertyAsString(DubboSampler.REGISTRY_GROUP, "absent")).isEqualTo("absent");
        assertThat(defaults.getPropertyAsString(DubboSampler.SERVICE_GROUP)).isEqualTo("gold");

        // what the sampler does with it: the service group it always meant, the address's root untouched
        sampler.addTestElement(defaults);
        DubboPlan plan = DubboPlan.of(SamplerFields.read(sampler), getClass().getClassLoader());
        assertThat(plan.key().group()).isEqualTo("silver");
        assertThat(plan.key().version()).isEqualTo("2.0.0");
        assertThat(plan.key().address()).isEqualTo("zookeeper://127.0.0.1:2181?group=shop-root");
        assertThat(plan.key().timeoutMs()).isEqualTo(3000);
        assertThat(plan.attachments().values()).containsExactly(Map.entry("traceId", "t-1"));

        // the forms show it in Service group, Registry group empty, and give every property back
        DubboSamplerGui samplerGui = new DubboSamplerGui();
        samplerGui.configure(sampler);
        assertThat(samplerGui.fields().text(DubboSampler.SERVICE_GROUP)).isEqualTo("silver");
        assertThat(samplerGui.fields().text(DubboSampler.REGISTRY_GROUP)).isEmpty();
        assertThat(properties(samplerGui.createTestElement())).isEqualTo(properties(sampler));
        DubboDefaultsGui defaultsGui = new DubboDefaultsGui();
        defaultsGui.configure(defaults);
        assertThat(defaultsGui.fields().text(DubboSampler.SERVICE_GROUP)).isEqualTo("gold");
        assertThat(properties(defaultsGui.createTestElement())).isEqualTo(properties(defaults));
    }

    @Test
    void everyDubboElementOfTheProjectsPlansComesBackThroughTheFormUnchanged() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        List<Path> plans = new ArrayList<>();
        for (String plan : new String[] {"test-plans/dubbo-direct.jmx", "test-plans/dubbo-hop.jmx",
            "test-plans/plans-tests/src/test/resources/sampler/dubbo-sampler.jmx",
            "test-plans/plans-tests/src/test/resources/pacing/target-rate.jmx"}) {
            Path file = root.resolve(plan);
            assertThat(file).as("a shipped or test plan").isRegularFile();
            plans.add(file);
        }
        int elements = 0;
        for (Path plan : plans) {
            // read as XML (these plans also hold elements of other plugins this module's tests do not load)
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            NodeList all = factory.newDocumentBuilder().parse(Files.newInputStream(plan)).getElementsByTagName("*");
            for (int i = 0; i < all.getLength(); i++) {
                Element e = (Element) all.item(i);
                boolean isSampler = e.getTagName().equals(DubboSampler.class.getName());
                if (!isSampler && !e.getTagName().equals(DubboDefaults.class.getName())) {
                    continue;
                }
                AbstractTestElement element = isSampler ? new DubboSampler() : new DubboDefaults();
                element.setName(e.getAttribute("testname"));
                NodeList props = e.getElementsByTagName("stringProp");
                for (int p = 0; p < props.getLength(); p++) {
                    Element prop = (Element) props.item(p);
                    element.setProperty(prop.getAttribute("name"), prop.getTextContent());
                }
                AbstractJMeterGuiComponent gui = isSampler ? new DubboSamplerGui() : new DubboDefaultsGui();
                gui.configure(element);
                Map<String, String> before = properties(element);
                assertThat(properties(gui.createTestElement())).as(plan.getFileName() + " " + element.getName())
                        .isEqualTo(before);
                assertThat(before).as("no plan of the old layout has a registry group")
                        .doesNotContainKey(DubboSampler.REGISTRY_GROUP);
                elements++;
            }
        }
        assertThat(elements).as("Dubbo elements found in " + plans).isGreaterThanOrEqualTo(5);
    }

    private static <T> T only(HashTree tree, Class<T> type) {
        SearchByClass<T> search = new SearchByClass<>(type);
        tree.traverse(search);
        assertThat(search.getSearchResults()).hasSize(1);
        return search.getSearchResults().iterator().next();
    }

    /** The element's DubboSampler.* properties that hold text (an empty one means "unset", as the form saves it). */
    private static Map<String, String> properties(TestElement element) {
        Map<String, String> out = new LinkedHashMap<>();
        for (PropertyIterator it = element.propertyIterator(); it.hasNext();) {
            JMeterProperty p = it.next();
            if (p.getName().startsWith("DubboSampler.") && !p.getStringValue().isEmpty()) {
                out.put(p.getName(), p.getStringValue());
            }
        }
        return new java.util.TreeMap<>(out);
    }
}
