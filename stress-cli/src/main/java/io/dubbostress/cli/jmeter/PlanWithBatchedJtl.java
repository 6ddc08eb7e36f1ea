package io.dubbostress.cli.jmeter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The plan a local run gives JMeter: the plan with the sampler jar's Batched JTL Writer
 * ({@code io.dubbostress.sampler.jtl.BatchedJtlWriter}) as the Test Plan's first listener, its file the JMeter property
 * {@value #FILE_PROPERTY}, so that JMeter runs without {@code -l}. The writer writes JMeter's CSV JTL byte for byte,
 * without the lock every sampler thread takes in JMeter's own writer and without formatting the line on the sampler's
 * thread (docs/BENCHMARKS.md, "JMeter's per-sample work").
 *
 * <pre>{@code
 * Path plan = PlanWithBatchedJtl.write(home.plan("dubbo-direct.jmx"), scenarioDir);   // then -Jjtl_file=results.jtl
 * }</pre>
 */
public final class PlanWithBatchedJtl {

    /** The writer's class in the sampler jar. */
    public static final String WRITER = "io.dubbostress.sampler.jtl.BatchedJtlWriter";
    /** Its GUI class. */
    static final String WRITER_GUI = "io.dubbostress.sampler.jtl.gui.BatchedJtlWriterGui";
    /** Its file-name property, in the plan. */
    static final String FILENAME = "BatchedJtlWriter.filename";
    /** The JMeter property that names the JTL. */
    public static final String FILE_PROPERTY = "jtl_file";
    /** The jar entry that says a sampler jar has the writer. */
    static final String WRITER_CLASS_FILE = WRITER.replace('.', '/') + ".class";

    private static final String PLAN_END = "</TestPlan>";
    private static final String TREE = "<hashTree>";

    private PlanWithBatchedJtl() {
    }

    /** {@code plan}'s text with the writer as the Test Plan's first child. */
    static String withWriter(String plan) {
        int planEnd = plan.indexOf(PLAN_END);
        int tree = planEnd < 0 ? -1 : plan.indexOf(TREE, planEnd);
        if (tree < 0) {
            throw new IllegalArgumentException("not a JMeter plan: no <TestPlan> element followed by its <hashTree>");
        }
        int at = tree + TREE.length();
        String element = "\n      <" + WRITER + " guiclass=\"" + WRITER_GUI + "\" testclass=\"" + WRITER
                + "\" testname=\"stress run: the JTL (Batched JTL Writer)\" enabled=\"true\">\n"
                + "        <stringProp name=\"" + FILENAME + "\">${__P(" + FILE_PROPERTY + ",)}</stringProp>\n"
                + "      </" + WRITER + ">\n      <hashTree/>";
        return plan.substring(0, at) + element + plan.substring(at);
    }

    /**
     * Writes {@code plan} with the writer to {@code dir} under the same file name (over a copy already there, e.g.
     * {@link PlanWithoutInflux}'s) and returns the copy.
     */
    public static Path write(Path plan, Path dir) {
        try {
            String text = Files.readString(plan, StandardCharsets.UTF_8);
            Files.createDirectories(dir);
            Path copy = dir.resolve(plan.getFileName());
            Files.writeString(copy, withWriter(text), StandardCharsets.UTF_8);
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the plan " + plan.getFileName() + " into " + dir, e);
        }
    }
}
