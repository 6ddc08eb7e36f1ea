#!/bin/sh
# screenshot-report.sh: a PNG of a report.html as headless Chromium draws it (for docs/images).
# Usage: stress-cli/src/test/scripts/screenshot-report.sh RUN/report.html docs/images/report-run.png [WIDTHxHEIGHT]
# Chromium comes from ensure-chromium.sh (installed with apt-get when missing and root). Offline: no host resolves.
set -eu
html=$1
png=$2
size=${3:-1400x2200}
here=$(cd "$(dirname "$0")" && pwd)
chromium=$("$here/../../../../scripts/ensure-chromium.sh")
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
"$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
  --disable-component-update --disable-sync --user-data-dir="$profile" --host-resolver-rules='MAP * ~NOTFOUND' \
  --hide-scrollbars --window-size="$(echo "$size" | tr x ,)" --screenshot="$(realpath -m "$png")" \
  "file://$(realpath "$html")" 2>/dev/null
echo "$png"
