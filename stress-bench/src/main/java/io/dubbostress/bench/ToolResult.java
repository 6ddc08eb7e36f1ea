package io.dubbostress.bench;

/** One timed run of {@code stress report} or {@code stress gc} on one input. */
final class ToolResult {

    final String tool;
    final String input;
    final int round;
    /** JTL rows, or GC pauses the log lists. */
    final long items;
    final long inputBytes;
    final ChildMeasurement measured;
    /** Largest heap in use right after a collection in the tool's JVM (KiB), from its GC log; -1 if unknown. */
    final long maxHeapAfterGcKb;
    /** The CPU the tool's JVM was pinned to, or -1 (not pinned). */
    final int pinnedCpu;

    ToolResult(String tool, String input, int round, long items, long inputBytes, ChildMeasurement measured,
            long maxHeapAfterGcKb, int pinnedCpu) {
        this.tool = tool;
        this.input = input;
        this.round = round;
        this.items = items;
        this.inputBytes = inputBytes;
        this.measured = measured;
        this.maxHeapAfterGcKb = maxHeapAfterGcKb;
        this.pinnedCpu = pinnedCpu;
    }

    double itemsPerSecond() {
        return items / measured.wallSeconds;
    }

    double megabytesPerSecond() {
        return inputBytes / 1e6 / measured.wallSeconds;
    }
}
