#!/usr/bin/env bash
# Replay speed: cases per second of `nsesim replay Fixtures/cases` with --jobs 1 and
# --jobs 2, extensions already built (a first run warms the build cache). Prints figures;
# not a test. Usage: Benchmarks/replay-bench.sh [NSESIM] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
nsesim=${1:-.build/release/nsesim}
runs=${2:-3}
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
export NSESIM_CACHE_DIR=$cache NSESIM_DATA_DIR=$cache/data

"$nsesim" replay Fixtures/cases > /dev/null   # builds every extension once
count=$("$nsesim" replay Fixtures/cases --jobs 2 | tail -1 | awk '{print $1 + $3}')
echo "nsesim replay Fixtures/cases: $count cases, median of $runs runs, warm build cache, $(nproc) cores"
for jobs in 1 2; do
  times=()
  for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    "$nsesim" replay Fixtures/cases --jobs "$jobs" > /dev/null
    times+=($(( ($(date +%s%N) - start) / 1000000 )))
  done
  median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  awk -v j="$jobs" -v ms="$median" -v n="$count" \
    'BEGIN { printf "  --jobs %d: %.2f s, %.1f cases/s\n", j, ms / 1000, n / (ms / 1000) }'
done
echo "  (the cases include deliberate waits: deadlines of 0.3-0.5 s, a slow drip, Edge latency;"
echo "   a case that only modifies text takes about 40 ms, most of it the extension process)"
