package io.dubbostress.bench;

import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import io.dubbostress.cli.UserError;
import io.dubbostress.report.jtl.JtlColumn;
import io.dubbostress.report.jtl.JtlReader;
import io.dubbostress.report.jtl.JtlRow;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Reads every row of a JTL and the seven fields the report uses (timeStamp, elapsed, label, success, bytes, sentBytes,
 * elapsed_us), with our reader ({@link JtlReader}) or a library one (FastCSV), and nothing else: what reading costs
 * apart from the figures. Hidden; {@code stress bench --parts report} runs it in a JVM of its own, pinned like the
 * report. Prints one line: {@code reader rows checksum cpuSeconds}.
 */
@Command(name = "csv-read", hidden = true, description = "Read a JTL with one CSV reader (stress bench)")
final class CsvReadCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "JTL")
    Path file;

    @Option(names = "--reader", required = true, description = "jtl (ours) or fastcsv")
    String reader;

    @Override
    public Integer call() {
        long cpu0 = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        long[] result;
        switch (reader) {
            case "jtl":
                result = ours(file);
                break;
            case "fastcsv":
                result = fastCsv(file);
                break;
            default:
                throw new UserError("--reader must be jtl or fastcsv, not '" + reader + "'");
        }
        double cpu = (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpu0) / 1e9;
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "%s %d %d %.3f%n", reader, result[0], result[1], cpu);
        out.flush();
        return 0;
    }

    static long[] ours(Path file) {
        long rows = 0;
        long sum = 0;
        try (JtlReader r = JtlReader.open(file)) {
            JtlRow row = r.row();
            while (r.next()) {
                rows++;
                sum += row.timeStampMs() + row.elapsedMs() + row.label().length() + (row.success() ? 1 : 0)
                        + row.bytes() + row.sentBytes() + row.elapsedUs();
            }
        }
        return new long[] {rows, sum};
    }

    /** The same fields with FastCSV: its records' strings, parsed as the JDK parses them. */
    static long[] fastCsv(Path file) {
        long rows = 0;
        long sum = 0;
        Map<String, String> labels = new HashMap<>();
        try (CsvReader<CsvRecord> csv = CsvReader.builder().ofCsvRecord(file)) {
            int[] at = null;
            for (CsvRecord record : csv) {
                if (at == null) {
                    at = indexes(record.getFields());
                    continue;
                }
                rows++;
                String label = labels.computeIfAbsent(record.getField(at[2]), k -> k);
                String us = record.getField(at[6]);
                sum += Long.parseLong(record.getField(at[0])) + Long.parseLong(record.getField(at[1]))
                        + label.length() + (Boolean.parseBoolean(record.getField(at[3])) ? 1 : 0)
                        + Long.parseLong(record.getField(at[4])) + Long.parseLong(record.getField(at[5]))
                        + (us.isEmpty() || us.equals("null") ? -1 : Long.parseLong(us));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new long[] {rows, sum};
    }

    private static int[] indexes(List<String> header) {
        String[] names = java.util.stream.Stream.of(JtlColumn.TIME_STAMP, JtlColumn.ELAPSED, JtlColumn.LABEL,
                JtlColumn.SUCCESS, JtlColumn.BYTES, JtlColumn.SENT_BYTES, JtlColumn.ELAPSED_US)
                .map(JtlColumn::headerName).toArray(String[]::new);
        int[] at = new int[names.length];
        for (int i = 0; i < names.length; i++) {
            at[i] = header.indexOf(names[i]);
            if (at[i] < 0) {
                throw new UserError("the JTL's header has no '" + names[i] + "' column");
            }
        }
        return at;
    }
}
