package io.dubbostress.outside.suite;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** The samples of an XML JTL (JMeter's {@code output_format=xml} with response data), by label. */
final class XmlJtl {

    /** One sample as the JTL has it. */
    static final class Sample {
        String label;
        String code;
        String message;
        boolean success;
        long elapsedMs;
        long bytes;
        long connectMs;
        long latencyMs;
        /** When the sample started (ms since the epoch) and the thread that took it. */
        long startMs;
        String thread;
        String data;
        /** The sample's attributes and child elements' text by name: sample variables ({@code -Jsample_variables}). */
        final Map<String, String> children = new LinkedHashMap<>();

        @Override
        public String toString() {
            return label + ": " + code + " " + message + " (" + elapsedMs + " ms, " + bytes + " bytes) data=" + data;
        }
    }

    private XmlJtl() {
    }

    static Map<String, Sample> read(Path jtl) throws Exception {
        Map<String, Sample> samples = new LinkedHashMap<>();
        for (Sample s : readAll(jtl)) {
            if (samples.put(s.label, s) != null) {
                throw new IllegalStateException("two samples labelled " + s.label + " in " + jtl);
            }
        }
        return samples;
    }

    /** Every sample, in the JTL's order (a label may repeat). */
    static java.util.List<Sample> readAll(Path jtl) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document doc = factory.newDocumentBuilder().parse(jtl.toFile());
        java.util.List<Sample> samples = new java.util.ArrayList<>();
        NodeList nodes = doc.getDocumentElement().getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            Node node = nodes.item(i);
            if (!(node instanceof Element)) {
                continue;
            }
            Element e = (Element) node;
            Sample s = new Sample();
            s.label = e.getAttribute("lb");
            s.code = e.getAttribute("rc");
            s.message = e.getAttribute("rm");
            s.success = "true".equals(e.getAttribute("s"));
            s.elapsedMs = Long.parseLong(e.getAttribute("t"));
            s.bytes = e.hasAttribute("by") ? Long.parseLong(e.getAttribute("by")) : -1;
            s.connectMs = e.hasAttribute("ct") ? Long.parseLong(e.getAttribute("ct")) : -1;
            s.latencyMs = e.hasAttribute("lt") ? Long.parseLong(e.getAttribute("lt")) : -1;
            s.startMs = e.hasAttribute("ts") ? Long.parseLong(e.getAttribute("ts")) : -1;
            s.thread = e.getAttribute("tn");
            // sample variables are attributes ('_' written as '__' by JMeter's XStream)
            org.w3c.dom.NamedNodeMap attributes = e.getAttributes();
            for (int a = 0; a < attributes.getLength(); a++) {
                Node attribute = attributes.item(a);
                s.children.put(attribute.getNodeName().replace("__", "_"), attribute.getNodeValue());
            }
            for (Node child = e.getFirstChild(); child != null; child = child.getNextSibling()) {
                if (child instanceof Element) {
                    s.children.put(((Element) child).getTagName(), child.getTextContent());
                }
            }
            NodeList data = e.getElementsByTagName("responseData");
            s.data = data.getLength() == 0 ? null : data.item(0).getTextContent();
            samples.add(s);
        }
        return samples;
    }
}
