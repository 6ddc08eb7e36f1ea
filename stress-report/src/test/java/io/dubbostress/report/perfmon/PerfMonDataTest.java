package io.dubbostress.report.perfmon;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** A PerfMon collector CSV captured from the real collector and ServerAgent (see report/README.md). */
class PerfMonDataTest {

    @TempDir
    Path dir;

    private static Path capture() throws Exception {
        return Paths.get(PerfMonDataTest.class.getResource("/report/perfmon/perfmon.csv").toURI());
    }

    /** label -> [timeStamp, value] straight from the file (no quotes in it): the brute-force side. */
    private static Map<String, List<double[]>> bruteForce(Path file) throws Exception {
        return Files.readAllLines(file).stream().skip(1).map(l -> l.split(","))
                .collect(Collectors.groupingBy(c -> c[2], Collectors.mapping(
                        c -> new double[] {Long.parseLong(c[0]), Long.parseLong(c[1]) / 1000.0},
                        Collectors.toList())));
    }

    @Test
    void readsTheRealCollectorCsvAndClassifiesItsLabels() throws Exception {
        PerfMonData data = new PerfMonData();
        data.read(capture());
        Map<String, PerfMonSeries> byLabel = data.series().stream()
                .collect(Collectors.toMap(s -> s.label().label(), s -> s));
        assertThat(byLabel).containsOnlyKeys("127.0.0.1 CPU", "127.0.0.1 Memory", "127.0.0.1 Network I/O",
                "127.0.0.1 Network I/O bytessent", "127.0.0.1 Disks I/O readbytes", "127.0.0.1 Disks I/O writebytes",
                "127.0.0.1 Disks I/O");
        assertThat(byLabel.get("127.0.0.1 CPU").label().kind()).isEqualTo(PerfMonLabel.Kind.CPU_PERCENT);
        assertThat(byLabel.get("127.0.0.1 Memory").label().kind()).isEqualTo(PerfMonLabel.Kind.MEMORY_PERCENT);
        assertThat(byLabel.get("127.0.0.1 Network I/O").label().kind()).isEqualTo(PerfMonLabel.Kind.NETWORK_RECEIVED);
        assertThat(byLabel.get("127.0.0.1 Network I/O bytessent").label().kind())
                .isEqualTo(PerfMonLabel.Kind.NETWORK_SENT);
        assertThat(byLabel.get("127.0.0.1 Disks I/O readbytes").label().kind()).isEqualTo(PerfMonLabel.Kind.DISK_READ);
        assertThat(byLabel.get("127.0.0.1 Disks I/O writebytes").label().kind())
                .isEqualTo(PerfMonLabel.Kind.DISK_WRITE);
        // the agent's disk queue is -1 on this machine: every point is "not available"
        PerfMonSeries queue = byLabel.get("127.0.0.1 Disks I/O");
        assertThat(queue.label().kind()).isEqualTo(PerfMonLabel.Kind.OTHER);
        assertThat(queue.size()).isZero();
        assertThat(queue.unavailable()).isEqualTo(3);
        assertThat(data.malformedRows()).isZero();

        Map<String, List<double[]>> expected = bruteForce(capture());
        for (String label : new String[] {"127.0.0.1 CPU", "127.0.0.1 Memory", "127.0.0.1 Disks I/O writebytes"}) {
            PerfMonSeries series = byLabel.get(label);
            List<double[]> points = expected.get(label);
            assertThat(series.size()).isEqualTo(points.size());
            // the collector samples once a second: amounts per interval are amounts per second
            assertThat(series.intervalMs()).isEqualTo(1000);
            double avg = points.stream().mapToDouble(p -> p[1]).average().getAsDouble();
            double max = points.stream().mapToDouble(p -> p[1]).max().getAsDouble();
            PerfMonSeries.WindowStats all = series.window(Long.MIN_VALUE, Long.MAX_VALUE);
            assertThat(all.avg).as(label).isCloseTo(avg, within(1e-9));
            assertThat(all.max).as(label).isCloseTo(max, within(1e-9));
        }
        List<double[]> cpu = expected.get("127.0.0.1 CPU");
        long secondPoint = (long) cpu.get(1)[0];
        List<ServerMetrics> fromSecond = ServerMetrics.of(data, secondPoint, Long.MAX_VALUE);
        assertThat(fromSecond).hasSize(1);
        assertThat(fromSecond.get(0).host()).isEqualTo("127.0.0.1");
        assertThat(fromSecond.get(0).get(PerfMonLabel.Kind.CPU_PERCENT).points).isEqualTo(cpu.size() - 1);
        assertThat(ServerMetrics.of(data, 0, 1)).isEmpty();
    }

    @Test
    void amountsPerIntervalBecomeRatesWithTheCollectorsIntervalAndUnit() throws Exception {
        Path csv = dir.resolve("perfmon-2s.csv");
        Files.write(csv, ("timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success\n"
                + "1000,2048000,srv Network I/O bytessent:unit=kb,,,,,true\n"
                + "3000,4096000,srv Network I/O bytessent:unit=kb,,,,,true\n"
                + "5001,0,srv Network I/O bytessent:unit=kb,,,,,true\n"
                + "5001,-1000,srv Network I/O bytessent:unit=kb,,,,,false\n").getBytes(StandardCharsets.UTF_8));
        PerfMonData data = new PerfMonData();
        data.read(csv);
        PerfMonSeries series = data.series().iterator().next();
        assertThat(series.label().host()).isEqualTo("srv");
        assertThat(series.label().unitBytes()).isEqualTo(1024);
        assertThat(series.intervalMs()).isEqualTo(2000);
        // 2048 KiB in 2 s = 1 MiB/s
        assertThat(series.value(0)).isEqualTo(1024.0 * 1024);
        assertThat(series.value(1)).isEqualTo(2048.0 * 1024);
        assertThat(series.unavailable()).isEqualTo(1);
    }

    @Test
    void labelsWithParametersAndCustomNames() {
        assertThat(PerfMonLabel.parse("localhost CPU user").kind()).isEqualTo(PerfMonLabel.Kind.OTHER);
        assertThat(PerfMonLabel.parse("localhost CPU combined").kind()).isEqualTo(PerfMonLabel.Kind.CPU_PERCENT);
        assertThat(PerfMonLabel.parse("localhost Memory usedperc").kind()).isEqualTo(PerfMonLabel.Kind.MEMORY_PERCENT);
        assertThat(PerfMonLabel.parse("localhost Memory used:unit=mb").kind()).isEqualTo(PerfMonLabel.Kind.OTHER);
        PerfMonLabel net = PerfMonLabel.parse("10.0.0.7 Network I/O bytesrecv:iface=eth0");
        assertThat(net.host()).isEqualTo("10.0.0.7");
        assertThat(net.metric()).isEqualTo("Network I/O");
        assertThat(net.params()).isEqualTo("bytesrecv:iface=eth0");
        assertThat(net.kind()).isEqualTo(PerfMonLabel.Kind.NETWORK_RECEIVED);
        PerfMonLabel custom = PerfMonLabel.parse("db1 JMX gc-time");
        assertThat(custom.metric()).isEqualTo("JMX");
        assertThat(custom.kind()).isEqualTo(PerfMonLabel.Kind.OTHER);
    }
}
