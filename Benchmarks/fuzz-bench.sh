#!/usr/bin/env bash
# `nsesim fuzz` throughput on a text-only extension against replay's rate on the same machine
# (issue: at least 40 runs per second on 2 cores). Xcode's Template extension, which only
# changes the title: COUNT fuzz runs from Fixtures/payloads/alert-mutable.json (`--runs COUNT
# --jobs 2 --seed 1`, no server, so no URL change waits), and a replay of COUNT generated
# text-only cases with `--jobs 2`, interleaved ROUNDS times after a first run of each has built
# the extension; medians. Prints figures; not a test.
# Usage: Benchmarks/fuzz-bench.sh [NSESIM] [COUNT] [ROUNDS]
# Besides its lines for people it prints `figure KEY VALUE` lines for Benchmarks/performance.py.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
nsesim=${1:-.build/release/nsesim}
count=${2:-1000}
rounds=${3:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export NSESIM_CACHE_DIR=$work/cache NSESIM_DATA_DIR=$work/data
mkdir -p "$work/cases"
for i in $(seq "$count"); do
  cat > "$work/cases/text-$i.json" <<CASE
{
  "extension": "$root/Plugins-Examples/Template",
  "payload": {"aps": {"alert": {"title": "Message $i", "body": "Body of message $i"}, "mutable-content": 1}},
  "expect": {"outcome": "modified"}
}
CASE
done
seed=Fixtures/payloads/alert-mutable.json
"$nsesim" replay "$work/cases/text-1.json" > /dev/null   # builds the extension once
"$nsesim" fuzz --extension Plugins-Examples/Template --payload "$seed" --runs 10 --out "$work/out" > /dev/null || true
echo "nsesim fuzz, $count runs of Template from $seed, --jobs 2, against replay of $count text-only cases, median of $rounds rounds, $(nproc) cores"
fuzz=(); replay=(); refused=0
for _ in $(seq "$rounds"); do
  rm -rf "$NSESIM_DATA_DIR" "$work/out"
  start=$(date +%s%N)
  status=0
  "$nsesim" fuzz --extension Plugins-Examples/Template --payload "$seed" --runs "$count" --jobs 2 --seed 1 \
    --out "$work/out" --format json > "$work/fuzz.json" || status=$?
  fuzz+=($(( ($(date +%s%N) - start) / 1000000 )))
  [ "$status" -le 1 ] || { echo "nsesim fuzz failed (exit $status)"; exit 1; }
  refused=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(r["refused"], len(r["findings"]), r["runs"])' "$work/fuzz.json")
  rm -rf "$NSESIM_DATA_DIR"
  start=$(date +%s%N)
  "$nsesim" replay "$work/cases" --jobs 2 > /dev/null || true
  replay+=($(( ($(date +%s%N) - start) / 1000000 )))
done
fuzz_ms=$(printf '%s\n' "${fuzz[@]}" | sort -n | sed -n "$(( (rounds + 1) / 2 ))p")
replay_ms=$(printf '%s\n' "${replay[@]}" | sort -n | sed -n "$(( (rounds + 1) / 2 ))p")
read -r refused findings made <<< "$refused"
# The rate counts the runs made (an extension process each), not the payloads refused before any run.
awk -v f="$fuzz_ms" -v r="$replay_ms" -v n="$count" -v m="$made" -v refused="$refused" -v findings="$findings" 'BEGIN {
  printf "  nsesim fuzz: %d payloads in %.2f s (build check and seed run included), %d run, %d refused as APNs would (not run): %.1f runs/s; %d findings\n", n, f / 1000, m, refused, m / (f / 1000), findings
  printf "  nsesim replay: %d cases in %.2f s: %.1f cases/s\n", n, r / 1000, n / (r / 1000)
  printf "  fuzz runs/s ÷ replay cases/s: %.2f\n", (m / (f / 1000)) / (n / (r / 1000))
  printf "figure fuzz.runs %d\nfigure fuzz.made %d\nfigure fuzz.s %.4f\nfigure fuzz.runs_per_s %.4f\nfigure fuzz.replay_s %.4f\nfigure fuzz.replay_cases_per_s %.4f\n", n, m, f / 1000, m / (f / 1000), r / 1000, n / (r / 1000)
  printf "figure fuzz.ratio %.4f\nfigure fuzz.refused %d\nfigure fuzz.findings %d\n", (m / (f / 1000)) / (n / (r / 1000)), refused, findings }'
echo "figure fuzz.rounds $rounds"
