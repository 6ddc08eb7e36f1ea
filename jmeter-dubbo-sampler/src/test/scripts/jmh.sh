#!/bin/sh
# The sampler's own cost per sample (JMH, no provider: a no-op reference), ns and bytes allocated per sample.
# From the repository root:   jmeter-dubbo-sampler/src/test/scripts/jmh.sh [--dubbo3] [JMH options]
# e.g. a quick look:          jmeter-dubbo-sampler/src/test/scripts/jmh.sh -p payload=1024 -f 1 -wi 2 -i 3
# --dubbo3: the same benchmarks on the Dubbo 3.3 jar's classes (jmeter-dubbo3-sampler: the shared sources compiled
# against Dubbo 3.3.5, its own DubboVersion, Dubbo 3.3.5 and its dependencies) instead of the 2.7 jar's.
# Compiles the module's tests (the benchmarks are test sources: built by verify, never run by it), then runs
# io.dubbostress.sampler.sampler.SampleCostBenchmarks (JMH with -prof gc). Results: docs/BENCHMARKS.md.
set -eu
cd "$(dirname "$0")/../../.."            # jmeter-dubbo-sampler/
dubbo3=false
if [ "${1:-}" = --dubbo3 ]; then dubbo3=true; shift; fi
cp_file=target/jmh.classpath
# from the root with the modules it needs (-am): the sibling modules resolve to their build folders, nothing installed
(cd .. && ./mvnw -B -ntp -q test-compile dependency:build-classpath -pl jmeter-dubbo-sampler -am \
  -Dmdep.outputFile=target/jmh.classpath -Dmdep.includeScope=test)
if [ "$dubbo3" = false ]; then
  exec java -cp "target/test-classes:target/classes:$(cat "$cp_file")" \
    io.dubbostress.sampler.sampler.SampleCostBenchmarks "$@"
fi
# the 3.3 jar: its classes and dependencies first; from the 2.7 module's test class path only what is not Dubbo 2.7's
# (JMH, JMeter, the test helpers' libraries): no Dubbo 2.7, hessian-lite 3, netty, Curator or ZooKeeper jar
(cd .. && ./mvnw -B -ntp -q compile dependency:build-classpath -pl jmeter-dubbo3-sampler -am \
  -Dmdep.outputFile=target/jmh3.classpath -Dmdep.includeScope=test)
others=$(tr ':' '\n' < "$cp_file" | grep -v -e '/org/apache/dubbo/' -e '/com/alibaba/' -e '/io/netty/' \
  -e '/org/apache/curator/' -e '/org/apache/zookeeper/' | paste -sd: -)
exec java -cp "target/test-classes:../jmeter-dubbo3-sampler/target/classes:$(cat ../jmeter-dubbo3-sampler/target/jmh3.classpath):$others" \
  io.dubbostress.sampler.sampler.SampleCostBenchmarks "$@"
