#!/bin/sh
# Runs the payload fuzzer built by `make fuzz` and sums up the run.
#   Fuzz/run-fuzz.sh BINARY [RUNS] [MAX_SECONDS]
# RUNS executions (default 1000000), stopping after MAX_SECONDS if given (0 = no limit).
# Work folder .build-fuzz: corpus/seeds (rewritten each run from the fixtures),
# corpus/found (what libFuzzer adds; kept between runs), crashes/, fuzz.log (everything).
# Exit 0 when the runs end without a crash; else 1, with the reproducer's path and its
# backtrace (the reproducer replays with `BINARY FILE`).
set -u
binary=$1
runs=${2:-1000000}
seconds=${3:-0}
work=.build-fuzz
log=$work/fuzz.log

Fuzz/make-corpus.sh "$work/corpus/seeds" || exit 1
mkdir -p "$work/corpus/found" "$work/crashes"
echo "fuzzing: $runs runs$( [ "$seconds" != 0 ] && echo ", at most $seconds s"); full log in $log"

start=$(date +%s)
# Swift's own backtracer would take libFuzzer's place as the crash handler (libFuzzer keeps
# an existing handler), and libFuzzer would then save no reproducer: it is turned off here
# and used for the replay below instead.
SWIFT_BACKTRACE=enable=no "$binary" \
  -runs="$runs" -max_total_time="$seconds" -max_len=6000 -timeout=10 -print_final_stats=1 \
  -dict=Fixtures/fuzz/apns.dict -artifact_prefix="$work/crashes/" \
  "$work/corpus/found" "$work/corpus/seeds" > "$log" 2>&1 &
pid=$!
# Progress: libFuzzer's latest status line every 30 s.
tick=0
while kill -0 "$pid" 2>/dev/null; do
  sleep 1
  tick=$((tick + 1))
  if [ $((tick % 30)) = 0 ]; then
    echo "  $(grep -E '^#[0-9]+' "$log" | tail -n 1 | sed 's/ L: .*//')"
  fi
done
wait "$pid"
status=$?
elapsed=$(($(date +%s) - start))

done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1)
stat() { grep "^stat::$1:" "$log" | awk '{print $2}'; }
echo
echo "== fuzz summary =="
echo "executions:     $(stat number_of_executed_units)"
echo "exec/s:         $(stat average_exec_per_sec)"
echo "time:           ${elapsed} s"
[ -n "$done_line" ] && echo "coverage:       $(echo "$done_line" | grep -oE 'cov: [0-9]+ ft: [0-9]+')"
[ -n "$done_line" ] && echo "corpus:         $(echo "$done_line" | grep -oE 'corp: [0-9]+/[0-9A-Za-z]+')  (.build-fuzz/corpus)"
echo "new units:      $(stat new_units_added)"
echo "peak RSS:       $(stat peak_rss_mb) MB"

if [ "$status" != 0 ]; then
  reproducer=$(grep -oE 'Test unit written to [^ ]+' "$log" | tail -n 1 | sed 's/Test unit written to //')
  echo
  echo "== fuzz FAILED (libFuzzer exit $status) =="
  grep -E 'Fatal error|ERROR: libFuzzer|SUMMARY' "$log" | head -5
  if [ -n "$reproducer" ]; then
    echo "reproducer: $reproducer"
    echo "replay:     $binary $reproducer"
    echo
    echo "== replay with Swift's backtrace =="
    "$binary" "$reproducer" 2>&1 | grep -E 'Fatal error|runtime failure|^ *[0-9]+ .* at /' | grep -v llvm-project | head -25
  fi
  exit 1
fi

# Coverage of the code under test: libFuzzer's edges of each source file, from a replay of
# the corpus (inlined code counts in its caller; compiler-made copies never called count
# as uncovered, so these figures are lower bounds).
SWIFT_BACKTRACE=enable=no "$binary" -runs=0 -print_coverage=1 "$work/corpus/found" "$work/corpus/seeds" \
  > "$work/coverage.log" 2>&1
echo
echo "== edges covered by the corpus, per file (whole log: $work/coverage.log) =="
grep -E '^(UN)?COVERED_FUNC' "$work/coverage.log" \
  | awk '{ split($5, e, "/"); f = $NF; sub(/:[0-9]+$/, "", f); sub(/.*\/Sources\//, "", f); c[f] += e[1]; t[f] += e[2] }
         END { for (f in c) if (f ~ /NSESimPayload\/(Payload|Gate|Lint)\/|ParsedPayload\+Report|ContentRows|JSONValue|LocalizedFormat|StringsFile|UNNotificationContent\+JSON/)
                 printf "  %-52s %5.1f %%  %4d/%d\n", f, (t[f] ? 100 * c[f] / t[f] : 0), c[f], t[f] }' \
  | sort
echo
echo "no crash"
