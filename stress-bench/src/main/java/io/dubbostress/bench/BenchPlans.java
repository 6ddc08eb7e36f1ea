package io.dubbostress.bench;

import io.dubbostress.report.UserError;
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
