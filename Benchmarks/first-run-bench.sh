#!/usr/bin/env bash
# `make run` on a fresh clone (the repository's HEAD, cloned into a temporary folder with an
# empty build folder, build cache and data folder): how long a new user waits for the first
# notification (the demo's first `Outcome` line), for the build of what the rest of the demo
# needs, and for the whole demo. Debian packages already installed (`make run` installs the
# missing ones first; on this machine none are missing). Takes several minutes; set
# FIRST_RUN=0 to skip it. Prints figures; not a test.
# Usage: Benchmarks/first-run-bench.sh
# Besides its lines for people it prints `figure KEY VALUE` lines for Benchmarks/performance.py.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${FIRST_RUN:-1}" = 0 ]; then echo "skipped (FIRST_RUN=0)"; exit 0; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q . "$work/clone"
revision=$(git -C "$work/clone" rev-parse --short HEAD)
export NSESIM_CACHE_DIR=$work/cache NSESIM_DATA_DIR=$work/data
# Every line of make's output with the milliseconds since the start.
status=0
( cd "$work/clone" && make run < /dev/null 2>&1 ) | python3 -u -c '
import sys, time
start = time.monotonic()
for line in sys.stdin:
    sys.stdout.write(f"{(time.monotonic() - start) * 1000:.0f} {line}")
' > "$work/run.log" || status=$?
total=$(tail -1 "$work/run.log" | cut -d' ' -f1)
first=$(grep -m1 -E '^[0-9]+ Outcome ' "$work/run.log" | cut -d' ' -f1 || true)
# The end of the builds: the last line swift build printed ("Build complete!", "Compiling …", …).
built=$(grep -E '^[0-9]+ (\[[0-9]+/[0-9]+\]|Build complete|Building for|Compiling|Linking)' "$work/run.log" | tail -1 | cut -d' ' -f1 || true)
notifications=$(grep -c -E '^[0-9]+ Outcome ' "$work/run.log" || true)
if [ "$status" != 0 ] || [ -z "$first" ]; then
  echo "error: make run on a fresh clone of $revision failed or showed no notification; its last lines:" >&2
  tail -20 "$work/run.log" >&2
  exit 1
fi
echo "make run on a fresh clone of $revision, Debian packages present, $(nproc) cores"
awk -v f="$first" -v b="$built" -v t="$total" -v n="$notifications" 'BEGIN {
  printf "  first notification after %.1f s; the builds done after %.1f s; the demo (%d notifications) done after %.1f s\n", f / 1000, b / 1000, n, t / 1000
  printf "figure firstrun.first_s %.2f\nfigure firstrun.built_s %.2f\nfigure firstrun.total_s %.2f\nfigure firstrun.notifications %d\n", f / 1000, b / 1000, t / 1000, n }'
