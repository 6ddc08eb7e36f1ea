#!/bin/sh
# Makes docs/images/sampler-gui.png (the Dubbo Sampler's GUI) and docs/images/sampler-browse.png (its Browse...
# dialog listing a real reference provider) under a virtual display (Xvfb). Run by hand from anywhere in the
# repository; needs `apt-get install -y xvfb` and python3 (to pick a free port). Builds what it needs with the reactor.
set -eu
cd "$(dirname "$0")/../../../.."          # repository root
./mvnw -B -ntp -q -pl jmeter-dubbo-sampler -am test-compile dependency:build-classpath -DskipTests \
  -Dmdep.outputFile=target/screenshot.classpath -Dmdep.includeScope=test
./mvnw -B -ntp -q -pl stress-provider -am package -DskipTests
classpath="jmeter-dubbo-sampler/target/test-classes:jmeter-dubbo-sampler/target/classes:$(cat jmeter-dubbo-sampler/target/screenshot.classpath)"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
log=$(mktemp)
java --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.math=ALL-UNNAMED \
  -jar stress-provider/target/stress-provider.jar --stress.provider.port="$port" --stress.provider.host=127.0.0.1 \
  --dubbo.protocol.telnet=ls >"$log" 2>&1 &
provider=$!
trap 'kill "$provider" 2>/dev/null || true; rm -f "$log"' EXIT
i=0
until grep -q "stress-provider ready" "$log"; do
  i=$((i + 1)); [ "$i" -le 240 ] || { echo "provider not ready after 120 s:"; cat "$log"; exit 1; }
  kill -0 "$provider" 2>/dev/null || { echo "provider died:"; cat "$log"; exit 1; }
  sleep 0.5
done
mkdir -p docs/images
xvfb-run -a -s "-screen 0 1280x1100x24" \
  java --add-opens java.base/java.util=ALL-UNNAMED --add-opens java.base/java.lang.reflect=ALL-UNNAMED \
       --add-opens java.base/java.text=ALL-UNNAMED --add-opens java.desktop/java.awt.font=ALL-UNNAMED \
       --add-opens java.base/java.lang=ALL-UNNAMED \
       -cp "$classpath" io.dubbostress.sampler.gui.GuiScreenshot "$PWD/docs/images/sampler-gui.png" \
       "dubbo://127.0.0.1:$port" "$PWD/docs/images/sampler-browse.png"
