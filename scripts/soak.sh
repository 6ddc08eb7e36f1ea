#!/usr/bin/env bash
# scripts/soak.sh: the soak test. Runs `./stress run` (by default the full matrix: 20 threads x 10 minutes x
# direct-1k, hop-1k, direct-100k, hop-100k) and, alongside, samples every few seconds the JVMs of the run -- JMeter
# (the scenario's), the provider, the consumer, the PerfMon agent -- for heap, GC, open file descriptors, threads,
# resident memory and TCP connections; every --full-gc seconds it has each of those JVMs collect its whole heap
# (jcmd GC.run) and records what is left, the live set: what a leak makes grow (G1's young collections leave
# promoted garbage in the old generation until a mixed collection, so the heap after them creeps up with no leak);
# after the run it takes the heap after every GC pause from the run's GC analyses and writes a summary that compares
# the start of each series with its end. docs/RELIABILITY.md says what to look at.
#
# Usage: scripts/soak.sh [--threads N] [--duration TIME] [--scenarios LIST] [--interval SECONDS]
#                        [--full-gc SECONDS] [--out DIR] [-- more options for stress run]
#        scripts/soak.sh --summarise DIR                  # write DIR/summary.md again (e.g. after a Ctrl-C)
#   scripts/soak.sh                                        # the real soak: about 45 minutes of the whole machine
#   scripts/soak.sh --duration 60s --interval 5            # a short trial
#
# Writes to DIR (default results/soak-<yyyyMMdd-HHmmss>):
#   run/                 the run folder of stress run (run.json, JTLs, GC logs and analyses, report.*)
#   stress-run.out       stress run's console
#   samples.csv          one row per process per interval (columns below)
#   live-set.csv         per process, every --full-gc seconds (default 150; 0 = never): the old generation right
#                        after a full GC, which compacts every live object into it: the live set
#   heap-after-gc.csv    one row per GC pause of every JVM of the run: the heap right after it
#   summary.md           per process: first vs last fifth of the run for every series, errors of the report
# Needs: bash, a JDK (jstat, jcmd), jq or python3, ss (iproute2) or /proc/net/tcp, Linux /proc.
set -euo pipefail

threads=20
duration=10m
scenarios=""
interval=10
full_gc=150
out=""
summarise_only=""
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --threads) threads=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    --scenarios) scenarios=$2; shift 2 ;;
    --interval) interval=$2; shift 2 ;;
    --full-gc) full_gc=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --summarise) summarise_only=$2; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "soak: unknown option '$1' (see scripts/soak.sh --help)" >&2; exit 2 ;;
  esac
done
case "$interval" in ''|*[!0-9]*|0) echo "soak: --interval '$interval' is not a whole number of seconds >= 1" >&2; exit 2 ;; esac
case "$full_gc" in ''|*[!0-9]*) echo "soak: --full-gc '$full_gc' is not a whole number of seconds (0 = never)" >&2; exit 2 ;; esac

root=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "$summarise_only" ]; then
  [ -f "$summarise_only/samples.csv" ] || { echo "soak: $summarise_only has no samples.csv" >&2; exit 2; }
  out=$summarise_only
else
  out=${out:-$root/results/soak-$(date +%Y%m%d-%H%M%S)}
  mkdir -p "$out"
fi
out=$(cd "$out" && pwd)
run="$out/run"
if [ -z "$summarise_only" ] && [ -e "$run" ]; then echo "soak: $run exists already; give a new --out" >&2; exit 2; fi
jdk_bin=${JAVA_HOME:+$JAVA_HOME/bin/}
jstat=${jdk_bin}jstat
jcmd=${jdk_bin}jcmd
command -v "$jstat" >/dev/null || { echo "soak: jstat not found (a JDK's bin/, or set JAVA_HOME)" >&2; exit 2; }
command -v "$jcmd" >/dev/null || { echo "soak: jcmd not found (a JDK's bin/, or set JAVA_HOME)" >&2; exit 2; }

# --- run.json, read with jq or python3 ------------------------------------------------------------------------
if command -v jq >/dev/null; then
  json() { jq -r "$1" "$run/run.json" 2>/dev/null || true; }
  service_pid() { json ".services[] | select(.name == \"$1\") | .pid"; }
  service_address() { json ".services[] | select(.name == \"$1\") | .address"; }
  running_scenario() { json '.scenarios[] | select(.status == "running") | "\(.name) \(.jmeterPid)"'; }
