package io.dubbostress.bench;

import io.dubbostress.cli.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The plans the bench runs: the shipped ones ({@code test-plans/dubbo-direct.jmx}, {@code dubbo-hop.jmx}), so the
 * sampler is configured exactly as users get it (Dubbo Defaults with property functions, the same thread groups),
 * with one element taken out: the PerfMon collector, which measures the server and is no part of the sampler's cost
 * (and would need an agent).
 */
final class BenchPlans {

    static final String PERFMON_COLLECTOR = "kg.apc.jmeter.perfmon.PerfMonCollector";

    private BenchPlans() {
    }

    static final String TARGET_RATE_SCHEDULE = "io.dubbostress.sampler.pacing.TargetRateSchedule";

    /**
     * How the plans paced an open-model run before the Target Rate Schedule (the "before" of the pacing bench): a
     * Constant Throughput Timer over all active threads whose rate is a {@code __groovy} expression, evaluated before
     * every sample, that finds the current step of {@code rate} from the first paced call.
     */
    static final String GROOVY_THROUGHPUT = "${__groovy(def steps = props.getProperty('rate'\\,'0').split('\\,')"
            + ".collect { it.trim() as double }; def seconds = (props.getProperty('duration'\\,'600') as double); "
            + "def origin = 'rate_origin_' + props.getProperty('TESTSTART.MS'\\,''); props.putIfAbsent(origin\\, "
            + "String.valueOf(System.currentTimeMillis())); def started = props.getProperty(origin) as long; "
            + "int step = (int) Math.min(steps.size() - 1\\, Math.floor((System.currentTimeMillis() - started) / "
            + "1000.0 / (seconds / steps.size()))); return steps[Math.max(0\\, step)] * 60,)}";

    /** Writes {@code source} with its Target Rate Schedule replaced by {@link #GROOVY_THROUGHPUT}'s timer. */
    static void withGroovyPacing(Path source, Path target) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document plan = factory.newDocumentBuilder().parse(source.toFile());
            NodeList found = plan.getElementsByTagName(TARGET_RATE_SCHEDULE);
            if (found.getLength() != 1) {
                throw new UserError("the bench plan " + source + " has " + found.getLength() + " Target Rate Schedule "
                        + "elements, not 1");
            }
            Element schedule = (Element) found.item(0);
            Element timer = plan.createElement("ConstantThroughputTimer");
            timer.setAttribute("guiclass", "TestBeanGUI");
            timer.setAttribute("testclass", "ConstantThroughputTimer");
            timer.setAttribute("testname", "target rate (Groovy, before the Target Rate Schedule)");
            timer.setAttribute("enabled", "true");
            Element mode = plan.createElement("intProp");
            mode.setAttribute("name", "calcMode");
            mode.setTextContent("2"); // all active threads (shared)
            timer.appendChild(mode);
            Element throughput = plan.createElement("stringProp");
            throughput.setAttribute("name", "throughput");
            throughput.setTextContent(GROOVY_THROUGHPUT);
            timer.appendChild(throughput);
            schedule.getParentNode().replaceChild(timer, schedule);
            javax.xml.transform.Transformer transformer = TransformerFactory.newInstance().newTransformer();
            transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            transformer.transform(new DOMSource(plan), new StreamResult(target.toFile()));
        } catch (IOException | javax.xml.parsers.ParserConfigurationException | org.xml.sax.SAXException
                | javax.xml.transform.TransformerException e) {
            throw new UserError("cannot prepare the Groovy-paced bench plan from " + source + ": " + e.getMessage());
        }
    }

    /** Writes {@code source} without its PerfMon collectors to {@code target}; returns how many were removed. */
    static int withoutPerfMon(Path source, Path target) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document plan = factory.newDocumentBuilder().parse(source.toFile());
            NodeList found = plan.getElementsByTagName(PERFMON_COLLECTOR);
            List<Element> collectors = new ArrayList<>();
            for (int i = 0; i < found.getLength(); i++) {
                collectors.add((Element) found.item(i));
            }
            for (Element collector : collectors) {
                Node next = collector.getNextSibling();
                while (next != null && next.getNodeType() != Node.ELEMENT_NODE) {
                    next = next.getNextSibling();
                }
                Node parent = collector.getParentNode();
                parent.removeChild(collector);
                // in a .jmx every element is followed by the hashTree of its children
                if (next != null && "hashTree".equals(next.getNodeName())) {
                    parent.removeChild(next);
                }
            }
            Files.createDirectories(target.toAbsolutePath().getParent());
            javax.xml.transform.Transformer transformer = TransformerFactory.newInstance().newTransformer();
            transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            transformer.transform(new DOMSource(plan), new StreamResult(target.toFile()));
            return collectors.size();
        } catch (IOException | javax.xml.parsers.ParserConfigurationException | org.xml.sax.SAXException
                | javax.xml.transform.TransformerException e) {
            throw new UserError("cannot prepare the bench plan from " + source + ": " + e.getMessage());
        }
    }
}
