#!/usr/bin/env bash
# Local APNs throughput: PUSHES pushes (10,000 by default) over one HTTP/2 connection with 50
# streams in flight (curl --http2 --parallel), each accepted one run through the Template
# extension into the app's center, against the plain `nsesim run` rate on the same payload
# measured in the same run. The pushes are distinct, as a real backend's are: no
# apns-collapse-id, so APNs gives each its own apns-id and the center keeps every one (with
# COLLAPSE=one they all carry one collapse id, the center holds one notification: the figure
# the baseline build was measured with). The time of every thousandth exchange through the pipeline is noted, so
# that the last thousand can be compared with the first (a center that slows as it grows).
# Every push must be accounted for: accepted = delivered, the rest refused with a reason.
# With BASELINE_NSESIM set to another build of nsesim (the release build before warm processes), that
# build is measured too, in the same run, as its recorded figure was: 1,000 pushes with
# one collapse id (with distinct ones it slows to about a push a second).
# Only 127.0.0.1. Prints figures; not a test.
# APNS_PASSES (3 by default) passes, each with a fresh server and center: the rate is the median
# pass's, and the thousands are those of the pass with the median growth.
# Usage: [BASELINE_NSESIM=OTHER_NSESIM] [APNS_PASSES=N] Benchmarks/apns-bench.sh [NSESIM] [PUSHES] [COLLAPSE: distinct|one]
# Besides its lines for people it prints `figure KEY VALUE` lines for Benchmarks/performance.py.
set -euo pipefail
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
cd "$(dirname "$0")/.."
nsesim=${1:-.build/release/nsesim}
pushes=${2:-10000}
collapse=${3:-distinct}
passes=${APNS_PASSES:-3}   # each pass a fresh server and center; the medians are reported
refused_every=10   # every 10th push goes to a malformed token: 400 BadDeviceToken
work=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
export NSESIM_CACHE_DIR=$work/cache NSESIM_DATA_DIR=$work/data
extension=Plugins-Examples/Template
payload=Fixtures/payloads/alert-mutable.json
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }

# Baseline: the same payload through `nsesim run`, 100 notifications in one run (warm build cache).
"$nsesim" run --extension "$extension" --payload "$payload" > /dev/null
args=(); for _ in $(seq 100); do args+=(--payload "$payload"); done
start=$(date +%s%N)
collapse_run=(); collapse_push=()
if [ "$collapse" = one ]; then collapse_run=(--collapse-id bench); collapse_push=(-H "apns-collapse-id: bench"); fi
"$nsesim" run --extension "$extension" "${args[@]}" "${collapse_run[@]}" --format json > /dev/null
run_ms=$(ms "$start")

# One pass: a fresh data folder, the server, the pushes, the drain; its figures in $work/pass-K.
one_pass() {
  local k=$1 log="$work/apns-$1.jsonl"
  export NSESIM_DATA_DIR=$work/data-$k
  "$nsesim" apns --extension "$extension" --port 0 --log "$log" > "$work/apns.out" 2> "$work/apns.err" &
  server=$!
  for _ in $(seq 600); do grep -q "^APNs at" "$work/apns.out" && break; sleep 0.1; done
  local line port ca token start answered_ms delivered_ms watcher
  line=$(head -1 "$work/apns.out")
  port=$(echo "$line" | sed -E 's|.*https://127.0.0.1:([0-9]+).*|\1|')
  ca=$(echo "$line" | sed -E 's|.*\(CA: ([^)]*)\).*|\1|')
  token=$(printf 'ab%.0s' $(seq 32))
  {
    for i in $(seq "$pushes"); do
      if (( i % refused_every == 0 )); then echo "url = \"https://127.0.0.1:$port/3/device/zz$i\""
      else echo "url = \"https://127.0.0.1:$port/3/device/$token\""; fi
      echo 'output = "/dev/null"'
    done
  } > "$work/urls.conf"
  start=$(date +%s%N)
  # The thousands: the time (ms since the first push) at which the log held 1000, 2000, … lines.
  (
    next=1000
    while [ "$next" -le "$pushes" ]; do
      lines=$(wc -l < "$log")
      while [ "$lines" -ge "$next" ] && [ "$next" -le "$pushes" ]; do echo "$next $(ms "$start")"; next=$((next + 1000)); done
      sleep 0.05
    done
  ) > "$work/thousands-$k.txt" &
  watcher=$!
  curl --silent --no-progress-meter --http2 --parallel --parallel-max 50 --cacert "$ca" -H "apns-topic: com.example.app" \
    -H "apns-push-type: alert" "${collapse_push[@]}" --data-binary @"$payload" -w '%{http_code} %{num_connects}\n' -K "$work/urls.conf" > "$work/codes.txt"
  answered_ms=$(ms "$start")
  for _ in $(seq 36000); do [ "$(wc -l < "$log")" -ge "$pushes" ] && break; sleep 0.1; done
  delivered_ms=$(ms "$start")
  wait "$watcher" 2>/dev/null || true
  kill -TERM "$server"; wait "$server" || true; server=""

  local ok bad connections stopped delivered reasons first_ms last_ms
  ok=$(grep -c '^200 ' "$work/codes.txt" || true)
  bad=$(grep -c '^400 ' "$work/codes.txt" || true)
  connections=$(awk '{ n += $2 } END { print n }' "$work/codes.txt")
  stopped=$(tail -1 "$work/apns.out")
  delivered=$(grep -c '"outcome"' "$log" || true)
  reasons=$(grep -c '"reason":"BadDeviceToken"' "$log" || true)
  if [ "$ok" -ne "$delivered" ] || [ "$bad" -ne "$reasons" ] || [ $((ok + bad)) -ne "$pushes" ]; then
    echo "error: pass $k: pushes not accounted for: $ok accepted, $delivered delivered, $bad refused, $reasons with a reason" >&2
    exit 1
  fi
  # The first thousand exchanges against the last (ms each took through the pipeline).
  first_ms=$(awk 'NR == 1 { print $2 }' "$work/thousands-$k.txt")
  last_ms=$(awk '{ if (NR > 1) d = $2 - p; p = $2 } END { print d + 0 }' "$work/thousands-$k.txt")
  echo "$ok $bad $connections $answered_ms $delivered_ms ${first_ms:-0} ${last_ms:-0}" > "$work/pass-$k"
  echo "$stopped" > "$work/stopped"
  echo "  pass $k: $ok x 200, $bad x 400 answered in ${answered_ms} ms; all through the pipeline in ${delivered_ms} ms;" \
    "first thousand ${first_ms:-?} ms, last ${last_ms:-?} ms"
}

