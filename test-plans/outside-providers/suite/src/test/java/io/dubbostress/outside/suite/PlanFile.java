package io.dubbostress.outside.suite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Writes a .jmx: one thread group per provider (they run side by side), one thread, one loop, each case a Dubbo
 * Sampler in order. Nothing else: the JTL is written by bin/jmeter's -l.
 */
final class PlanFile {

    private PlanFile() {
    }

    static Path write(Path file, Map<String, List<Case>> groups) throws IOException {
        return write(file, groups, java.util.Collections.<Case>emptyList(), 1, 1);
    }

    /**
     * The same, plus one more thread group running {@code shared} with {@code threads} threads and {@code loops}
     * loops (when not empty).
     */
    static Path write(Path file, Map<String, List<Case>> groups, List<Case> shared, int threads, int loops)
            throws IOException {
        Map<String, List<Case>> parallel = new java.util.LinkedHashMap<>();
        if (!shared.isEmpty()) {
            parallel.put("shared", shared);
        }
        return write(file, groups, parallel, threads, loops);
    }

    /**
     * {@code groups} one thread and one loop each, plus each of {@code parallel} with {@code threads} threads and
     * {@code loops} loops; every thread group starts at once.
     */
    static Path write(Path file, Map<String, List<Case>> groups, Map<String, List<Case>> parallel, int threads,
            int loops) throws IOException {
        StringBuilder x = new StringBuilder();
        x.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<jmeterTestPlan version=\"1.2\" properties=\"5.0\""
                + " jmeter=\"5.1.1\">\n<hashTree>\n<TestPlan guiclass=\"TestPlanGui\" testclass=\"TestPlan\""
                + " testname=\"outside providers\" enabled=\"true\">\n"
                + "<boolProp name=\"TestPlan.serialize_threadgroups\">false</boolProp>\n"
                + "<elementProp name=\"TestPlan.user_defined_variables\" elementType=\"Arguments\">"
                + "<collectionProp name=\"Arguments.arguments\"/></elementProp>\n</TestPlan>\n<hashTree>\n");
        Map<String, List<Case>> all = new java.util.LinkedHashMap<>(groups);
        all.putAll(parallel);
        for (Map.Entry<String, List<Case>> group : all.entrySet()) {
            boolean many = parallel.containsKey(group.getKey());
            x.append("<ThreadGroup guiclass=\"ThreadGroupGui\" testclass=\"ThreadGroup\" testname=\"")
                    .append(escape(group.getKey())).append("\" enabled=\"true\">\n")
                    .append("<stringProp name=\"ThreadGroup.on_sample_error\">continue</stringProp>\n")
                    .append("<elementProp name=\"ThreadGroup.main_controller\" elementType=\"LoopController\""
                            + " guiclass=\"LoopControlPanel\" testclass=\"LoopController\" enabled=\"true\">"
                            + "<boolProp name=\"LoopController.continue_forever\">false</boolProp>"
                            + "<stringProp name=\"LoopController.loops\">" + (many ? loops : 1)
                            + "</stringProp></elementProp>\n")
                    .append("<stringProp name=\"ThreadGroup.num_threads\">" + (many ? threads : 1)
                            + "</stringProp>\n")
                    .append("<stringProp name=\"ThreadGroup.ramp_time\">0</stringProp>\n")
                    .append("<boolProp name=\"ThreadGroup.scheduler\">false</boolProp>\n")
                    .append("</ThreadGroup>\n<hashTree>\n");
            for (Case c : group.getValue()) {
                x.append("<io.dubbostress.sampler.sampler.DubboSampler"
                        + " guiclass=\"io.dubbostress.sampler.control.gui.DubboSamplerGui\""
                        + " testclass=\"io.dubbostress.sampler.sampler.DubboSampler\" testname=\"")
                        .append(escape(c.label)).append("\" enabled=\"true\">\n");
                for (Map.Entry<String, String> f : c.fields.entrySet()) {
                    x.append("<stringProp name=\"").append(escape(f.getKey())).append("\">")
                            .append(escape(f.getValue())).append("</stringProp>\n");
                }
                x.append("</io.dubbostress.sampler.sampler.DubboSampler>\n");
                if (c.defaults.isEmpty()) {
                    x.append("<hashTree/>\n");
                } else {
                    x.append("<hashTree>\n<io.dubbostress.sampler.config.DubboDefaults"
                            + " guiclass=\"io.dubbostress.sampler.config.gui.DubboDefaultsGui\""
                            + " testclass=\"io.dubbostress.sampler.config.DubboDefaults\" testname=\"defaults\""
                            + " enabled=\"true\">\n");
                    for (Map.Entry<String, String> f : c.defaults.entrySet()) {
                        x.append("<stringProp name=\"").append(escape(f.getKey())).append("\">")
                                .append(escape(f.getValue())).append("</stringProp>\n");
                    }
                    x.append("</io.dubbostress.sampler.config.DubboDefaults>\n<hashTree/>\n</hashTree>\n");
                }
            }
            x.append("</hashTree>\n");
        }
        x.append("</hashTree>\n</hashTree>\n</jmeterTestPlan>\n");
        Files.write(file, x.toString().getBytes(StandardCharsets.UTF_8));
        return file;
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
