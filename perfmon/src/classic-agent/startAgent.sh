#!/bin/sh
# The classic PerfMon ServerAgent 2.2.2 (kg.apc:perfmon, SIGAR), assembled by dubbo-stress from Maven Central.
# Usage: ./startAgent.sh [--tcp-port 4444] [--udp-port 4444] [--interval 1] [--auto-shutdown] [--sysinfo]
# Beware: it listens on every interface, and any client may run shell commands (exec) and read files (tail) on
# this host. Prefer our agent (`stress agent`, or java -jar perfmon-agent.jar) unless you need this one.
# Environment: JAVA_HOME, JAVA_OPTS.
dir=$(cd "$(dirname "$0")" && pwd)
if [ -n "$JAVA_HOME" ]; then java_cmd="$JAVA_HOME/bin/java"; else java_cmd=java; fi
exec "$java_cmd" $JAVA_OPTS -jar "$dir/CMDRunner.jar" --tool PerfMonAgent "$@"
