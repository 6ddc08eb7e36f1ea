package io.dubbostress.cli.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The sampling options of --profile, --profile-kernel and STRESS_PROFILE_OPTIONS. */
class AsyncProfilerOptionsTest {

    @Test
    void profileSamplesByATimerAndProfileKernelByPerfEvents() {
        assertThat(AsyncProfiler.options(null, false)).startsWith("event=ctimer,").isEqualTo(AsyncProfiler.OPTIONS);
        assertThat(AsyncProfiler.options("  ", true)).startsWith("event=cpu,").isEqualTo(AsyncProfiler.KERNEL_OPTIONS);
        // the two differ only in how the CPU is sampled
        assertThat(AsyncProfiler.OPTIONS.substring(AsyncProfiler.OPTIONS.indexOf(',')))
                .isEqualTo(AsyncProfiler.KERNEL_OPTIONS.substring(AsyncProfiler.KERNEL_OPTIONS.indexOf(',')));
    }

    @Test
    void theVariableReplacesTheSamplingOptionsOnly() {
        assertThat(AsyncProfiler.options(" event=itimer,interval=20ms ", false)).isEqualTo("event=itimer,interval=20ms");
        assertThat(AsyncProfiler.options("event=cpu,alloc=1m,lock=1ms,cstack=vm,jstackdepth=64", false))
                .isEqualTo("event=cpu,alloc=1m,lock=1ms,cstack=vm,jstackdepth=64");
        // the file and the log are the run's: an option that would move them, or stop the profiler, is refused by name
        assertThatThrownBy(() -> AsyncProfiler.options("event=cpu,file=/tmp/x.jfr", false))
                .isInstanceOf(ProfilerException.class)
                .hasMessage("STRESS_PROFILE_OPTIONS='event=cpu,file=/tmp/x.jfr': 'file=/tmp/x.jfr' is not one of the"
                        + " sampling options it may set (alloc=..., cstack=..., event=..., interval=..., jstackdepth=...,"
                        + " lock=...)");
        assertThatThrownBy(() -> AsyncProfiler.options("stop", false)).hasMessageContaining("'stop' is not one of");
    }
}