elif command -v python3 >/dev/null; then
  py() { python3 -c "import json,sys
try: r = json.load(open('$run/run.json'))
except Exception: sys.exit(0)
$1" 2>/dev/null || true; }
  service_pid() { py "print(''.join(str(s['pid']) for s in r['services'] if s['name'] == '$1'))"; }
  service_address() { py "print(''.join(s['address'] for s in r['services'] if s['name'] == '$1'))"; }
  running_scenario() { py "print(''.join(s['name'] + ' ' + str(s['jmeterPid']) for s in r['scenarios'] if s['status'] == 'running'))"; }
else
  echo "soak: needs jq or python3 to read run.json" >&2; exit 2
fi

# --- one process, one interval ----------------------------------------------------------------------------------
# jstat -gc columns (JDK 9+): S0C S1C S0U S1U EC EU OC OU MC MU CCSC CCSU YGC YGCT FGC FGCT CGC CGCT GCT
gc_figures() { # pid -> "heap_used_kb,old_used_kb,young_gcs,full_gcs,gc_seconds"
  "$jstat" -gc "$1" 2>/dev/null | awk 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i }
    NR == 2 { printf "%.0f,%.0f,%s,%s,%s", $col["S0U"] + $col["S1U"] + $col["EU"] + $col["OU"], $col["OU"],
              $col["YGC"], $col["FGC"], $col["GCT"] }'
}
proc_figures() { # pid -> "fds,threads,rss_kb"
  local fds threads rss
  fds=$(ls "/proc/$1/fd" 2>/dev/null | wc -l)
  threads=$(awk '/^Threads:/ { print $2 }' "/proc/$1/status" 2>/dev/null)
  rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2>/dev/null)
  echo "$fds,${threads:-},${rss:-}"
}
established_on_port() { # port -> established TCP connections whose local port it is (the server side)
  if command -v ss >/dev/null; then
    ss -Htn state established "( sport = :$1 )" 2>/dev/null | wc -l
  else
    local hex; hex=$(printf '%04X' "$1")
    awk -v p=":$hex" '$2 ~ p"$" && $4 == "01"' /proc/net/tcp /proc/net/tcp6 2>/dev/null | wc -l
  fi
}
established_of_pid() { # pid -> established TCP sockets the process holds (its inodes in /proc/net/tcp*)
  local inodes
  inodes=$(ls -l "/proc/$1/fd" 2>/dev/null | sed -n 's/.*socket:\[\([0-9]*\)\]$/\1/p' | sort -u)
  [ -z "$inodes" ] && { echo 0; return; }
  awk 'NR == FNR { want[$1] = 1; next } FNR > 1 && $4 == "01" && ($10 in want) { n++ } END { print n + 0 }' \
    <(echo "$inodes") /proc/net/tcp /proc/net/tcp6 2>/dev/null
}

heap="$out/heap-after-gc.csv"
summary="$out/summary.md"
samples="$out/samples.csv"
live="$out/live-set.csv"

