#!/bin/bash
# Measures the compatibility corpus (docs/COMPATIBILITY.md) laid out by corpus.sh: for each
# target, `run --extension FOLDER` and `run --project X.xcodeproj --target T` with the test
# payload, one at a time, each with its own data folder, and prints one line per target:
#
#   N|repository|extension folder|ext outcome or first error|proj outcome or first error
#
#   bash Fixtures/tools/corpus-measure.sh [CORPUS] [NSESIM] [-- EXTRA ARGUMENTS FOR BOTH RUNS]
#
# CORPUS defaults to .build/corpus; NSESIM to .build/debug/nsesim. The project's target is
# the extension folder's name. Extra arguments (`--package-mirror URL=PATH`, …) follow `--`.
set -uo pipefail

corpus=${1:-.build/corpus}
nsesim=${2:-.build/debug/nsesim}
shift 2 2>/dev/null || shift $#
[[ "${1:-}" == "--" ]] && shift
extra=("$@")
payload=$(cd "$(dirname "$0")/../payloads" && pwd)/alert-mutable.json

# The outcome of a run (its JSON report), else its first error line.
summary() {
  local out=$1 err=$2 status=$3
  if [[ $status -eq 0 ]] || grep -q '"outcome"' "$out" 2>/dev/null; then
    sed -n 's/.*"outcome" *: *"\([^"]*\)".*/\1/p' "$out" | head -1
  elif [[ $status -eq 124 ]]; then
    echo "✗ timeout"
  else
    # The first line that says what failed: the first diagnostic under "does not build:",
    # else nsesim's error.
    { grep -m1 -A1 'does not build:$' "$err" | tail -1 | sed 's/^ *//'
      grep -q 'does not build:$' "$err" || grep -m1 'error' "$err" || tail -1 "$err"; } | cut -c1-240 | sed 's/^/✗ /'
  fi
}

n=0
while IFS='|' read -r repo folder project commit; do
  [[ -n "$repo" ]] || continue
  n=$((n + 1))
  work=$(mktemp -d)
  export NSESIM_DATA_DIR=$work/data
  timeout 300 "$nsesim" run --extension "$corpus/$folder" --payload "$payload" --deadline 5 --store "$work/store" \
    --format json "${extra[@]}" >"$work/ext.out" 2>"$work/ext.err"
  ext=$(summary "$work/ext.out" "$work/ext.err" $?)
  if [[ "$project" == "-" ]]; then
    proj="n/a"
  else
    root=$corpus/${folder%%/*}
    timeout 300 "$nsesim" run --project "$root/$project" --target "$(basename "$folder")" --payload "$payload" --deadline 5 \
      --store "$work/store2" --format json "${extra[@]}" >"$work/proj.out" 2>"$work/proj.err"
    proj=$(summary "$work/proj.out" "$work/proj.err" $?)
  fi
  printf '%s|%s|%s|%s|%s\n' "$n" "$repo" "$folder" "$ext" "$proj"
  rm -rf "$work"
done <"$corpus/targets.txt"
