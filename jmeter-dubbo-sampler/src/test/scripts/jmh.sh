#!/bin/sh
# The sampler's own cost per sample (JMH, no provider: a no-op reference), ns and bytes allocated per sample.
# From the repository root:   jmeter-dubbo-sampler/src/test/scripts/jmh.sh [JMH options]
# e.g. a quick look:          jmeter-dubbo-sampler/src/test/scripts/jmh.sh -p payload=1024 -f 1 -wi 2 -i 3
# Compiles the module's tests (the benchmarks are test sources: built by verify, never run by it), then runs
# io.dubbostress.sampler.sampler.SampleCostBenchmarks (JMH with -prof gc). Results: docs/BENCHMARKS.md.
set -eu
cd "$(dirname "$0")/../../.."            # jmeter-dubbo-sampler/
cp_file=target/jmh.classpath
# from the root with the modules it needs (-am): the sibling modules resolve to their build folders, nothing installed
(cd .. && ./mvnw -B -ntp -q test-compile dependency:build-classpath -pl jmeter-dubbo-sampler -am \
  -Dmdep.outputFile=target/jmh.classpath -Dmdep.includeScope=test)
exec java -cp "target/test-classes:target/classes:$(cat "$cp_file")" \
  io.dubbostress.sampler.sampler.SampleCostBenchmarks "$@"
