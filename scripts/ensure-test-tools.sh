#!/bin/sh
# ensure-test-tools.sh: installs the programs from Debian's packages that the tests use beside Maven, when one is
# missing and we are root (a clean CI machine); prints one line per program with its path. Fails with a clear message
# otherwise. The README's test command (and so .ci/run) runs it before Maven; the tests themselves only look for these
# programs and never install anything.
#   chromium    (package chromium)    headless checks of report.html and of the live page
#   Xvfb        (package xvfb)        JMeter's GUI in a virtual display (the elements in its menus)
#   influxd     (package influxdb)    a real InfluxDB 1.x for JMeter's Backend Listener
#   prometheus  (package prometheus)  a real Prometheus scraping the PerfMon agent's /metrics
#   /usr/bin/mvn (package maven)      Debian's Maven 3.8, the one users have: examples/jmeter-maven must say it needs 3.9
# Usage: scripts/ensure-test-tools.sh            -> installs what is missing (root), prints the paths
#        scripts/ensure-test-tools.sh --check    -> prints the paths, or fails naming what is missing; installs nothing
set -eu
check_only=false
if [ "${1:-}" = "--check" ]; then check_only=true; fi

# program:package pairs, one word each
tools="chromium:chromium Xvfb:xvfb influxd:influxdb prometheus:prometheus /usr/bin/mvn:maven"

missing_packages=""
for pair in $tools; do
  program=${pair%%:*}
  package=${pair##*:}
  if ! command -v "$program" >/dev/null 2>&1; then
    missing_packages="$missing_packages $package"
  fi
done

if [ -n "$missing_packages" ]; then
  if [ "$check_only" = true ]; then
    echo "ensure-test-tools: missing Debian packages:$missing_packages; run scripts/ensure-test-tools.sh as root" \
         "(it installs them with apt-get)" >&2
    exit 1
  fi
  if [ "$(id -u)" != "0" ]; then
    echo "ensure-test-tools: missing:$missing_packages and we are not root; install them with" \
         "'sudo apt-get install -y --no-install-recommends$missing_packages'" >&2
    exit 1
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-test-tools: missing:$missing_packages and apt-get is not available (not a Debian-like" \
         "system); install them by hand" >&2
    exit 1
  fi
  echo "ensure-test-tools: installing Debian's$missing_packages (one time)..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update >&2
  # shellcheck disable=SC2086 # one word per package
  apt-get install -y --no-install-recommends $missing_packages >&2
fi

for pair in $tools; do
  program=${pair%%:*}
  path=$(command -v "$program" 2>/dev/null || true)
  if [ -z "$path" ]; then
    echo "ensure-test-tools: $program is still missing after apt-get install" >&2
    exit 1
  fi
  echo "$program $path"
done
