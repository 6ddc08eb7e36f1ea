#!/bin/sh
# release.sh: builds the release into dist/ (replacing it): both sampler jars, the PerfMon agent, the plans, README,
# CHANGELOG, the JMeter Plugins Manager descriptor repo.json and SHA256SUMS; the Maven Central artifacts (POMs, jars,
# sources, javadoc) are staged in target/staging-deploy. The version is .mvn/maven.config's (-Drevision=...).
# Usage: scripts/release.sh                       repo.json downloads our jars from the GitHub release of this version
#        scripts/release.sh --base-url URL        ...from URL (a company mirror of the release's files)
#        scripts/release.sh --maven-url URL       the PerfMon listener's jars from URL (a proxy of Maven Central)
#        scripts/release.sh --with-tests          runs the whole test suite too (./mvnw verify; about 25 minutes)
#        scripts/release.sh --allow-dirty         builds from uncommitted changes too (refused without it: what
#                                                 dist/ ships would be in no commit, under valid SHA256SUMS)
set -eu
cd "$(dirname "$0")/.."
base_url=""
maven_url=""
goal="verify -DskipTests"
allow_dirty=""
while [ $# -gt 0 ]; do
  case "$1" in
    --base-url) [ $# -ge 2 ] || { echo "release.sh: --base-url needs a URL" >&2; exit 2; }; base_url=$2; shift 2 ;;
    --base-url=*) base_url=${1#*=}; shift ;;
    --maven-url) [ $# -ge 2 ] || { echo "release.sh: --maven-url needs a URL" >&2; exit 2; }; maven_url=$2; shift 2 ;;
    --maven-url=*) maven_url=${1#*=}; shift ;;
    --with-tests) goal="verify"; shift ;;
    --allow-dirty) allow_dirty=1; shift ;;
    -h|--help) sed -n '1d; /^#/!q; s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "release.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
for url in "$base_url" "$maven_url"; do
  case "$url" in
    ""|http://*|https://*) ;;
    *) echo "release.sh: '$url' is not an http:// or https:// URL" >&2; exit 2 ;;
  esac
done
# a release is a commit's: changed, staged, deleted or new (not ignored) files are what dist/ would ship unrecorded
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  changes="not a git work tree: whether these sources are a commit's cannot be told"
else
  changes=$(git status --porcelain --untracked-files=all)
  if [ -n "$changes" ]; then
    count=$(printf '%s\n' "$changes" | wc -l | tr -d ' ')
    files=$(printf '%s\n' "$changes" | cut -c4- | head -n 5 | awk 'NR > 1 { printf ", " } { printf "%s", $0 }')
    [ "$count" -gt 5 ] && files="$files, ..."
    changes="$count uncommitted change(s) in the work tree: $files"
  fi
fi
if [ -n "$changes" ]; then
  if [ -z "$allow_dirty" ]; then
    echo "release.sh: $changes; a release is built from a commit: commit or stash them, or give --allow-dirty" >&2
    exit 2
  fi
  echo "release.sh: --allow-dirty: building with $changes (dist/ holds what no commit has)" >&2
fi
set -- -B -ntp -Prelease clean $goal
[ -n "$base_url" ] && set -- "$@" "-Ddist.baseUrl=$base_url"
[ -n "$maven_url" ] && set -- "$@" "-Ddist.mavenUrl=$maven_url"
echo "release.sh: ./mvnw $*" >&2
./mvnw "$@"
echo >&2
echo "release.sh: dist/ ($(sed -n 's/^-Drevision=//p' .mvn/maven.config)):" >&2
(cd dist && sha256sum -c --quiet SHA256SUMS && ls -l)
