#!/bin/sh
# The 3.3 jar's Dubbo reference against a raw Dubbo 3.3 reference in one JVM, one provider: CPU and bytes allocated per
# call in the calling threads, alternated rounds (io.dubbostress.sampler.runtime.SameJvmReferencesBenchmark).
# From the repository root:   jmeter-dubbo3-sampler/src/test/scripts/same-jvm-references.sh [--profile FILE.jfr] [options]
# e.g.                        jmeter-dubbo3-sampler/src/test/scripts/same-jvm-references.sh --threads 200 --rounds 6
# --profile: async-profiler (tools.profiler:async-profiler 4.1 from the local Maven repository) records CPU every 1 ms
# into FILE.jfr; the threads are named sampler-N and raw-N (jfrconv --cpu -t splits by them). Results: docs/BENCHMARKS.md.
set -eu
cd "$(dirname "$0")/../../.."            # jmeter-dubbo3-sampler/
agent=""
if [ "${1:-}" = --profile ]; then
  jar=$(find "${M2_REPO:-$HOME/.m2/repository}/tools/profiler/async-profiler/4.1" -name 'async-profiler-4.1.jar' | head -1)
  if [ -z "$jar" ]; then
    echo "--profile: tools.profiler:async-profiler 4.1 is not in the local Maven repository (mvn dependency:get" \
      "-Dartifact=tools.profiler:async-profiler:4.1)" >&2
    exit 2
  fi
  mkdir -p target/async-profiler && (cd target/async-profiler && unzip -q -o "$jar" 'linux-x64/*')
  agent="-agentpath:$(pwd)/target/async-profiler/linux-x64/libasyncProfiler.so=start,event=cpu,interval=1ms,file=$2"
  shift 2
fi
(cd .. && ./mvnw -B -ntp -q test-compile dependency:build-classpath -pl jmeter-dubbo3-sampler -am \
  -Dmdep.outputFile=target/same-jvm.classpath -Dmdep.includeScope=test)
exec java -Xms1g -Xmx1g -XX:+UseG1GC $agent -cp "target/test-classes:target/classes:$(cat target/same-jvm.classpath)" \
  io.dubbostress.sampler.runtime.SameJvmReferencesBenchmark "$@"
