#!/usr/bin/env bash
# Replay throughput on text-only cases: COUNT cases (1,000 by default) generated here, each a
# distinct text-only push (no attachment, no server, no deliberate wait) to Xcode's Template
# extension expecting its `[modified]` title, replayed with `--jobs 2` after a first run has
# built the extension. Each run starts with an empty data folder (no center, no store). The
# per-notification floor this is compared with is the runtime benchmark's spawn (in the same
# `make bench`). With BASELINE_NSESIM set to another build of nsesim (e.g. the release build
# of the commit before a change), its runs are interleaved with this one's on the same cases
# and its rate printed too, so that the two compare in one run. Prints figures; not a test.
# Usage: Benchmarks/replay-text-bench.sh [NSESIM] [COUNT] [RUNS]
# Besides its lines for people it prints `figure KEY VALUE` lines for Benchmarks/performance.py.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
nsesim=${1:-.build/release/nsesim}
count=${2:-1000}
runs=${3:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export NSESIM_CACHE_DIR=$work/cache NSESIM_DATA_DIR=$work/data
mkdir -p "$work/cases"
for i in $(seq "$count"); do
  cat > "$work/cases/text-$i.json" <<CASE
{
  "description": "generated text-only push $i",
  "extension": "$root/Plugins-Examples/Template",
  "payload": {"aps": {"alert": {"title": "Message $i", "body": "Body of message $i"}, "mutable-content": 1, "thread-id": "t-$((i % 7))"}},
  "expect": {"outcome": "modified", "delivered": {"title": "Message $i [modified]", "body": "Body of message $i"}}
}
CASE
done
baseline=${BASELINE_NSESIM:-}
"$nsesim" replay "$work/cases/text-1.json" > /dev/null   # builds the extension once
if [ -n "$baseline" ]; then NSESIM_CACHE_DIR=$work/cache-baseline "$baseline" replay "$work/cases/text-1.json" > /dev/null; fi
echo "nsesim replay of $count generated text-only cases, --jobs 2, median of $runs runs, warm build cache, $(nproc) cores"
times=(); before=(); cpus=(); before_cpus=(); spawned=(); spawned_cpus=()
for _ in $(seq "$runs"); do
  rm -rf "$NSESIM_DATA_DIR"
  start=$(date +%s%N)
  # CPU of nsesim and its extension processes (bash's `time`: user + system of the children).
  { TIMEFORMAT='%U %S'; time { "$nsesim" replay "$work/cases" --jobs 2 | tail -1 > "$work/summary" || true; }; } 2> "$work/cpu"
  summary=$(cat "$work/summary")
  times+=($(( ($(date +%s%N) - start) / 1000000 )))
  cpus+=($(awk '{ printf "%d", ($1 + $2) * 1000 }' "$work/cpu"))
  # The same build with every extension process spawned from scratch (NSESIM_ZYGOTE=0; by
  # default they are forked from the extension zygote).
  rm -rf "$NSESIM_DATA_DIR"
  start=$(date +%s%N)
  { TIMEFORMAT='%U %S'; time { NSESIM_ZYGOTE=0 "$nsesim" replay "$work/cases" --jobs 2 | tail -1 > "$work/summary-spawned" || true; }; } 2> "$work/cpu"
  spawned+=($(( ($(date +%s%N) - start) / 1000000 )))
  spawned_cpus+=($(awk '{ printf "%d", ($1 + $2) * 1000 }' "$work/cpu"))
  if [ -n "$baseline" ]; then
    rm -rf "$NSESIM_DATA_DIR"
    start=$(date +%s%N)
    { TIMEFORMAT='%U %S'; time { NSESIM_CACHE_DIR=$work/cache-baseline "$baseline" replay "$work/cases" --jobs 2 > /dev/null || true; }; } 2> "$work/cpu"
    before+=($(( ($(date +%s%N) - start) / 1000000 )))
    before_cpus+=($(awk '{ printf "%d", ($1 + $2) * 1000 }' "$work/cpu"))
  fi
done
failed=$(echo "$summary" | awk '{print $3 + 0}')
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
if [ -n "$baseline" ]; then
  previous=$(printf '%s\n' "${before[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  awk -v ms="$previous" -v n="$count" -v b="$baseline" 'BEGIN {
    printf "  %s (runs interleaved): %.2f s, %.1f cases/s\n", b, ms / 1000, n / (ms / 1000)
    printf "figure replaytext.before_cases_per_s %.4f\n", n / (ms / 1000) }'
  previous_cpu=$(printf '%s\n' "${before_cpus[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  awk -v ms="$previous_cpu" -v n="$count" 'BEGIN {
    printf "  its CPU (user + system): %.2f ms a case\n", ms / n
    printf "figure replaytext.before_cpu_ms_per_case %.4f\n", ms / n }'
fi
spawned_ms=$(printf '%s\n' "${spawned[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
spawned_cpu=$(printf '%s\n' "${spawned_cpus[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
spawned_failed=$(awk '{print $3 + 0}' "$work/summary-spawned")
awk -v ms="$spawned_ms" -v cpu="$spawned_cpu" -v n="$count" -v f="$spawned_failed" 'BEGIN {
  printf "  with NSESIM_ZYGOTE=0 (every process spawned from scratch): %.2f s, %.1f cases/s, CPU %.2f ms a case (%d failed)\n", ms / 1000, n / (ms / 1000), cpu / n, f
  printf "figure replaytext.spawned_cases_per_s %.4f\nfigure replaytext.spawned_cpu_ms_per_case %.4f\nfigure replaytext.spawned_failed %d\n", n / (ms / 1000), cpu / n, f }'
cpu=$(printf '%s\n' "${cpus[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
awk -v ms="$cpu" -v n="$count" 'BEGIN {
  printf "  CPU (nsesim and the extension processes, user + system): %.2f ms a case\n", ms / n
  printf "figure replaytext.cpu_ms_per_case %.4f\n", ms / n }'
awk -v ms="$median" -v n="$count" -v f="$failed" 'BEGIN {
  printf "  %d cases in %.2f s: %.1f cases/s, %.1f ms a case (%d failed)\n", n, ms / 1000, n / (ms / 1000), ms / n, f
  printf "figure replaytext.cases %d\nfigure replaytext.failed %d\nfigure replaytext.s %.4f\nfigure replaytext.cases_per_s %.4f\n", n, f, ms / 1000, n / (ms / 1000) }'
echo "figure replaytext.runs $runs"
