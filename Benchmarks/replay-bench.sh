#!/usr/bin/env bash
# Replay speed: cases per second of `nsesim replay Fixtures/cases` with --jobs 1 and
# --jobs 2, extensions already built (a first run warms the build cache). Prints figures;
# not a test. Usage: Benchmarks/replay-bench.sh [NSESIM] [RUNS]
# Besides its lines for people it prints `figure KEY VALUE` lines for
# Benchmarks/performance.py, which writes docs/PERFORMANCE.md from them.
set -euo pipefail
cd "$(dirname "$0")/.."
nsesim=${1:-.build/release/nsesim}
runs=${2:-3}
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
export NSESIM_CACHE_DIR=$cache NSESIM_DATA_DIR=$cache/data

# A failing case does not stop the benchmark (its time counts like any other); how many
# failed is printed as a figure.
"$nsesim" replay Fixtures/cases > /dev/null || true   # builds every extension once
summary=$("$nsesim" replay Fixtures/cases --jobs 2 | tail -1 || true)
count=$(echo "$summary" | awk '{print $1 + $3}')
failed=$(echo "$summary" | awk '{print $3 + 0}')
echo "nsesim replay Fixtures/cases: $count cases, median of $runs runs, warm build cache, $(nproc) cores"
echo "figure replay.cases $count"
echo "figure replay.runs $runs"
echo "figure replay.failed $failed"
for jobs in 1 2; do
  times=()
  for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    "$nsesim" replay Fixtures/cases --jobs "$jobs" > /dev/null || true
    times+=($(( ($(date +%s%N) - start) / 1000000 )))
  done
  median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  awk -v j="$jobs" -v ms="$median" -v n="$count" \
    'BEGIN { printf "  --jobs %d: %.2f s, %.1f cases/s\n", j, ms / 1000, n / (ms / 1000);
             printf "figure replay.jobs%d_s %.4f\nfigure replay.jobs%d_cases_per_s %.4f\n", j, ms / 1000, j, n / (ms / 1000) }'
done
echo "  (the cases include deliberate waits: deadlines of 0.3-0.5 s, a slow drip, Edge latency)"
