package io.dubbostress.gc;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code stress gc} does with the logs it is given: groups rotated pieces into sets ({@link GcLogSet#group}),
 * analyses each offline and saves {@code <base>.analysis.json}, uploads each to GCeasy when a client is given (also
 * the logs the offline analysis could not read: GCeasy may know their format), and prints the table. A log that
 * cannot be read and every warning are one line each on {@code err}, so that a caller that does not show the table
 * ({@code stress run}) still says when a figure is not sure.
 *
 * <pre>{@code
 * GcBatch.Result result = new GcBatch(new GcAnalysisStore(new GcLogAnalyzer()), client).run(logs, out, err);
 * int exit = result.failed() > 0 ? 2 : result.warned() > 0 ? 1 : 0;
 * }</pre>
 */
public final class GcBatch {

    /** How many logs could not be analysed, and how many were analysed with warnings. */
    public static final class Result {
        private final int failed;
        private final int warned;
        private final int analysed;

        Result(int failed, int warned, int analysed) {
            this.failed = failed;
            this.warned = warned;
            this.analysed = analysed;
        }

        /** Logs that could not be analysed at all (bad input). */
        public int failed() {
            return failed;
        }

        /** Logs analysed with warnings: their figures are not sure. */
        public int warned() {
            return warned;
        }

        /** Logs (or rotated sets) analysed. */
        public int analysed() {
            return analysed;
        }
    }

    private final GcAnalysisStore store;
    private final GcEasyClient client;

    /** {@code client} null: offline only. */
    public GcBatch(GcAnalysisStore store, GcEasyClient client) {
        this.store = store;
        this.client = client;
    }

    public Result run(List<Path> logs, PrintWriter out, PrintWriter err) {
        GcTable table = new GcTable();
        int failed = 0;
        int warned = 0;
        int analysed = 0;
        java.util.Set<Path> given = new java.util.HashSet<>();
        logs.forEach(l -> given.add(l.toAbsolutePath().normalize()));
        for (GcLogSet set : GcLogSet.groupWithPieces(logs)) {
            List<String> added = set.files().stream().filter(f -> !given.contains(f.toAbsolutePath().normalize()))
                    .map(f -> f.getFileName().toString()).toList();
            if (!added.isEmpty()) {
                // an analysis describes a whole set: a piece given alone is read with the others beside it
                err.println("stress gc: " + set.name() + ": read as one log with the other pieces of its rotated set"
                        + " beside it (" + String.join(", ", added) + ")");
            }
            GcAnalysis analysis = null;
            try {
                analysis = store.analyzeAndSave(set);
                analysed++;
            } catch (GcException e) {
                err.println("stress gc: " + e.getMessage());
                failed++;
            }
            GcEasyAnswer answer = client == null || !uploadable(set) ? null : upload(set, analysis, err);
            if (analysis == null) {
                continue;
            }
            // what the analysis is of, said where stress run (which prints no table) shows it too
            set.skipped().forEach((name, why) -> err.println("stress gc: " + set.name() + ": " + name + " left out: "
                    + why));
            if (!analysis.earlierRuns().isEmpty()) {
                err.println("stress gc: " + analysis.notes().get(0));
            }
            if (!analysis.warnings().isEmpty()) {
                warned++;
                for (String warning : analysis.warnings()) {
                    err.println("stress gc: " + analysis.log() + ": not sure: " + warning);
                }
            }
            table.add(analysis, answer);
        }
        if (analysed > 0) {
            out.print(table.render());
        }
        out.flush();
        err.flush();
        return new Result(failed, warned, analysed);
    }

    /**
     * GCeasy per scenario: each log uploaded once per window (a scenario's steady window) with GCeasy's time filters,
     * the answers saved as {@code <base>.<scenario>.gceasy.json}. Without a client, nothing. A failure is one line on
     * {@code err}; returns how many answers were saved.
     */
    public int uploadPerScenario(List<Path> logs, java.util.Map<String, TimeWindow> windows, PrintWriter err) {
        if (client == null) {
            return 0;
        }
        int saved = 0;
        for (GcLogSet set : GcLogSet.groupWithPieces(logs)) {
            if (!uploadable(set)) {
                continue;
            }
            Path companion = GcAnalysisStore.companion(set);
            for (java.util.Map.Entry<String, TimeWindow> scenario : windows.entrySet()) {
                try {
                    GcEasyAnswer answer = client.analyze(set, scenario.getValue());
                    store.saveScenarioGcEasy(companion, scenario.getKey(), client.redactedText(answer));
                    saved++;
                } catch (GcEasyException e) {
                    err.println("stress gc: " + set.name() + " during " + scenario.getKey() + ": " + e.getMessage());
                }
            }
        }
        err.flush();
        return saved;
    }

    private GcEasyAnswer upload(GcLogSet set, GcAnalysis analysis, PrintWriter err) {
        Path companion = GcAnalysisStore.companion(set);
        try {
            GcEasyAnswer answer = client.analyze(set, null);
            store.saveGcEasy(companion, client.redactedText(answer));
            if (analysis == null) {
                err.println("stress gc: " + set.name() + ": GCeasy read it: throughput "
                        + GcTable.number(answer.throughputPercent()) + " %, max pause "
                        + GcTable.number(answer.maxPauseMs()) + " ms (saved in "
                        + GcLogFiles.gcEasyFile(companion).getFileName() + ")");
            }
            return answer;
        } catch (GcEasyException e) {
            err.println("stress gc: " + set.name() + ": " + e.getMessage() + (analysis == null ? ""
                    : " (the offline analysis is in " + GcLogFiles.analysisFile(companion).getFileName() + ")"));
            return null;
        }
    }

    /** Every piece is there and one at least holds something (an empty piece is a current file just rotated). */
    private static boolean uploadable(GcLogSet set) {
        boolean any = false;
        for (Path file : set.files()) {
            try {
                if (!Files.isRegularFile(file)) {
                    return false;
                }
                any |= Files.size(file) > 0;
            } catch (java.io.IOException e) {
                return false;
            }
        }
        return any;
    }
}
