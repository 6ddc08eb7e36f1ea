package io.dubbostress.cli.run;

import io.dubbostress.cli.options.Scenario;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dubbostress.cli.testkit.Cli;
import io.dubbostress.cli.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Thread counts the machine cannot hold are refused before anything starts (exit 2, one line), ones that take most
 * of what is left are warned about. The limits come from /proc and /sys: here from copies laid out in a temporary
 * folder (cgroup v1 and v2, a user's RLIMIT_NPROC), and once from this machine's own.
 */
class ThreadBudgetTest {

    @TempDir
    Path dir;

    @TempDir
    Path root;

    private void file(String relative, String text) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    /** A machine with room: 192,731 threads-max, pid_max 4,194,304, 24 GiB, root, 170 tasks. */
    private void roomyMachine() throws IOException {
        file("proc/sys/kernel/threads-max", "192731\n");
        file("proc/sys/kernel/pid_max", "4194304\n");
        file("proc/loadavg", "4.73 9.04 9.29 2/170 29168\n");
        file("proc/self/cgroup", "0::/\n");
        file("proc/self/status", "Name:\tjava\nUid:\t0\t0\t0\t0\n");
        file("proc/self/limits", "Max processes             96365                96365                processes\n");
        file("proc/meminfo", "MemTotal:       24683520 kB\nMemAvailable:   22963200 kB\n");
    }

    /** The settings {@code stress run} makes of these options. */
    private static RunSettings settings(int threads, String scenarios, String jmeterJvmArgs, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("--threads", String.valueOf(threads), "--scenarios",
                scenarios, "--jmeter-jvm-args", jmeterJvmArgs));
        args.addAll(List.of(more));
        RunCommand command = new RunCommand();
        new picocli.CommandLine(command).parseArgs(args.toArray(new String[0]));
        return command.settings();
    }

    @Test
    void theReferenceSettingsPassQuietly() throws IOException {
        roomyMachine();
        assertThat(new ThreadBudget(root).check(settings(20, "direct-1k,hop-1k,direct-100k,hop-100k",
                "-Xms1g -Xmx1g"))).isEmpty();
    }

    @Test
    void moreThreadsThanPidsAreRefusedNamingTheLimit() throws IOException {
        roomyMachine();
        file("proc/sys/kernel/pid_max", "32768\n");
        assertThatThrownBy(() -> new ThreadBudget(root).check(settings(100_000, "direct-1k", "-Xmx64g")))
                .isInstanceOf(UserError.class)
                .hasMessage("Invalid value for option '--threads': 100,000 threads cannot run on this machine: the run"
                        + " needs about 100,640 tasks (threads) and the kernel's pid_max (/proc/sys/kernel/pid_max)"
                        + " leaves 32,598 (32,768, 170 in use); at most about 31,958 JMeter threads fit");
    }

    @Test
    void aCgroupV2PidsLimitOfTheGroupOrAParentCounts() throws IOException {
        roomyMachine();
        file("proc/self/cgroup", "0::/user.slice/stress.scope\n");
        file("sys/fs/cgroup/cgroup.controllers", "cpuset cpu io memory pids\n"); // a v2 hierarchy's root has one
        file("sys/fs/cgroup/user.slice/stress.scope/pids.max", "max\n");
        file("sys/fs/cgroup/user.slice/pids.max", "2000\n");
        file("sys/fs/cgroup/user.slice/pids.current", "300\n");
        assertThatThrownBy(() -> new ThreadBudget(root).check(settings(1500, "direct-1k", "-Xmx1g")))
                .hasMessageContaining("the cgroup's pids.max (" + root.resolve("sys/fs/cgroup/user.slice/pids.max")
                        + ") leaves 1,700 (2,000, 300 in use); at most about 1,060 JMeter threads fit");
        List<String> warnings = new ThreadBudget(root).check(settings(400, "direct-1k", "-Xmx1g"));
        assertThat(warnings).singleElement().asString().startsWith("--threads 400 takes more than half of the tasks");
    }

    @Test
    void aCgroupV1PidsLimitCounts() throws IOException {
        roomyMachine();
        file("proc/self/cgroup", "9:name=systemd:/\n8:pids:/docker/abc\n4:memory:/docker/abc\n");
        file("sys/fs/cgroup/pids/docker/abc/pids.max", "1024\n");
        file("sys/fs/cgroup/pids/docker/abc/pids.current", "24\n");
        assertThatThrownBy(() -> new ThreadBudget(root).check(settings(1000, "direct-1k", "-Xmx1g")))
                .hasMessageContaining("pids.max (" + root.resolve("sys/fs/cgroup/pids/docker/abc/pids.max")
                        + ") leaves 1,000 (1,024, 24 in use)");
    }

    @Test
    void aUsersProcessLimitCountsTheUsersTasksButNotForRoot() throws IOException {
        roomyMachine();
        file("proc/self/status", "Name:\tjava\nUid:\t1000\t1000\t1000\t1000\n");
        file("proc/self/limits", "Max processes             4096                 4096                 processes\n");
        file("proc/4242/status", "Name:\tjava\nUid:\t1000\t1000\t1000\t1000\nThreads:\t1000\n");
        file("proc/4243/status", "Name:\tsshd\nUid:\t0\t0\t0\t0\nThreads:\t5000\n");
        assertThatThrownBy(() -> new ThreadBudget(root).check(settings(3000, "direct-1k", "-Xmx1g")))
                .hasMessageContaining("the user's process limit ('Max processes' in /proc/self/limits, uid 1000)"
                        + " leaves 3,096 (4,096, 1,000 in use)");
        file("proc/self/status", "Name:\tjava\nUid:\t0\t0\t0\t0\n");
        assertThat(new ThreadBudget(root).check(settings(3000, "direct-1k", "-Xmx1g"))).isEmpty();
    }

    @Test
    void threadsTheHeapCannotHoldAreRefusedAndNearlyFullWarned() throws IOException {
        roomyMachine();
        assertThatThrownBy(() -> new ThreadBudget(root).check(settings(3000, "direct-100k", "-Xms1g -Xmx1g")))
                .hasMessage("Invalid value for option '--threads': 3,000 threads need about 1,288 MiB of heap (396"
                        + " KiB a thread with 102400-byte payloads), more than JMeter's heap of 1024 MiB"
                        + " (--jmeter-jvm-args); raise -Xmx in --jmeter-jvm-args or lower --threads");
        assertThat(new ThreadBudget(root).check(settings(2000, "direct-100k", "-Xms1g -Xmx1g")))
                .containsExactly("--threads 2,000 needs about 901 MiB of JMeter's heap of 1024 MiB"
                        + " (--jmeter-jvm-args): more than half, so JMeter's garbage collection may weigh on the"
                        + " figures");
        assertThat(new ThreadBudget(root).check(settings(3000, "hop-100k", "-Xms1g -Xmx1g")))
                .as("a hop's JMeter does not carry the payload").isEmpty();
    }

    @Test
    void theLastXmxWinsAsInTheJvm() {
        ThreadBudget budget = new ThreadBudget(root);
        assertThat(budget.maxHeap("-Xmx512m -XX:+UseG1GC -Xmx2g")).isEqualTo(2L << 30);
        assertThat(budget.maxHeap("-XX:MaxHeapSize=268435456")).isEqualTo(256L << 20);
    }

    @Test
    void stacksBeyondTheAvailableMemoryAreRefused() throws IOException {
        roomyMachine();
        file("proc/meminfo", "MemTotal:       4000000 kB\nMemAvailable:   100000 kB\n");
        assertThatThrownBy(() -> new ThreadBudget(root).check(settings(1000, "hop-1k", "-Xmx512m")))
                .hasMessage("Invalid value for option '--threads': 1,000 threads need about 187 MiB of memory outside"
                        + " JMeter's heap (192 KiB a thread: stacks), and this machine has 97 MiB available"
                        + " (/proc/meminfo)");
    }

    @Test
    void withRemoteServersNothingIsCheckedHere() throws IOException {
        roomyMachine();
        file("proc/sys/kernel/pid_max", "1000\n");
        RunSettings s = settings(100_000, "direct-1k", "-Xmx1g", "--remote", "10.0.0.7", "--rmi-hostname",
                "127.0.0.1");
        assertThat(new ThreadBudget(root).check(s)).isEmpty();
    }

    @Test
    void onThisMachineAHundredThousandThreadsAreRefusedBeforeAnythingStarts() {
        Path out = dir.resolve("run");
        Cli r = Cli.run("run", "--threads", "100000", "--duration", "5s", "--scenarios", "direct-1k",
                "--out", out.toString());
        assertThat(r.exit).as(r.toString()).isEqualTo(2);
        assertThat(r.err.lines()).as(r.toString()).hasSize(1);
        // here pid_max (32,768) refuses it; on a machine with more pids, the default 1 GiB heap does
        assertThat(r.firstErrLine()).startsWith("stress run: Invalid value for option '--threads': 100,000 threads ");
        assertThat(out).as("nothing started, no folder made").doesNotExist();
        System.out.println("this machine: " + r.firstErrLine());
        new ThreadBudget(Path.of("/")).limits().forEach(l -> System.out.println("  " + l));
    }
}
