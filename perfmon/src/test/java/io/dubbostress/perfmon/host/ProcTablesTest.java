package io.dubbostress.perfmon.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The /proc parsers, on text as the kernel writes it. */
class ProcTablesTest {

    @Test
    void netDevGivesEveryCounterOfEveryInterfaceLoopbackIncluded() {
        List<String> netDev = Arrays.asList(
                "Inter-|   Receive                                                |  Transmit",
                " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls"
                        + " carrier compressed",
                "    lo:  220542     154    0    0    0     0          0         0   220542     154    0    0    0     0"
                        + "       0          0",
                "  eth0: 276886704   13031    1    2    3     4          0         0  1328681    8072    5    6    7     8"
                        + "       9          0");

        List<NetCounters> interfaces = LinuxNetDev.parse(netDev);

        assertThat(interfaces).extracting(NetCounters::name).containsExactly("lo", "eth0");
        NetCounters eth0 = interfaces.get(1);
        assertThat(eth0.get(NetCounters.Field.BYTES_RECV)).isEqualTo(276886704L);
        assertThat(eth0.get(NetCounters.Field.RX_PACKETS)).isEqualTo(13031L);
        assertThat(eth0.get(NetCounters.Field.RX_ERRORS)).isEqualTo(1L);
        assertThat(eth0.get(NetCounters.Field.RX_DROPS)).isEqualTo(2L);
        assertThat(eth0.get(NetCounters.Field.RX_OVERRUNS)).isEqualTo(3L);
        assertThat(eth0.get(NetCounters.Field.RX_FRAME)).isEqualTo(4L);
        assertThat(eth0.get(NetCounters.Field.BYTES_SENT)).isEqualTo(1328681L);
        assertThat(eth0.get(NetCounters.Field.TX_PACKETS)).isEqualTo(8072L);
        assertThat(eth0.get(NetCounters.Field.TX_ERRORS)).isEqualTo(5L);
        assertThat(eth0.get(NetCounters.Field.TX_DROPS)).isEqualTo(6L);
        assertThat(eth0.get(NetCounters.Field.TX_OVERRUNS)).isEqualTo(7L);
        assertThat(eth0.get(NetCounters.Field.TX_COLLISIONS)).isEqualTo(8L);
        assertThat(eth0.get(NetCounters.Field.TX_CARRIER)).isEqualTo(9L);
    }

    @Test
    void tcpTablesCountStatesAndTellInboundFromOutbound() {
        List<String> tcp4 = Arrays.asList(
                "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
                "   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1",
                "   1: 0100007F:1F90 0100007F:C350 01 00000000:00000000 00:00000000 00000000     0        0 2 1",
                "   2: 0100007F:C350 0100007F:1F90 01 00000000:00000000 00:00000000 00000000     0        0 3 1",
                "   3: 0100007F:C351 0100007F:1F90 06 00000000:00000000 00:00000000 00000000     0        0 0 1");
        List<String> tcp6 = Arrays.asList(
                "  sl  local_address                         remote_address                        st tx_queue",
                "   0: 00000000000000000000000001000000:0016 00000000000000000000000000000000:0000 0A 00000000:0",
                "   1: 00000000000000000000000001000000:0016 00000000000000000000000001000000:D000 08 00000000:0");

        TcpStates states = LinuxTcpTable.count(Arrays.asList(tcp4, tcp6));

        assertThat(states.count(TcpStates.State.LISTEN)).isEqualTo(2);
        assertThat(states.count(TcpStates.State.ESTABLISHED)).isEqualTo(2);
        assertThat(states.count(TcpStates.State.TIME_WAIT)).isEqualTo(1);
        assertThat(states.count(TcpStates.State.CLOSE_WAIT)).isEqualTo(1);
        assertThat(states.inbound()).as("local port 8080 and 22 listen").isEqualTo(2);
        assertThat(states.outbound()).isEqualTo(2);
    }

    @Test
    void cpuShareIsThePartOfTheTimeBetweenTwoReadings() {
        CpuTicks before = new CpuTicks(new long[] {100, 0, 50, 800, 10, 0, 0, 0});
        CpuTicks after = new CpuTicks(new long[] {400, 0, 150, 1300, 10, 0, 0, 40});
        // 940 ms passed: 300 user, 100 system, 500 idle, 40 steal
        assertThat(after.share(before, CpuTicks.State.USER)).isEqualTo(300.0 / 940);
        assertThat(after.share(before, CpuTicks.State.USER, CpuTicks.State.SYSTEM, CpuTicks.State.NICE,
                CpuTicks.State.IOWAIT)).isEqualTo(400.0 / 940);
        assertThat(after.share(after, CpuTicks.State.USER)).isNaN();
    }

    @Test
    void procStatGivesTheCpuTicksOfAllCpusAndOfEachOneOfflineOnesLeftEmpty() {
        List<String> stat = Arrays.asList(
                "cpu  10132153 290696 3084719 46828483 16683 0 25195 7 0 0",
                "cpu0 1393280 32966 572056 13343292 6130 0 17875 3 0 0",
                "cpu2 1359288 31012 530298 13377398 2654 0 1553 4 0 0",
                "intr 1462898 0 0 0",
                "ctxt 115315132",
                "btime 1769000000",
                "processes 1222");

        LinuxCpuStat parsed = LinuxCpuStat.parse(stat);

        assertThat(parsed.all().get(CpuTicks.State.USER)).isEqualTo(10132153L);
        assertThat(parsed.all().get(CpuTicks.State.IDLE)).isEqualTo(46828483L);
        assertThat(parsed.all().get(CpuTicks.State.SOFTIRQ)).isEqualTo(25195L);
        assertThat(parsed.all().get(CpuTicks.State.STEAL)).isEqualTo(7L);
        assertThat(parsed.cores()).hasSize(3);
        assertThat(parsed.cores().get(0).get(CpuTicks.State.SYSTEM)).isEqualTo(572056L);
        assertThat(parsed.cores().get(1)).as("cpu1 is offline").isNull();
        assertThat(parsed.cores().get(2).get(CpuTicks.State.IOWAIT)).isEqualTo(2654L);
        assertThat(LinuxCpuStat.parse(Arrays.asList("intr 1 2 3"))).isNull();
    }

    @Test
    void cpuTicksReadATenthOfASecondApartHaveMoved() {
        Host host = Host.local();
        CpuTicks before = host.cpuTicks();
        List<CpuTicks> coresBefore = host.coreTicks();
        org.awaitility.Awaitility.await().pollDelay(java.time.Duration.ofMillis(120)).until(() -> true);
        // OSHI's ticks, kept 300 ms, had not: share() was NaN and the metric repeated its previous value
        assertThat(host.cpuTicks().total()).isGreaterThan(before.total());
        assertThat(host.coreTicks().get(0).total()).isGreaterThan(coresBefore.get(0).total());
    }
}
