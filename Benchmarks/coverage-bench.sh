#!/usr/bin/env bash
# What --coverage costs: `nsesim replay Fixtures/cases/coverage` (MessageRouting, two cases)
# with and without `--coverage DIR`, the runs interleaved (normal, coverage, normal, ...),
# median of RUNS each, extensions already built; and the first run of each, which builds the
# extension (the instrumented build is cached apart from the normal one). The coverage
# run's time includes its report (llvm-profdata merge, llvm-cov export and show).
# Prints figures; not a test. Usage: Benchmarks/coverage-bench.sh [NSESIM] [RUNS]
# Besides its lines for people it prints `figure KEY VALUE` lines for
# Benchmarks/performance.py, which writes docs/PERFORMANCE.md from them.
set -euo pipefail
cd "$(dirname "$0")/.."
nsesim=${1:-.build/release/nsesim}
runs=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export NSESIM_CACHE_DIR=$work/cache NSESIM_DATA_DIR=$work/data
cases=Fixtures/cases/coverage

now() { date +%s%N; }
run_normal() { "$nsesim" replay "$cases" > "$work/normal.log" || { cat "$work/normal.log"; exit 1; }; }
run_coverage() { "$nsesim" replay "$cases" --coverage "$work/coverage" > "$work/coverage.log" || { cat "$work/coverage.log"; exit 1; }; }

# What every first build in a new cache pays (the module maps, the Swift module cache) is paid
# here, by another extension, so that neither first run below pays it for the other.
"$nsesim" replay Fixtures/cases/examples/apns-file.json > /dev/null
start=$(now); run_normal; build_normal=$(( ($(now) - start) / 1000000 ))
start=$(now); run_coverage; build_coverage=$(( ($(now) - start) / 1000000 ))
normal=(); coverage=()
for _ in $(seq "$runs"); do
  start=$(now); run_normal; normal+=($(( ($(now) - start) / 1000000 )))
  start=$(now); run_coverage; coverage+=($(( ($(now) - start) / 1000000 )))
done
median() { printf '%s\n' "$@" | sort -n | sed -n "$(( ($# + 1) / 2 ))p"; }
n=$(median "${normal[@]}"); c=$(median "${coverage[@]}")
echo "nsesim replay $cases, median of $runs runs each, interleaved, warm build cache, $(nproc) cores"
grep -E '^  (NotificationService|Total)' "$work/coverage.log" || true
awk -v n="$n" -v c="$c" -v bn="$build_normal" -v bc="$build_coverage" 'BEGIN {
  printf "  normal build:  %.2f s a replay (first, with the build: %.2f s)\n", n / 1000, bn / 1000
  printf "  --coverage:    %.2f s a replay (first, with the instrumented build: %.2f s)\n", c / 1000, bc / 1000
  printf "  slowdown:      %.2fx (first runs: %.2fx)\n", c / n, bc / bn
  printf "figure coverage.runs %d\nfigure coverage.normal_s %.4f\nfigure coverage.coverage_s %.4f\nfigure coverage.slowdown %.4f\n", '"$runs"', n / 1000, c / 1000, c / n
  printf "figure coverage.first_normal_s %.4f\nfigure coverage.first_coverage_s %.4f\nfigure coverage.first_slowdown %.4f\n", bn / 1000, bc / 1000, bc / bn
}'