echo "nsesim apns: $pushes pushes ($collapse collapse ids), 50 streams in flight, Template extension, $(nproc) cores, $passes pass(es)"
for k in $(seq "$passes"); do one_pass "$k"; done
# The pass with the median rate gives the rate; the pass with the median growth (last thousand
# over first) gives the thousands: a single pass moves ±25 % with the machine.
median_pass() { sort -n -k1,1 | sed -n "$(( (passes + 1) / 2 ))p" | awk '{ print $2 }'; }
rate_pass=$(for k in $(seq "$passes"); do awk -v k="$k" '{ printf "%.6f %d\n", $1 / $5, k }' "$work/pass-$k"; done | median_pass)
growth_pass=$(for k in $(seq "$passes"); do awk -v k="$k" '{ printf "%.6f %d\n", ($6 > 0 ? $7 / $6 : 0), k }' "$work/pass-$k"; done | median_pass)
read -r ok bad connections answered_ms delivered_ms _ _ < "$work/pass-$rate_pass"
read -r _ _ _ _ _ first_ms last_ms < "$work/pass-$growth_pass"
export NSESIM_DATA_DIR=$work/data-$growth_pass
echo "  answered: $ok x 200, $bad x 400 in ${answered_ms} ms; all through the pipeline in ${delivered_ms} ms (pass $rate_pass, the median rate)"
echo "  server: $(cat "$work/stopped")"
echo "  nsesim run: 100 notifications in ${run_ms} ms"
apns_rate=$(awk -v n="$ok" -v t="$delivered_ms" 'BEGIN { printf "%.1f", n * 1000 / t }')
run_rate=$(awk -v t="$run_ms" 'BEGIN { printf "%.1f", 100 * 1000 / t }')
echo "  delivered pushes/s: $apns_rate; nsesim run notifications/s: $run_rate; ratio $(awk -v a="$apns_rate" -v b="$run_rate" 'BEGIN { printf "%.2f", a / b }')"
if [ "$first_ms" -gt 0 ] && [ "$pushes" -ge 2000 ]; then
  echo "  the first thousand exchanges took ${first_ms} ms, the last thousand ${last_ms} ms (ratio $(awk -v a="$last_ms" -v b="$first_ms" 'BEGIN { printf "%.2f", a / b }'); pass $growth_pass, the median growth)"
  echo "figure apns.first_thousand_ms $first_ms"
  echo "figure apns.last_thousand_ms $last_ms"
fi
# The app's data: its database (the center, the keychain) with its WAL, and whatever else.
center=$(find "$NSESIM_DATA_DIR/apps" -type f -printf '%s\n' 2>/dev/null | awk '{ s += $1 } END { print s + 0 }')
echo "  the app's data on disk (its database: the center with every notification): $center bytes"
echo "figure apns.center_bytes $center"
echo "figure apns.collapse $collapse"
echo "figure apns.pushes $pushes"
echo "figure apns.passes $passes"
echo "figure apns.connections $connections"
echo "figure apns.answer_ms $answered_ms"
echo "figure apns.pushes_per_s $apns_rate"
echo "figure apns.run_per_s $run_rate"
if [ -n "${BASELINE_NSESIM:-}" ]; then
  before=$(BASELINE_NSESIM= "$self" "$BASELINE_NSESIM" 1000 one | awk '$1 == "figure" && $2 == "apns.pushes_per_s" { print $3 }' || true)
  echo "  before: $BASELINE_NSESIM, 1000 pushes with one collapse id: ${before:-?} pushes/s"
  if [ -n "$before" ]; then echo "figure apns.before_pushes_per_s $before"; fi
fi
