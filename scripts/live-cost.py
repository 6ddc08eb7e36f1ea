#!/usr/bin/env python3
"""scripts/live-cost.py: what the live page costs a run, measured in alternated rounds of `stress run`.

Each round runs one scenario three times, in an order that alternates between rounds (A B C, then C B A, ...):
  off      stress run --no-live
  served   the live page served (it reads the JTL, the GC logs and the agent once a second), nobody watching
  watched  the same, with a headless Chromium polling the page every second (the page's own script)
Over the same window of each run's steady state it reads the CPU time (/proc/<pid>/stat) of JMeter, of the stress
command's JVM (which runs the page), of the PerfMon agent (asked for one more stream by the page) and of the provider,
and counts the calls that ended in the window from the JTL; Chromium's CPU over its whole life is given separately
(it is the watcher's, not the load generator's, but on one machine it takes a core's share too).

With --windows N the steady state is cut into N consecutive windows, each measured on its own (the JIT compiles the
page's code over its first minutes: the last window is what it costs once compiled); --modes picks the modes.

Usage: python3 scripts/live-cost.py [--rounds 3] [--duration 90] [--warmup 20] [--threads 20] [--scenario direct-1k]
                                    [--windows 1] [--modes off,served,watched] [--out DIR]
Needs: a build (./mvnw -DskipTests package), Debian's chromium. Prints one line per run and the medians per mode;
writes them to OUT/rounds.tsv. docs/BENCHMARKS.md (The live page's cost) shows the results.
"""
import argparse
import csv
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """utime + stime of a process (all its threads), seconds; None when it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK
    except (OSError, IndexError, ValueError):
        return None


def tree_cpu_seconds(pid):
    """A process and its living descendants, plus what the dead ones it waited for used (cutime, cstime)."""
    total = 0.0
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            with open(f"/proc/{p}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])) / TICK
            with open(f"/proc/{p}/task/{p}/children") as f:
                todo.extend(int(c) for c in f.read().split())
        except (OSError, IndexError, ValueError):
            pass
    return total


def read_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def wait_for(what, predicate, timeout, proc):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        if proc.poll() is not None:
            raise SystemExit(f"live-cost: the run ended before {what} (exit {proc.returncode})")
        time.sleep(0.2)
    raise SystemExit(f"live-cost: no {what} within {timeout} s")


def calls_between(jtl, start_ms, end_ms):
    """Calls whose end (timeStamp + elapsed) falls in [start_ms, end_ms)."""
    n = 0
    with open(jtl, newline="") as f:
        rows = csv.reader(f)
        header = next(rows)
        ts, el = header.index("timeStamp"), header.index("elapsed")
        for row in rows:
            end = int(row[ts]) + int(row[el])
            if start_ms <= end < end_ms:
                n += 1
    return n


def one_run(mode, args, out):
    folder = os.path.join(out, f"run-{len(os.listdir(out)):02d}-{mode}")
    command = [os.path.join(HERE, "stress"), "run", "--scenarios", args.scenario, "--threads", str(args.threads),
               "--duration", f"{args.duration}s", "--warmup", f"{args.warmup}s", "--no-dashboard", "--out", folder]
    command += ["--no-live"] if mode == "off" else ["--live-port", "0"]
    log = open(folder + ".out", "w")
    proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    browser = None
    try:
        run_json = os.path.join(folder, "run.json")
        jtl = os.path.join(folder, "scenarios", args.scenario, "results.jtl")

        def jmeter_running():
            m = read_json(run_json)
            if not m:
                return None
            for s in m.get("scenarios", []):
                if s.get("status") == "running" and s.get("jmeterPid", -1) > 0 and os.path.exists(jtl) \
                        and os.path.getsize(jtl) > 10_000:
                    return m, s["jmeterPid"]
            return None

        manifest, jmeter = wait_for("JMeter's first rows", jmeter_running, 600, proc)
        services = {s["name"]: s.get("pid", -1) for s in manifest.get("services", [])}
        if mode == "watched":
            with open(folder + ".out") as f:
                address = next((line.split("live page: ")[1].split()[0] for line in f if "live page: " in line), None)
            profile = tempfile.mkdtemp(prefix="live-cost-chromium-")
            browser = subprocess.Popen(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                        "--disable-background-networking", "--disable-component-update",
                                        "--disable-sync", f"--user-data-dir={profile}", "--window-size=1400,2400",
                                        address], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                       start_new_session=True)
        time.sleep(args.warmup + 2)  # the JTL's first rows came at about the first call: the warm-up is behind us
        pids = {"jmeter": jmeter, "cli": proc.pid, "agent": services.get("agent", -1),
                "provider": services.get("provider", -1)}
        # the stress script execs java: proc.pid is the stress command's JVM
        window = (args.duration - args.warmup - 12) / args.windows
        marks = []
        for _ in range(args.windows + 1):
            marks.append((time.time(), {k: cpu_seconds(p) for k, p in pids.items()},
                          tree_cpu_seconds(browser.pid) if browser else 0.0, os.getloadavg()[0]))
            if len(marks) <= args.windows:
                time.sleep(window)
        proc.wait(timeout=900)
        results = []
        for w in range(args.windows):
            (t0, before, b_browser, _), (t1, after, a_browser, load) = marks[w], marks[w + 1]
            calls = calls_between(jtl, int(t0 * 1000), int(t1 * 1000))
            seconds = t1 - t0
            result = {"mode": mode, "window": w + 1, "seconds": round(seconds, 1), "calls": calls,
                      "calls_per_s": calls / seconds, "browser_ms_per_s": 1000 * (a_browser - b_browser) / seconds,
                      "exit": proc.returncode, "load": load}
            for k in pids:
                if before[k] is None or after[k] is None:
                    result[k + "_us_per_call"] = float("nan")
                else:
                    result[k + "_us_per_call"] = 1e6 * (after[k] - before[k]) / max(1, calls)
            results.append(result)
        return results
    finally:
        if browser:
            os.killpg(browser.pid, signal.SIGKILL)
            browser.wait()
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait()
        log.close()
        shutil.rmtree(os.path.join(folder, "scenarios"), ignore_errors=True)  # the JTLs are large; the figures are here


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--duration", type=int, default=90)
    p.add_argument("--warmup", type=int, default=20)
    p.add_argument("--threads", type=int, default=20)
    p.add_argument("--scenario", default="direct-1k")
    p.add_argument("--windows", type=int, default=1)
    p.add_argument("--modes", default="off,served,watched")
    p.add_argument("--out", default=os.path.join("results", time.strftime("live-cost-%Y%m%d-%H%M%S", time.gmtime())))
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    modes = args.modes.split(",")
    keys = ["calls_per_s", "jmeter_us_per_call", "cli_us_per_call", "agent_us_per_call", "provider_us_per_call",
            "browser_ms_per_s", "load"]
    results = []
    with open(os.path.join(args.out, "rounds.tsv"), "w") as tsv:
        tsv.write("round\tmode\twindow\t" + "\t".join(keys) + "\tcalls\tseconds\texit\n")
        for r in range(args.rounds):
            for mode in (modes if r % 2 == 0 else list(reversed(modes))):
                for res in one_run(mode, args, args.out):
                    res["round"] = r + 1
                    results.append(res)
                    line = f"{r + 1}\t{mode}\t{res['window']}\t" + "\t".join(f"{res[k]:.2f}" for k in keys) \
                        + f"\t{res['calls']}\t{res['seconds']}\t{res['exit']}"
                    print(line, flush=True)
                    tsv.write(line + "\n")
                    tsv.flush()
    print("\nmedians per mode and window (runs whose figure could not be read left out):")
    print("mode\twindow\t" + "\t".join(keys))
    for mode in modes:
        for w in range(1, args.windows + 1):
            rows = [x for x in results if x["mode"] == mode and x["window"] == w]
            print(f"{mode}\t{w}\t" + "\t".join(
                f"{statistics.median([x[k] for x in rows if x[k] == x[k]] or [float('nan')]):.2f}" for k in keys))


if __name__ == "__main__":
    sys.exit(main())
