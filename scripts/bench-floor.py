#!/usr/bin/env python3
"""Issue 40's two targets from a bench.json of `./stress bench --parts calls --two-jars`, as markdown tables.

1. Each jar's load-generator CPU per call over its raw client's, per round (runs of the same round paired), in every
   cell (threads x payload): median (min-max) against <= 1.15.
2. Each JMeter side's calls/s over the machine's bound, cores / (provider CPU + JMeter CPU per call), per run:
   median (min-max) against >= 0.9. The bound is what the two processes could do if they had every core between them;
   the share is also the cores they used together in the window (calls/s x CPU per call).

3. Where each side's CPU per call goes, by thread group (calling threads, Netty's I/O threads, the JTL writer, GC,
   JIT ...), median over the same rounds, when the bench recorded it (loadCpuMsPer1000CallsByThreadGroup).

    python3 scripts/bench-floor.py issue40/bench.json
    python3 scripts/bench-floor.py issue40/bench.json r33/bench.json   # the rounds of both, pooled

Reads only the figures the bench wrote (calls.runs[]); no figure is taken from the bench's own ratios, so the
table is a second count of calls.ratios[] (it says where the two differ; with one bench.json only).
"""
import json
import statistics
import sys

PAIRS = [("sampler", "raw", "2.7 jar / raw 2.7"),
         ("sampler-3", "raw-3", "3.3 jar / raw 3.3 (dubbo://)"),
         ("sampler-tri", "raw-tri", "3.3 jar / raw 3.3 (tri://)")]
CPU_TARGET = 1.15
BOUND_TARGET = 0.9


def spread(values):
    if not values:
        return "-"
    return "%.2f (%.2f-%.2f)" % (statistics.median(values), min(values), max(values))


def measured(run):
    """A run without errors whose load-generator CPU per call was measured."""
    return not run.get("errors") and bool(run.get("loadCpuMsPer1000Calls"))


def by_group(side_runs):
    """Median µs per call of each thread group over these runs (a group absent from a run: 0 there), as text."""
    splits = [r.get("loadCpuMsPer1000CallsByThreadGroup") for r in side_runs]
    if not splits or any(not x for x in splits):
        return None
    names = {g for x in splits for g in x}
    medians = {g: statistics.median(x.get(g, 0.0) for x in splits) for g in names}
    shown = sorted((g for g in names if medians[g] >= GROUP_SHOWN_US), key=lambda g: -medians[g])
    rest = sum(m for g, m in medians.items() if g not in shown)
    parts = ["`%s` %.1f" % (g, medians[g]) for g in shown] + ["the rest %.1f" % rest]
    return ", ".join(parts)


