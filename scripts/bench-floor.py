#!/usr/bin/env python3
"""Issue 40's two targets from a bench.json of `./stress bench --parts calls --two-jars`, as markdown tables.

1. Each jar's load-generator CPU per call over its raw client's, per round (runs of the same round paired), in every
   cell (threads x payload): median (min-max) against <= 1.15.
2. Each JMeter side's calls/s over the machine's bound, cores / (provider CPU + JMeter CPU per call), per run:
   median (min-max) against >= 0.9. The bound is what the two processes could do if they had every core between them;
   the share is also the cores they used together in the window (calls/s x CPU per call).

    python3 scripts/bench-floor.py issue40/bench.json

Reads only the figures the bench wrote (calls.runs[]); no figure is taken from the bench's own ratios, so the
table is a second count of calls.ratios[] (it says where the two differ).
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


def size(payload):
    return "%d KiB" % (payload // 1024) if payload >= 1024 else "%d B" % payload


def main(path):
    with open(path) as f:
        bench = json.load(f)
    cores = int(bench["host"]["cpus"])
    runs = bench["calls"]["runs"]
    by = {}
    for r in runs:
        by.setdefault((r["threads"], r["payloadBytes"], r["side"]), {})[r["round"]] = r
    cells = sorted({(r["threads"], r["payloadBytes"]) for r in runs}, key=lambda c: (c[1], c[0]))
    ratios = {(x["threads"], x["payloadBytes"], x["ratio"]): x for x in bench["calls"].get("ratios", [])}
    differ = []

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
            if len(good) == len(rounds) and (own is None or abs(own - statistics.median(values)) > 0.005):
                differ.append("%s, %d threads, %s: bench.json's ratio %s, counted here %.3f"
                              % (size(payload), threads, name, own, statistics.median(values)))
            raw_us = statistics.median(b[k]["loadCpuMsPer1000Calls"] for k in good)
            jar_us = statistics.median(a[k]["loadCpuMsPer1000Calls"] for k in good)
            print("| %s | %d | %s | %s | %s | %.1f, %.1f |" % (size(payload), threads, name, spread(values),
                                                             "yes" if met else "**no**", raw_us, jar_us))
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
    print()
    for d in differ:
        print("differs from the bench's own ratio: " + d)
    print("%d cell(s) miss their target" % misses)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: bench-floor.py BENCH_JSON (a bench.json of ./stress bench --parts calls --two-jars)")
    main(sys.argv[1])
