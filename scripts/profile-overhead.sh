#!/usr/bin/env bash
# scripts/profile-overhead.sh: what `stress run --profile` costs. Runs the same `stress run` alternately without and
# with --profile (rounds off, on, off, on, ...), then prints per round and scenario the steady-state TPS and p99 from
# report.json and, for the profiled rounds, the size of each profile; the medians of each side at the end.
# docs/PROFILES.md and docs/BENCHMARKS.md show what came out of it.
#
# Usage: scripts/profile-overhead.sh [--rounds N] [--out DIR] [--kernel] [--options OPTS] [-- more options for stress run]
#   scripts/profile-overhead.sh                                    # 2 rounds a side: 20 threads, 60 s, direct-1k, hop-1k
#   scripts/profile-overhead.sh --rounds 1 -- --duration 30s
#   scripts/profile-overhead.sh --kernel                           # --profile-kernel (perf_events) instead of --profile
#   scripts/profile-overhead.sh --options event=ctimer,interval=20ms   # other sampling options (STRESS_PROFILE_OPTIONS)
# Needs: bash, jq.
set -euo pipefail

rounds=2
profile=--profile
options=
out="results/profile-overhead-$(date -u +%Y%m%d-%H%M%S)"
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --kernel) profile=--profile-kernel; shift ;;
    --options) options="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "profile-overhead: unknown option '$1' (see the usage at the top of $0)" >&2; exit 2 ;;
  esac
done
here="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$out"
summary="$out/rounds.tsv"
printf 'round\tprofile\tscenario\ttps\tp99\tunit\tprofileBytes\n' > "$summary"
for ((r = 1; r <= rounds; r++)); do
  for side in off on; do
    dir="$out/round$r-$side"
    flag=()
    [ "$side" = on ] && flag=("$profile")
    echo "profile-overhead: round $r, profile $side -> $dir" >&2
    STRESS_PROFILE_OPTIONS="$options" "$here/stress" run --scenarios direct-1k,hop-1k --threads 20 --duration 60s --no-dashboard "${flag[@]}" \
      "$@" --out "$dir" > "$dir.out" 2>&1 || echo "profile-overhead: round $r $side exited $? (see $dir.out)" >&2
    for s in $(jq -r '.scenarios[].name' "$dir/report.json"); do
      bytes=0
      if [ -d "$dir/scenarios/$s/profiles" ]; then
        bytes=$(find "$dir/scenarios/$s/profiles" -name '*.jfr' -printf '%s\n' | awk '{t += $1} END {print t + 0}')
      fi
      jq -r --arg s "$s" --arg r "$r" --arg side "$side" --arg b "$bytes" \
        '.scenarios[] | select(.name == $s) | [$r, $side, $s, .tps, .latency.p99, .latency.unit, $b] | @tsv' \
        "$dir/report.json" >> "$summary"
    done
  done
done
column -t -s $'\t' "$summary"
echo
echo "medians (TPS, p99) per scenario and side:"
for s in $(tail -n +2 "$summary" | cut -f3 | sort -u); do
  for side in off on; do
    tps=$(awk -F'\t' -v s="$s" -v p="$side" '$3 == s && $2 == p {print $4}' "$summary" | sort -n \
      | awk '{a[NR] = $1} END {print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2)}')
    p99=$(awk -F'\t' -v s="$s" -v p="$side" '$3 == s && $2 == p {print $5}' "$summary" | sort -n \
      | awk '{a[NR] = $1} END {print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2)}')
    echo "  $s profile $side: TPS $tps, p99 $p99"
  done
done
