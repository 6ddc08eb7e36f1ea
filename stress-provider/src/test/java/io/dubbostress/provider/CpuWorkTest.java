package io.dubbostress.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CpuWorkTest {

    @Test
    void countsCallsAndIterationsAndAccumulatesTheSums() {
        CpuWork work = new CpuWork(10_000);
        work.perform();
        work.perform();
        work.perform();
        assertThat(work.calls()).isEqualTo(3);
        assertThat(work.iterationsDone()).isEqualTo(30_000);
        // 30,000 draws from 0..999: the sum is far from 0 unless the loop was skipped
        assertThat(work.checksum()).isBetween(30_000L * 300, 30_000L * 700);
    }

    @Test
    void zeroIterationsIsAllowedAndDoesNoWork() {
        CpuWork work = new CpuWork(0);
        work.perform();
        assertThat(work.calls()).isEqualTo(1);
        assertThat(work.iterationsDone()).isZero();
        assertThat(work.checksum()).isZero();
    }

    @Test
    void negativeIterationsAreRejectedWithTheValue() {
        assertThatThrownBy(() -> new CpuWork(-1)).hasMessage("cpu iterations must be >= 0, was -1");
    }
}
