#!/bin/sh
# ensure-chromium.sh: prints the path of a headless-capable Chromium, installing Debian's `chromium` package first
# when it is missing and we are root (a clean CI machine). Fails with a clear message otherwise.
# The README's test command runs it before Maven (the HTML report test needs Chromium); the test itself only looks
# (--check) and never installs anything.
# Usage: scripts/ensure-chromium.sh            -> prints e.g. /usr/bin/chromium (installs it when missing and root)
#        scripts/ensure-chromium.sh --check    -> prints the path, or fails saying how to get one; installs nothing
# Environment: STRESS_CHROMIUM=/path/to/chromium uses that binary instead.
set -eu
check_only=false
if [ "${1:-}" = "--check" ]; then check_only=true; fi

if [ -n "${STRESS_CHROMIUM:-}" ]; then
  if [ -x "$STRESS_CHROMIUM" ]; then echo "$STRESS_CHROMIUM"; exit 0; fi
  echo "ensure-chromium: STRESS_CHROMIUM=$STRESS_CHROMIUM is not an executable file" >&2
  exit 1
fi

for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
  if [ -x "$candidate" ]; then echo "$candidate"; exit 0; fi
done

if [ "$check_only" = true ]; then
  echo "ensure-chromium: no Chromium (/usr/bin/chromium) for the report.html test: run scripts/ensure-chromium.sh" \
       "first (it installs Debian's chromium package as root), or set STRESS_CHROMIUM to a Chromium binary" >&2
  exit 1
fi
if [ "$(id -u)" != "0" ]; then
  echo "ensure-chromium: /usr/bin/chromium is missing and we are not root; install it with" \
       "'sudo apt-get install -y --no-install-recommends chromium' or set STRESS_CHROMIUM" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: /usr/bin/chromium is missing and apt-get is not available (not a Debian-like system);" \
       "install Chromium and set STRESS_CHROMIUM to its path" >&2
  exit 1
fi

echo "ensure-chromium: installing Debian's chromium package (one time)..." >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update >&2
apt-get install -y --no-install-recommends chromium >&2
if [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium; exit 0; fi
echo "ensure-chromium: apt-get installed chromium but /usr/bin/chromium is still missing" >&2
exit 1
