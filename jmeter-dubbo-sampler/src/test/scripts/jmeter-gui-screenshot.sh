#!/bin/sh
# The Dubbo Sampler's form as JMeter shows it in a language: a stock JMeter 5.6.3 home (the one the build assembles
# from Maven Central in test-plans/, copied, its lib/ext holding JMeter's own jars and our freshly built jar only),
# started in that language and with the plan jmeter-gui/plan.jmx, under a virtual display (Xvfb);
# jmeter-gui/screenshot.groovy (JMeter's jsr223.init.file) selects the sampler and writes the window to a PNG.
# The language is the JVM's (-Duser.language=zh -Duser.country=CN, what JVM_ARGS does for bin/jmeter): JMeter 5.6.3
# reads its "language" property from bin/jmeter.properties before it reads user.properties and -J options, so
# -Jlanguage=zh_CN changes nothing (docs/SAMPLER.md, "In Chinese"); jmeter.properties is left as Apache ships it.
# Run by hand from anywhere in the repository:
#   jmeter-dubbo-sampler/src/test/scripts/jmeter-gui-screenshot.sh [LANGUAGE [OUT.png]]
# Defaults: zh_CN, docs/images/sampler-gui-LANGUAGE.png. Needs xvfb and a CJK font for Chinese
# (apt-get install -y xvfb fonts-wqy-microhei); builds what it needs with the reactor.
set -eu
cd "$(dirname "$0")/../../../.."          # repository root
language=${1:-zh_CN}
out=${2:-$PWD/docs/images/sampler-gui-$language.png}
here=jmeter-dubbo-sampler/src/test/scripts/jmeter-gui
./mvnw -B -ntp -q -pl test-plans/jmeter-5.6.3,jmeter-dubbo-sampler -am package -DskipTests
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
cp -r test-plans/jmeter-5.6.3/target/apache-jmeter-5.6.3/. "$home"
find "$home/lib/ext" -name '*.jar' ! -name 'ApacheJMeter_*' -delete
revision=$(sed -n 's/.*-Drevision=\([^ ]*\).*/\1/p' .mvn/maven.config)
cp "jmeter-dubbo-sampler/target/jmeter-dubbo-sampler-$revision.jar" "$home/lib/ext/"   # the shaded jar
mkdir -p "$(dirname "$out")"
lang=${language%%_*}
country=${language#"$lang"}; country=${country#_}
xvfb-run -a -s "-screen 0 1280x1150x24" \
  java -Duser.language="$lang" -Duser.country="$country" -jar "$home/bin/ApacheJMeter.jar" \
    -Jjsr223.init.file="$PWD/$here/screenshot.groovy" \
    -Jshot.out="$out" -t "$PWD/$here/plan.jmx" -j "$home/jmeter.log" || {
  echo "JMeter's log:"; tail -40 "$home/jmeter.log"; exit 1; }
echo "wrote $out"
