#!/usr/bin/env python3
"""What stress run's JVM readings cost the PerfMon agent: its own CPU time (/proc/<pid>/stat) per second while one
client asks, once a second, for what the run asks (process:pid=N:threads, :fds, :cswitch of three JVMs, and
cpu:cswitch), against a client asking what the plans' collector asks most (cpu:combined), rounds alternated.

    python3 scripts/jvm-readings-cost.py [ROUNDS] [SECONDS]      # from the repository root, after a build

The three JVMs stand for a provider, a consumer and a JMeter: 60, 80 and 50 threads of their own that sleep 5 ms in a
loop (so they switch), besides the JVM's. Every process it starts is stopped at the end, by its pid.
"""
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 4
SECONDS = float(sys.argv[2]) if len(sys.argv) > 2 else 20
JAVA = os.path.join(os.environ["JAVA_HOME"], "bin", "java") if "JAVA_HOME" in os.environ else shutil.which("java")
AGENT_JAR = "perfmon/target/perfmon-agent.jar"
MANY = """public class Many { public static void main(String[] a) throws Exception {
  for (int i = 0; i < Integer.parseInt(a[0]); i++) { Thread t = new Thread(() -> { while (true) {
    try { Thread.sleep(5); } catch (InterruptedException e) { return; } } }); t.setDaemon(true); t.start(); }
  Thread.sleep(Long.parseLong(a[1])); } }"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_ticks(pid):
    stat = open("/proc/%d/stat" % pid).read()
    fields = stat[stat.rindex(")") + 2:].split()
    return int(fields[11]) + int(fields[12])  # utime + stime, clock ticks of 10 ms


def agent_cpu_ms_per_second(agent, port, specs, seconds):
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.sendall(("interval:1\nmetrics:" + "\t".join(specs) + "\n").encode())
        time.sleep(2)  # the first readings, and the agent's metrics built
        t0, w0 = cpu_ticks(agent.pid), time.time()
        time.sleep(seconds)
        t1, w1 = cpu_ticks(agent.pid), time.time()
        s.sendall(b"exit\n")
    return (t1 - t0) * 10 / (w1 - w0)


def main():
    work = tempfile.mkdtemp(prefix="jvm-readings-cost")
    source = os.path.join(work, "Many.java")
    with open(source, "w") as f:
        f.write(MANY)
    port = free_port()
    lifetime_ms = str(int((ROUNDS * 2 + 2) * (SECONDS + 3) * 1000 + 60_000))
    started = []
    try:
        agent = subprocess.Popen([JAVA, "-Xmx128m", "-jar", AGENT_JAR, "--tcp-port", str(port), "--udp-port", "0",
                                  "--bind", "127.0.0.1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        started.append(agent)
        jvms = [subprocess.Popen([JAVA, "-Xmx32m", source, str(n), lifetime_ms], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL) for n in (60, 80, 50)]
        started.extend(jvms)
        time.sleep(8)
        print("threads of the three JVMs:", [len(os.listdir("/proc/%d/task" % j.pid)) for j in jvms])
        collector = ["cpu:combined"]
        run = ["cpu:cswitch"] + ["process:pid=%d:%s" % (j.pid, k) for j in jvms for k in ("threads", "fds", "cswitch")]
        agent_cpu_ms_per_second(agent, port, run, SECONDS)  # warm-up: the agent's JIT
        for i in range(ROUNDS):
            print("round %d: cpu:combined %.1f ms CPU/s, the run's JVM readings %.1f ms CPU/s" % (
                i + 1, agent_cpu_ms_per_second(agent, port, collector, SECONDS),
                agent_cpu_ms_per_second(agent, port, run, SECONDS)))
    finally:
        for p in started:
            p.kill()
            p.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
