#!/bin/sh
# JMeter's per-sample work measured apart: one sample's life through a real JMeter engine (the embedded 5.6.3 home's
# jars), the shipped direct plan, the Dubbo call a no-op; the listeners JMeter and stress run put around a sample
# added one set at a time, CPU per sample against the bare plan in alternated rounds (SampleLifeBenchmark).
# From the repository root, after ./mvnw -DskipTests package:
#   jmeter-dubbo-sampler/src/test/scripts/sample-life.sh [--threads 20,200] [--rounds 5] [--warmup 4] [--window 6]
#       [--setups bare,variables,summariser,jmeter-jtl,batched-jtl,influx-asleep,influx-quiet] [--park-us 0]
#       [--first-warmup 15]
# Results: docs/BENCHMARKS.md, "JMeter's per-sample work".
set -eu
cd "$(dirname "$0")/../../.."            # jmeter-dubbo-sampler/
home=../test-plans/jmeter-5.6.3/target/apache-jmeter-5.6.3
if [ ! -f "$home/bin/ApacheJMeter.jar" ]; then
  echo "sample-life.sh: no JMeter home at $home: build it first (./mvnw -DskipTests package)" >&2
  exit 2
fi
(cd .. && ./mvnw -B -ntp -q test-compile -pl jmeter-dubbo-sampler -am)
# our classes first (the ones just built), then the home's JMeter and its lib/ext (our shaded jar's dependencies)
exec java -Xms1g -Xmx1g -XX:+UseG1GC -XX:MaxGCPauseMillis=100 -Djava.awt.headless=true \
  --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.math=ALL-UNNAMED \
  --add-opens java.base/java.util=ALL-UNNAMED \
  -cp "target/classes:target/test-classes:$home/lib/*:$home/lib/ext/*" \
  io.dubbostress.sampler.sampler.SampleLifeBenchmark --home "$home" --plan ../test-plans/dubbo-direct.jmx "$@"
