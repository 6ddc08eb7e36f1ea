#!/usr/bin/env bash
# scripts/profile-toggle.sh: what the profiler's options cost, measured inside one `stress run` (no --profile):
# once the scenario's steady state has begun, async-profiler is started and stopped on its provider, consumer and
# JMeter, each option set in turn for PHASE seconds with an unprofiled phase between any two, CYCLES times; each
# profiled phase's calls/s and p99 (from the JTL) are compared with the unprofiled phases beside it. Run to run
# drift, which hides a few per cent between separate runs, does not enter. docs/PROFILES.md (Cost) shows the results.
#
# Usage: scripts/profile-toggle.sh [--scenario S] [--phase SECONDS] [--cycles N] [--out DIR] OPTIONS...
#   scripts/profile-toggle.sh event=ctimer,interval=10ms,alloc=16m,lock=10ms event=cpu,interval=10ms,alloc=16m,lock=10ms
#   (--profile's options, then --profile-kernel's; hop-1k: provider, consumer and JMeter, --scenario direct-1k: no consumer)
# Needs: bash, jq, pgrep; a build (./mvnw -DskipTests package: it compiles the test classes this uses too).
set -euo pipefail

scenario=hop-1k
phase=10
cycles=4
out="results/profile-toggle-$(date -u +%Y%m%d-%H%M%S)"
while [ $# -gt 0 ]; do
  case "$1" in
    --scenario) scenario="$2"; shift 2 ;;
    --phase) phase="$2"; shift 2 ;;
    --cycles) cycles="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --*) echo "profile-toggle: unknown option '$1' (see the usage at the top of $0)" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || { echo "profile-toggle: give one or more option sets (see the usage at the top of $0)" >&2; exit 2; }
here="$(cd "$(dirname "$0")/.." && pwd)"
classes="$here/stress-cli/target/test-classes"
[ -d "$classes/io/dubbostress/cli/profile" ] || { echo "profile-toggle: no $classes: run ./mvnw -DskipTests package first (it compiles the test classes too)" >&2; exit 2; }
warmup=30
# the phases: one unprofiled, then per cycle and set a profiled and an unprofiled one; plus the attaches and a margin
seconds=$(( (1 + 2 * cycles * $#) * (phase + 2) + 30 ))
mkdir -p "$out"
run="$(cd "$out" && pwd)/run"
echo "profile-toggle: stress run --scenarios $scenario --duration ${seconds}s --warmup ${warmup}s -> $run" >&2
"$here/stress" run --scenarios "$scenario" --threads 20 --duration "${seconds}s" --warmup "${warmup}s" --no-dashboard \
  --out "$run" > "$out/run.out" 2>&1 &
runpid=$!
trap 'kill $runpid 2>/dev/null || true' EXIT
jtl="$run/scenarios/$scenario/results.jtl"
for _ in $(seq 1 600); do
  [ -s "$jtl" ] && [ "$(wc -l < "$jtl")" -gt 1 ] && break
  kill -0 $runpid 2>/dev/null || { echo "profile-toggle: the run ended before its first sample (see $out/run.out)" >&2; exit 1; }
  sleep 1
done
sleep "$warmup"
provider=$(jq -r '.services[] | select(.name == "provider") | .pid' "$run/run.json")
consumer=$(jq -r '.services[] | select(.name == "consumer") | .pid' "$run/run.json")
# JMeter: the java process that writes the JTL (not a shell script that started it)
jmeter=$( (pgrep -f -- "$jtl" || true) | while read -r p; do
  [ "$(cat /proc/$p/comm 2>/dev/null)" = java ] && echo "$p"; done | head -1)
pids=$(printf '%s\n' "$provider" "$consumer" "$jmeter" | grep -E '^[0-9]+$' | paste -sd,)
echo "profile-toggle: profiling pids $pids (provider, consumer if the scenario has one, JMeter)" >&2
"${JAVA_HOME:+$JAVA_HOME/bin/}java" -cp "$classes:$here/stress-cli/target/stress-cli.jar" io.dubbostress.cli.profile.ProfilerToggleBenchmark \
  "$out/profiles" "$jtl" "$phase" "$cycles" "$pids" "$@" | tee "$out/phases.tsv"
wait $runpid || echo "profile-toggle: the run exited $? (see $out/run.out)" >&2
trap - EXIT