heap_after_gc() {
  echo "service,epoch_ms,uptime_s,pause_ms,type,heap_after_kb,heap_committed_kb" > "$heap"
  for analysis in "$run"/gc/*-gc.analysis.json; do
    [ -f "$analysis" ] || continue
    service=$(basename "$analysis" -gc.analysis.json)
    if command -v jq >/dev/null; then
      jq -r --arg s "$service" '.events[] | select(.heapAfterBytes >= 0) |
        [$s, .epochMs, .uptimeSeconds, .pauseMs, .type, (.heapAfterBytes / 1024 | floor),
         (if .heapCommittedBytes >= 0 then (.heapCommittedBytes / 1024 | floor) else "" end)] | @csv' "$analysis"
    else
      python3 -c "import json,csv,sys
w = csv.writer(sys.stdout, lineterminator='\n')
for e in json.load(open('$analysis'))['events']:
    if e['heapAfterBytes'] >= 0:
        w.writerow(['$service', e['epochMs'], e['uptimeSeconds'], e['pauseMs'], e['type'], e['heapAfterBytes'] // 1024,
                    e['heapCommittedBytes'] // 1024 if e['heapCommittedBytes'] >= 0 else ''])"
    fi
  done | tr -d '"' >> "$heap"
}

summarise() {
  {
    echo "# Soak: $(head -1 "$out/stress-run.out" 2>/dev/null)"
    echo
    echo "$(($(wc -l < "$samples") - 1)) sample rows ($out/samples.csv); run folder: run/; $(($(grep -c . "$heap") - 1)) GC pauses"
    echo
    echo "## Per scenario and process: its first fifth vs its last fifth (averages of the samples in each)"
    echo
    echo "Within each scenario, so that like is compared with like; the first and the last sample of a scenario"
    echo "(JMeter starting, stopping) are left out when it has 7 or more."
    echo
    echo "| scenario | process | samples | heap used MiB | old gen MiB | fds | threads | RSS MiB | its TCP connections | connections to the provider | young GCs, GC s (at the end) |"
    echo "|---|---|---:|---|---|---|---|---|---|---|---|"
    awk -F, 'NR > 1 && $3 != "" { key = $3 "|" $4; if (!(key in n)) order[++keys] = key; n[key]++
        row[key, n[key]] = $0 }
      function avg(k, from, to, c,   i, s, m, f) { s = 0; m = 0
        for (i = from; i <= to; i++) { split(row[k, i], f, ","); if (f[c] != "") { s += f[c]; m++ } }
        return m ? s / m : -1 }
      function pair(k, c, scale,   lo, hi, q, a, b) { lo = 1; hi = n[k]; if (hi >= 7) { lo = 2; hi = hi - 1 }
        q = int((hi - lo + 1) / 5); if (q < 1) q = 1
        a = avg(k, lo, lo + q - 1, c); b = avg(k, hi - q + 1, hi, c)
        if (a < 0 || b < 0) return "-"
        return sprintf("%.1f -> %.1f", a / scale, b / scale) }
      END { for (o = 1; o <= keys; o++) { k = order[o]; split(k, p, "|"); split(row[k, n[k]], last, ",")
        printf "| %s | %s | %d | %s | %s | %s | %s | %s | %s | %s | %s, %s |\n", p[1], p[2], n[k], pair(k, 6, 1024),
          pair(k, 7, 1024), pair(k, 11, 1), pair(k, 12, 1), pair(k, 13, 1024), pair(k, 14, 1),
          p[2] == "provider" ? pair(k, 15, 1) : "", last[8], last[10] } }' \
      "$samples"
    echo
    echo "## Heap after GC, per JVM: first fifth vs last fifth of its pauses (averages, MiB)"
    echo
    echo "| JVM | pauses | heap after GC MiB | max after GC MiB |"
    echo "|---|---:|---|---:|"
    awk -F, 'NR > 1 { n[$1]++; v[$1, n[$1]] = $6; if ($6 > mx[$1]) mx[$1] = $6 }
      END { for (k in n) { q = int(n[k] / 5); if (q < 1) q = 1; a = 0; b = 0
        for (i = 1; i <= q; i++) a += v[k, i]; for (i = n[k] - q + 1; i <= n[k]; i++) b += v[k, i]
        printf "| %s | %d | %.1f -> %.1f | %.1f |\n", k, n[k], a / q / 1024, b / q / 1024, mx[k] / 1024 } }' \
      "$heap" | sort
    echo
    echo "## Live set: the old generation right after a full GC (jcmd GC.run every --full-gc seconds), per scenario and process"
    echo
    echo "A full GC compacts every live object into the old generation; what the young generation holds by the time"
    echo "jstat reads it (a JVM start later) was allocated since, and is left out."
    echo
    if [ -f "$live" ] && [ "$(wc -l < "$live")" -gt 1 ]; then
      echo "| scenario | process | full GCs | first MiB | last MiB | lowest MiB | highest MiB |"
      echo "|---|---|---:|---:|---:|---:|---:|"
      awk -F, 'NR > 1 && $3 != "" && $7 != "" { key = $3 "|" $4
          if (!(key in n)) { order[++keys] = key; lo[key] = $7; hi[key] = $7; first[key] = $7 }
          n[key]++; last[key] = $7; if ($7 + 0 < lo[key] + 0) lo[key] = $7; if ($7 + 0 > hi[key] + 0) hi[key] = $7 }
        END { for (o = 1; o <= keys; o++) { k = order[o]; split(k, p, "|")
          printf "| %s | %s | %d | %.1f | %.1f | %.1f | %.1f |\n", p[1], p[2], n[k], first[k] / 1024, last[k] / 1024,
            lo[k] / 1024, hi[k] / 1024 } }' "$live"
    else
      echo "none taken (--full-gc 0, or no scenario lasted ${full_gc}s)"
    fi
    echo
    echo "## Errors per scenario (report.json)"
    echo
    if [ -f "$run/report.json" ] && command -v jq >/dev/null; then
      echo "| scenario | samples | errors | TPS |"
      echo "|---|---:|---:|---:|"
      jq -r '.scenarios[] | "| \(.name) | \(.samples) | \(.errors.count) | \((.tps // 0) | floor) |"' "$run/report.json"
    elif [ -f "$run/report.json" ]; then
      python3 -c "import json
for s in json.load(open('$run/report.json'))['scenarios']:
    print('| %s | %d | %d | %d |' % (s['name'], s['samples'], s['errors']['count'], s['tps']))"
    else
      echo "no report.json (see stress-run.out)"
    fi
  } > "$summary"
  cat "$summary"
}

if [ -n "$summarise_only" ]; then
  heap_after_gc
  summarise
  exit 0
fi

echo "epoch_ms,elapsed_s,scenario,process,pid,heap_used_kb,old_used_kb,young_gcs,full_gcs,gc_seconds,fds,threads,rss_kb,tcp_established,provider_port_connections" > "$samples"
echo "epoch_ms,elapsed_s,scenario,process,pid,heap_used_kb,old_used_kb" > "$live"

args=(run --threads "$threads" --duration "$duration" --out "$run")
[ -n "$scenarios" ] && args+=(--scenarios "$scenarios")
args+=(${extra[@]+"${extra[@]}"})
# the command from a copy of its jar: rebuilding the project during a 45-minute soak must not pull it from under the run
jar="$root/stress-cli/target/stress-cli.jar"
[ -f "$jar" ] || "$root/stress" --version > /dev/null # ./stress builds the project when the jar is missing
cp "$jar" "$out/stress-cli.jar"
echo "soak: ./stress ${args[*]}"
echo "soak: sampling every ${interval}s into $samples; stress run's console: $out/stress-run.out"
[ "$full_gc" -gt 0 ] && echo "soak: a full GC of each JVM every ${full_gc}s (jcmd GC.run), the heap after it into $live"
# shellcheck disable=SC2086 # STRESS_JAVA_OPTS is a list of options, as ./stress takes it
"${jdk_bin}java" -Dstress.home="$root" ${STRESS_JAVA_OPTS:-} -jar "$out/stress-cli.jar" "${args[@]}" \
  > "$out/stress-run.out" 2>&1 &
stress_pid=$!
# Ctrl-C or SIGTERM: hand it to stress run (it stops JMeter gracefully and writes its report), then summarise
trap 'kill -INT "$stress_pid" 2>/dev/null || true' INT TERM

started=$(date +%s)
last_scenario=""
last_full_gc=$started
while kill -0 "$stress_pid" 2>/dev/null; do
  now_ms=$(($(date +%s%N) / 1000000))
  elapsed=$(($(date +%s) - started))
  provider_port=$(service_address provider | sed -n 's/.*:\([0-9]*\)$/\1/p')
  scenario_line=$(running_scenario)
  scenario=${scenario_line%% *}
  jmeter_pid=${scenario_line##* }
  if [ -n "$scenario" ] && [ "$scenario" != "$last_scenario" ]; then
    echo "soak: $(date +%H:%M:%S) scenario $scenario (JMeter pid $jmeter_pid)"
    last_scenario=$scenario
  fi
  port_connections=""
  [ -n "$provider_port" ] && port_connections=$(established_on_port "$provider_port")
  collect=""
  if [ "$full_gc" -gt 0 ] && [ -n "$scenario" ] && [ $(($(date +%s) - last_full_gc)) -ge "$full_gc" ]; then
    collect=yes
    last_full_gc=$(date +%s)
  fi
  for process in jmeter provider consumer agent; do
    if [ "$process" = jmeter ]; then pid=$jmeter_pid; else pid=$(service_pid "$process"); fi
    case "$pid" in ''|-1|*[!0-9]*) continue ;; esac
    [ -d "/proc/$pid" ] || continue
    gc=$(gc_figures "$pid"); [ -z "$gc" ] && gc=",,,,"
    echo "$now_ms,$elapsed,${scenario:-},$process,$pid,$gc,$(proc_figures "$pid"),$(established_of_pid "$pid"),$port_connections" >> "$samples"
    if [ -n "$collect" ] && "$jcmd" "$pid" GC.run > /dev/null 2>&1; then
      # GC.run returns when the collection is done: the old generation is then the live set (eden refills meanwhile)
      after=$(gc_figures "$pid" | cut -d, -f1,2)
      [ -n "$after" ] && echo "$(($(date +%s%N) / 1000000)),$elapsed,$scenario,$process,$pid,$after" >> "$live"
    fi
  done
  # sleep in short steps so the end of the run is noticed at once
  for _ in $(seq 1 "$interval"); do kill -0 "$stress_pid" 2>/dev/null || break; sleep 1; done
done
set +e
wait "$stress_pid"
code=$?
set -e
trap - INT TERM
echo "soak: stress run ended with exit code $code"

heap_after_gc
summarise
echo "soak: $out"
exit "$code"
