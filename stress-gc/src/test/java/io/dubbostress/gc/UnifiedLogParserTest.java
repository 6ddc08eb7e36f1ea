package io.dubbostress.gc;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Our unified-logging parser on lines whose meaning is plain to read. */
class UnifiedLogParserTest {

    private static List<GcEvent> parse(String... lines) {
        List<GcEvent> events = new ArrayList<>();
        UnifiedLogParser parser = new UnifiedLogParser(events::add);
        for (String line : lines) {
            parser.line(line);
        }
        parser.finish();
        return events;
    }

    @Test
    void everyDecoratorCombinationGivesTheSamePauseDatedAtItsStart() {
        String[] lines = {
            "[2026-11-21T10:00:01.234+0000][1.234s][info][gc          ] GC(7) Pause Young (Normal) (G1 Evacuation Pause) "
                + "24M->4M(256M) 3.456ms",
            "[2026-11-21T10:00:01.234+0000][1.234s][12345][12346][info][gc] GC(7) Pause Young (Normal) "
                + "(G1 Evacuation Pause) 24M->4M(256M) 3.456ms",
            "[2026-11-21T10:00:01.234+0000][1234ms][12345][12346][info][gc] GC(7) Pause Young (Normal) "
                + "(G1 Evacuation Pause) 24M->4M(256M) 3.456ms",
            "[2026-11-21T10:00:01.234+0000] GC(7) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 3.456ms",
            "[1.234s][12346] GC(7) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 3.456ms",
            "[1234000000ns][my-host.example][info][gc] GC(7) Pause Young (Normal) (G1 Evacuation Pause) "
                + "24M->4M(256M) 3.456ms",
            "GC(7) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 3.456ms"};
        for (String line : lines) {
            List<GcEvent> events = parse(line);
            assertThat(events).as(line).hasSize(1);
            GcEvent event = events.get(0);
            assertThat(event.pauseMs()).as(line).isEqualTo(3.456);
            assertThat(event.type()).as(line).isEqualTo("Pause Young (Normal) (G1 Evacuation Pause)");
            assertThat(event.full()).isFalse();
            assertThat(event.heapBeforeBytes()).isEqualTo(24L << 20);
            assertThat(event.heapAfterBytes()).isEqualTo(4L << 20);
            assertThat(event.heapCommittedBytes()).isEqualTo(256L << 20);
            if (line.contains("2026-11-21")) {
                // the line is the pause's end: the event is dated at its start, 3.456 ms before
                assertThat(event.epochMs()).as(line).isEqualTo(1795255201234L - 3);
            }
            if (line.contains("1.234s") || line.contains("1234ms") || line.contains("1234000000ns")) {
                assertThat(event.uptimeSeconds()).as(line).isCloseTo(1.234 - 0.003456, within(1e-9));
            }
        }
    }

    @Test
    void zgcPhasesEvacuationFailuresAndShenandoahPausesAreEachOnePause() {
        List<GcEvent> events = parse(
                "[0.300s][info][gc,phases   ] GC(3) y: Pause Mark Start 0.010ms",
                "[0.301s][info][gc,phases   ] GC(3) Y: Pause Mark End 0.020ms",
                "[0.302s][info][gc,phases   ] GC(3) O: Pause Relocate Start 0.030ms",
                "[0.303s][info][gc,phases   ] GC(4) Pause Mark Start 0.040ms",
                "[0.310s][info][gc          ] GC(5) Pause Young (Normal) (G1 Evacuation Pause) "
                    + "(Evacuation Failure: Allocation) 30M->31M(32M) 5.000ms",
                "[0.320s][info][gc          ] GC(6) Pause Init Mark (unload classes) 0.058ms",
                "[0.321s][info][gc          ] GC(6) To-space exhausted",
                "[0.322s][info][gc,start    ] GC(7) Pause Young (Normal) (G1 Evacuation Pause)",
                "[0.323s][info][gc,phases   ] GC(7)   Evacuate Collection Set: 1.9ms",
                "[0.330s][info][gc          ] GC(8) Pause Full (System.gc()) 20M->5M(32M) 7,500ms");
        assertThat(events).extracting(GcEvent::type).containsExactly("Minor: Pause Mark Start",
                "Major young: Pause Mark End", "Major old: Pause Relocate Start", "Pause Mark Start",
                "Pause Young (Normal) (G1 Evacuation Pause) (Evacuation Failure: Allocation)",
                "Pause Init Mark (unload classes)", "Pause Full (System.gc())");
        assertThat(events.get(6).pauseMs()).isEqualTo(7.5);
        assertThat(events.get(6).full()).isTrue();
    }

    @Test
    void aYoungCollectionThatBecameAFullOneIsOnePauseOfTheYoungLinesTime() {
        // JDK 9-11 Serial: the full collection is logged first, with the next GC id, inside the young one
        UnifiedLogParser parser;
        List<GcEvent> events = new ArrayList<>();
        parser = new UnifiedLogParser(events::add);
        for (String line : new String[] {
            "[0.202s][info][gc] GC(0) Pause Young (Allocation Failure) 25M->23M(92M) 11.421ms",
            "[0.293s][info][gc] GC(2) Pause Full (Allocation Failure) 74M->10M(92M) 7.097ms",
            "[0.293s][info][gc] GC(1) Pause Young (Allocation Failure) 74M->10M(92M) 7.236ms",
            "[0.302s][info][gc] GC(3) Pause Young (Allocation Failure) 36M->36M(92M) 5.604ms",
            "[0.304s][info][gc] GC(4) Pause Full (Ergonomics) 62M->62M(123M) 2.959ms"}) {
            parser.line(line);
        }
        parser.finish();
        assertThat(parser.pauseLines()).isEqualTo(5);
        assertThat(events).extracting(GcEvent::pauseMs).containsExactly(11.421, 7.236, 5.604, 2.959);
        assertThat(events).extracting(GcEvent::full).containsExactly(false, true, false, true);
        // a Parallel full collection after a young one, with a higher id, is a pause of its own
        assertThat(events.get(3).type()).isEqualTo("Pause Full (Ergonomics)");
    }
}
