#!/bin/sh
# release.sh: builds the release into dist/ (replacing it) from a committed working tree: both sampler jars, the
# PerfMon agent, the plans, README, CHANGELOG, LICENSE, NOTICE, licenses/, the JMeter Plugins Manager descriptor
# repo.json, the Maven repository of the two sampler artifacts (dubbo-stress-VERSION-maven-repository.zip: POMs, jars,
# sources, javadoc, as staged for Maven Central in target/staging-deploy) and SHA256SUMS. The version is
# .mvn/maven.config's (-Drevision=...).
# Usage: scripts/release.sh                       repo.json downloads our jars from the GitHub release of this version
#        scripts/release.sh --base-url URL        ...from URL (a company mirror of the release's files)
#        scripts/release.sh --maven-url URL       the PerfMon listener's jars from URL (a proxy of Maven Central)
#        scripts/release.sh --with-tests          runs the whole test suite too (./mvnw verify; about 30 minutes)
#        scripts/release.sh --allow-dirty         releases a working tree with changes not committed (refused otherwise)
set -eu
cd "$(dirname "$0")/.."
base_url=""
maven_url=""
goal="verify -DskipTests"
allow_dirty=false
while [ $# -gt 0 ]; do
  case "$1" in
    --base-url) [ $# -ge 2 ] || { echo "release.sh: --base-url needs a URL" >&2; exit 2; }; base_url=$2; shift 2 ;;
    --base-url=*) base_url=${1#*=}; shift ;;
    --maven-url) [ $# -ge 2 ] || { echo "release.sh: --maven-url needs a URL" >&2; exit 2; }; maven_url=$2; shift 2 ;;
    --maven-url=*) maven_url=${1#*=}; shift ;;
    --with-tests) goal="verify"; shift ;;
    --allow-dirty) allow_dirty=true; shift ;;
    -h|--help) sed -n '2,/^[^#]/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "release.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
for url in "$base_url" "$maven_url"; do
  case "$url" in
    ""|http://*|https://*) ;;
    *) echo "release.sh: '$url' is not an http:// or https:// URL" >&2; exit 2 ;;
  esac
done
# a release is what is committed: refuse changes not committed (and files git does not know), unless told
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  changes=$(git status --porcelain --untracked-files=normal)
  if [ -n "$changes" ] && [ "$allow_dirty" = false ]; then
    echo "release.sh: the working tree has changes that are not committed, so the release would not be what the" \
         "commit $(git rev-parse --short HEAD) holds:" >&2
    echo "$changes" | sed 's/^/  /' | head -n 20 >&2
    echo "release.sh: commit or stash them (git status), or release them anyway with --allow-dirty" >&2
    exit 2
  fi
else
  echo "release.sh: not a git working tree: the release is made from these files as they are" >&2
fi
set -- -B -ntp -Prelease clean $goal
[ -n "$base_url" ] && set -- "$@" "-Ddist.baseUrl=$base_url"
[ -n "$maven_url" ] && set -- "$@" "-Ddist.mavenUrl=$maven_url"
echo "release.sh: ./mvnw $*" >&2
./mvnw "$@"
echo >&2
echo "release.sh: dist/ ($(sed -n 's/^-Drevision=//p' .mvn/maven.config)):" >&2
(cd dist && sha256sum -c --quiet SHA256SUMS && ls -l)