def size(payload):
    return "%d KiB" % (payload // 1024) if payload >= 1024 else "%d B" % payload


GROUP_SHOWN_US = 1.0  # a thread group is named when it costs this much per call on a side (median); the rest summed


def main(paths):
    runs, cores, ratios = [], None, {}
    for i, path in enumerate(paths):
        with open(path) as f:
            bench = json.load(f)
        if cores is not None and int(bench["host"]["cpus"]) != cores:
            sys.exit("bench-floor.py: %s ran on %s cores, %s on %d: not one machine's rounds"
                     % (path, bench["host"]["cpus"], paths[0], cores))
        cores = int(bench["host"]["cpus"])
        for r in bench["calls"]["runs"]:
            runs.append((i, r))
        if len(paths) == 1:
            ratios = {(x["threads"], x["payloadBytes"], x["ratio"]): x for x in bench["calls"].get("ratios", [])}
    by = {}
    for i, r in runs:
        # a round of one bench.json pairs with the same round of that file only
        by.setdefault((r["threads"], r["payloadBytes"], r["side"]), {})[(i, r["round"])] = r
    runs = [r for _, r in runs]
    cells = sorted({(r["threads"], r["payloadBytes"]) for r in runs}, key=lambda c: (c[1], c[0]))
    differ = []
    groups_rows = []

    print("| payload | threads | pair | CPU per call, jar over raw (<= %.2f) | met | µs per call: raw, jar |"
          % CPU_TARGET)
    print("| --- | ---: | --- | ---: | --- | --- |")
    misses = 0
    for threads, payload in cells:
        for side, base, name in PAIRS:
            a = by.get((threads, payload, side), {})
            b = by.get((threads, payload, base), {})
            if not a or not b:
                continue  # a side this bench did not run
            rounds = sorted(set(a) & set(b))
            # the rounds both runs of which measured their CPU and had no error: the ratio and the µs come from these
            good = [k for k in rounds if measured(a[k]) and measured(b[k])]
            values = [a[k]["loadCpuMsPer1000Calls"] / b[k]["loadCpuMsPer1000Calls"] for k in good]
            if not values:
                print("| %s | %d | %s | (no pair of runs without errors) | - | - |" % (size(payload), threads, name))
                continue
            met = statistics.median(values) <= CPU_TARGET
            misses += 0 if met else 1
            own = ratios.get((threads, payload, side + "/" + base), {}).get("loadCpuPerCall", {}).get("median")
            if len(paths) == 1 and len(good) == len(rounds) and (
                    own is None or abs(own - statistics.median(values)) > 0.005):
                differ.append("%s, %d threads, %s: bench.json's ratio %s, counted here %.3f"
                              % (size(payload), threads, name, own, statistics.median(values)))
            raw_us = statistics.median(b[k]["loadCpuMsPer1000Calls"] for k in good)
            jar_us = statistics.median(a[k]["loadCpuMsPer1000Calls"] for k in good)
            print("| %s | %d | %s | %s | %s | %.1f, %.1f |" % (size(payload), threads, name, spread(values),
                                                             "yes" if met else "**no**", raw_us, jar_us))
            for label, side_runs in ((base, b), (side, a)):
                split = by_group([side_runs[k] for k in good])
                if split:
                    groups_rows.append((size(payload), threads, label, len(good), split))
    print()
    print("| payload | threads | side | calls/s | provider + JMeter µs per call | bound calls/s "
          "(%d cores) | calls/s over the bound (>= %.1f) | met |" % (cores, BOUND_TARGET))
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: | --- |")
    for threads, payload in cells:
        for side in [s for pair in PAIRS for s in pair[:2]]:
            rs = list(by.get((threads, payload, side), {}).values())
            if not rs:
                continue
            shares, rates, costs, bounds = [], [], [], []
            for r in rs:
                if not measured(r) or not r.get("providerCpuMsPer1000Calls"):
                    continue
                cost = r["providerCpuMsPer1000Calls"] + r["loadCpuMsPer1000Calls"]
                bound = cores * 1e6 / cost
                shares.append(r["callsPerSecond"] / bound)
                rates.append(r["callsPerSecond"])
                costs.append(cost)
                bounds.append(bound)
            if not shares:
                print("| %s | %d | %s | (no run without errors and with its CPU measured) | | | | - |" % (size(payload), threads, side))
                continue
            met = statistics.median(shares) >= BOUND_TARGET
            if side.startswith("raw"):
                met = None  # the raw clients: for scale, no target
            else:
                misses += 0 if met else 1
            print("| %s | %d | %s | %s | %.1f | %s | %s | %s |" % (
                size(payload), threads, side, "{:,.0f}".format(statistics.median(rates)), statistics.median(costs),
                "{:,.0f}".format(statistics.median(bounds)), spread(shares),
                "(for scale)" if met is None else "yes" if met else "**no**"))
    if groups_rows:
        print()
        print("| payload | threads | side | rounds | µs per call by thread group, median (groups of >= %.0f µs; "
              "the rest summed) |" % GROUP_SHOWN_US)
        print("| --- | ---: | --- | ---: | --- |")
        for row in groups_rows:
            print("| %s | %d | %s | %d | %s |" % row)
    print()
    for d in differ:
        print("differs from the bench's own ratio: " + d)
    print("%d cell(s) miss their target" % misses)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: bench-floor.py BENCH_JSON... (bench.json files of ./stress bench --parts calls --two-jars;"
                 " the rounds of several are pooled)")
    main(sys.argv[1:])
