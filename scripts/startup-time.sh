#!/usr/bin/env bash
# scripts/startup-time.sh: what our jar in lib/ext costs JMeter's start-up. A plan with nothing in it is run with
# `bin/jmeter -n` in copies of a stock JMeter home that differ only in lib/ext: none of our jars, the Dubbo 2.7 jar,
# the Dubbo 3.3 jar (and any JAR given as NAME=PATH), the variants alternated round after round; for each variant the
# median of the rounds, of the wall time and of the JMeter process's CPU time (user + system, from /usr/bin/time),
# which a busy machine disturbs less than the wall time. The load average before and after is printed beside them.
# docs/BENCHMARKS.md (Start-up) shows the results.
#
# Usage: scripts/startup-time.sh [--jmeter 5.6.3|5.1.1] [--rounds N] [--out DIR] [NAME=JAR ...]
#   scripts/startup-time.sh                                   # 5.6.3, 5 rounds: none, jmeter-dubbo-sampler, jmeter-dubbo3-sampler
#   scripts/startup-time.sh --jmeter 5.1.1
#   scripts/startup-time.sh old33=/tmp/jmeter-dubbo3-sampler-0.2.0.jar   # another build beside them
# Needs: a build (./mvnw -B -ntp -DskipTests install: the sampler jars and test-plans' JMeter homes), /usr/bin/time.
set -euo pipefail

command_line=""
[ $# -eq 0 ] || command_line="$(printf ' %s' "$@")"
jmeter=5.6.3
rounds=5
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --jmeter) jmeter="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    --*) echo "startup-time: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) break ;;
  esac
done
here="$(cd "$(dirname "$0")/.." && pwd)"
version="$(sed -n 's/^-Drevision=//p' "$here/.mvn/maven.config")"
stock="$here/test-plans/jmeter-$jmeter/target/apache-jmeter-$jmeter"
[ -x "$stock/bin/jmeter" ] || { echo "startup-time: no JMeter $jmeter home at $stock: run ./mvnw -B -ntp -DskipTests install first" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "startup-time: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }
names=(none dubbo27 dubbo33)
jars=("" "$here/jmeter-dubbo-sampler/target/jmeter-dubbo-sampler-$version.jar" "$here/jmeter-dubbo3-sampler/target/jmeter-dubbo3-sampler-$version.jar")
for extra in "$@"; do
  case "$extra" in
    *=*) names+=("${extra%%=*}"); jars+=("${extra#*=}") ;;
    *) echo "startup-time: '$extra' is not NAME=JAR" >&2; exit 2 ;;
  esac
done
for jar in "${jars[@]}"; do
  [ -z "$jar" ] || [ -f "$jar" ] || { echo "startup-time: no $jar (build it first)" >&2; exit 2; }
done
[ -n "$out" ] || out="$(mktemp -d "${TMPDIR:-/tmp}/startup-time.XXXXXX")"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

# one home per variant: the stock home's files as hard links, lib/ext with JMeter's own jars only, then the variant's
for i in "${!names[@]}"; do
  home="$out/home-${names[$i]}"
  rm -rf "$home"
  cp -al "$stock" "$home"
  find "$home/lib/ext" -name '*.jar' ! -name 'ApacheJMeter_*' -delete
  [ -z "${jars[$i]}" ] || cp "${jars[$i]}" "$home/lib/ext/"
done
cat > "$out/empty.jmx" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<jmeterTestPlan version="1.2" properties="5.0" jmeter="5.1.1">
  <hashTree>
    <TestPlan guiclass="TestPlanGui" testclass="TestPlan" testname="empty" enabled="true"/>
    <hashTree/>
  </hashTree>
</jmeterTestPlan>
EOF

load() { cut -d' ' -f1-3 /proc/loadavg; }
load_before="$(load)"
echo "startup-time: JMeter $jmeter, $rounds rounds of: ${names[*]}; load average before: $load_before; files in $out" >&2
printf 'round,variant,wall_s,cpu_s,exit\n' > "$out/runs.csv"
for round in $(seq 1 "$rounds"); do
  for i in "${!names[@]}"; do
    name="${names[$i]}"
    home="$out/home-$name"
    code=0
    (cd "$out" && HEAP="-Xms256m -Xmx512m" /usr/bin/time -f '%e %U %S' -o "$out/time.txt" \
      "$home/bin/jmeter" -n -t "$out/empty.jmx" -j "$out/jmeter-$name.log" > "$out/console-$name.txt" 2>&1) || code=$?
    read -r wall user sys < "$out/time.txt"
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    printf '%s,%s,%s,%s,%s\n' "$round" "$name" "$wall" "$cpu" "$code" >> "$out/runs.csv"
    echo "startup-time: round $round $name: ${wall} s wall, ${cpu} s CPU, exit $code" >&2
  done
done
echo "startup-time: load average after: $(load)" >&2

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf '\n| JMeter %s, lib/ext | wall, median (s) | CPU, median (s) | wall - none | CPU - none | wall within 0.5 s of none |\n| --- | --- | --- | --- | --- | --- |\n' "$jmeter"
base_wall=$(awk -F, '$2 == "none" { print $3 }' "$out/runs.csv" | median)
base_cpu=$(awk -F, '$2 == "none" { print $4 }' "$out/runs.csv" | median)
for name in "${names[@]}"; do
  wall=$(awk -F, -v n="$name" '$2 == n { print $3 }' "$out/runs.csv" | median)
  cpu=$(awk -F, -v n="$name" '$2 == n { print $4 }' "$out/runs.csv" | median)
  dwall=$(awk -v a="$wall" -v b="$base_wall" 'BEGIN { printf "%.2f", a - b }')
  within=$(awk -v d="$dwall" 'BEGIN { print (d <= 0.5 ? "yes" : "no") }')
  [ "$name" != none ] || within=""
  printf '| %s | %s | %s | %+.2f | %+.2f | %s |\n' "$name" "$wall" "$cpu" "$dwall" \
    "$(awk -v a="$cpu" -v b="$base_cpu" 'BEGIN { print a - b }')" "$within"
done
printf '\n(%s alternated rounds, medians; %s; load average before %s, after %s; %s cores; `scripts/startup-time.sh%s`)\n' \
  "$rounds" "$(date -u '+%Y-%m-%d %H:%M UTC')" "$load_before" "$(load)" "$(nproc)" "$command_line"
failed=$(awk -F, 'NR > 1 && $5 != 0' "$out/runs.csv" | wc -l)
[ "$failed" -eq 0 ] || { echo "startup-time: $failed runs did not exit 0 (see $out/console-*.txt)" >&2; exit 1; }
