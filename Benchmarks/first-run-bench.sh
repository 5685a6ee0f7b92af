#!/usr/bin/env bash
# `make run` on a fresh clone (the repository's HEAD, cloned into a temporary folder with an
# empty build folder, build cache and data folder): how long a new user waits for the first
# notification (the demo's first `Outcome` line), for the build of what the rest of the demo
# needs, and for the whole demo. Debian packages already installed (`make run` installs the
# missing ones first; on this machine none are missing). Takes several minutes; set
# FIRST_RUN=0 to skip it. Prints figures; not a test.
# FIRST_RUN_BEFORE=REV also measures the wait for the first notification alone (`make
# first-notification`, all that `make run` does before it) on fresh clones of REV and of HEAD,
# one after the other, on the same machine: the before and after of a change to the first run;
# FIRST_RUN_UNTIL=first then stops there (no whole `make run`).
# Usage: Benchmarks/first-run-bench.sh
# Besides its lines for people it prints `figure KEY VALUE` lines for Benchmarks/performance.py.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${FIRST_RUN:-1}" = 0 ]; then echo "skipped (FIRST_RUN=0)"; exit 0; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# measure REV TARGET NAME: `make TARGET` on a fresh clone of REV, every line of its output in
# $work/NAME.log with the milliseconds since the start.
measure() {
  local revision=$1 target=$2 name=$3 status=0
  rm -rf "$work/clone" "$work/cache" "$work/data"
  git clone -q . "$work/clone"
  git -C "$work/clone" checkout -q "$revision"
  ( cd "$work/clone" && NSESIM_CACHE_DIR=$work/cache NSESIM_DATA_DIR=$work/data make "$target" < /dev/null 2>&1 ) | python3 -u -c '
import sys, time
start = time.monotonic()
for line in sys.stdin:
    sys.stdout.write(f"{(time.monotonic() - start) * 1000:.0f} {line}")
' > "$work/$name.log" || status=$?
  if [ "$status" != 0 ] || ! grep -q -m1 -E '^[0-9]+ Outcome ' "$work/$name.log"; then
    echo "error: make $target on a fresh clone of $revision failed or showed no notification; its last lines:" >&2
    tail -20 "$work/$name.log" >&2
    exit 1
  fi
}
first_ms() { grep -m1 -E '^[0-9]+ Outcome ' "$work/$1.log" | cut -d' ' -f1; }

head=$(git rev-parse --short HEAD)
if [ -n "${FIRST_RUN_BEFORE:-}" ]; then
  before=$(git rev-parse --short "$FIRST_RUN_BEFORE")
  measure "$before" first-notification before
  measure "$head" first-notification after
  echo "make first-notification on fresh clones, one after the other, $(nproc) cores:"
  awk -v b="$(first_ms before)" -v a="$(first_ms after)" -v br="$before" -v ar="$head" 'BEGIN {
    printf "  %s: first notification after %.1f s; %s: after %.1f s (%.0f %% of before)\n", br, b / 1000, ar, a / 1000, 100 * a / b
    printf "figure firstrun.before_s %.2f\nfigure firstrun.after_s %.2f\n", b / 1000, a / 1000 }'
  [ "${FIRST_RUN_UNTIL:-}" = first ] && exit 0
fi

measure "$head" run run
total=$(tail -1 "$work/run.log" | cut -d' ' -f1)
first=$(first_ms run)
# The end of the builds: the last line swift build printed ("Build complete!", "Compiling …", …).
built=$(grep -E '^[0-9]+ (\[[0-9]+/[0-9]+\]|Build complete|Building for|Compiling|Linking)' "$work/run.log" | tail -1 | cut -d' ' -f1 || true)
notifications=$(grep -c -E '^[0-9]+ Outcome ' "$work/run.log" || true)
echo "make run on a fresh clone of $head, Debian packages present, $(nproc) cores"
awk -v f="$first" -v b="$built" -v t="$total" -v n="$notifications" 'BEGIN {
  printf "  first notification after %.1f s; the builds done after %.1f s; the demo (%d notifications) done after %.1f s\n", f / 1000, b / 1000, n, t / 1000
  printf "figure firstrun.first_s %.2f\nfigure firstrun.built_s %.2f\nfigure firstrun.total_s %.2f\nfigure firstrun.notifications %d\n", f / 1000, b / 1000, t / 1000, n }'
