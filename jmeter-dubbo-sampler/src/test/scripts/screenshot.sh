#!/bin/sh
# Makes docs/images/sampler-gui.png: the Dubbo Sampler's GUI under a virtual display (Xvfb). Run by hand from the
# repository root after `./mvnw -B -ntp -pl jmeter-dubbo-sampler test-compile`; needs `apt-get install -y xvfb`.
set -eu
cd "$(dirname "$0")/../../.."            # jmeter-dubbo-sampler/
cp_file=target/screenshot.classpath
../mvnw -B -ntp -q dependency:build-classpath -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=test
classpath="target/test-classes:target/classes:$(cat "$cp_file")"
out="$(cd .. && pwd)/docs/images/sampler-gui.png"
mkdir -p "$(dirname "$out")"
xvfb-run -a -s "-screen 0 1280x1100x24" \
  java --add-opens java.base/java.util=ALL-UNNAMED --add-opens java.base/java.lang.reflect=ALL-UNNAMED \
       --add-opens java.base/java.text=ALL-UNNAMED --add-opens java.desktop/java.awt.font=ALL-UNNAMED \
       -cp "$classpath" io.dubbostress.sampler.gui.GuiScreenshot "$out"
