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
#
# With --large first, it measures the large apps instead (large-targets.txt): for each,
# `build --project X.xcodeproj --target T`, then, if it built, `run` with the test payload,
# each under `timeout 600`, and prints
#
#   N|repository|target|build outcome or first error|run outcome
#
# The network is simulated by the caller's git configuration: with GIT_CONFIG_GLOBAL naming a
# file of `url.MIRROR.insteadOf https://github.com/OWNER/NAME` entries (one per fetched
# mirror; see corpus.sh for the mirrors' layout) SwiftPM clones every package from a mirror;
# without it nothing can be fetched. LOGS=DIR keeps each command's output there; ONLY=REGEX
# measures only the repositories it matches.
set -uo pipefail

large=0
[[ "${1:-}" == "--large" ]] && { large=1; shift; }

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

# The large apps: build, then run, with --project and --target.
if [[ $large -eq 1 ]]; then
  n=0
  while IFS='|' read -r repo project target commit; do
    [[ -n "$repo" ]] || continue
    n=$((n + 1))
    [[ -z "${ONLY:-}" || "$repo" =~ $ONLY ]] || continue
    work=$(mktemp -d)
    export NSESIM_DATA_DIR=$work/data
    timeout 600 "$nsesim" build --project "$corpus/$project" --target "$target" "${extra[@]}" \
      >"$work/build.out" 2>"$work/build.err" </dev/null
    status=$?
    if [[ $status -eq 0 ]]; then
      built="✓ built"
      timeout 600 "$nsesim" run --project "$corpus/$project" --target "$target" --payload "$payload" --deadline 5 \
        --store "$work/store" --format json "${extra[@]}" >"$work/run.out" 2>"$work/run.err" </dev/null
      ran=$(summary "$work/run.out" "$work/run.err" $?)
    else
      built=$(summary "$work/build.out" "$work/build.err" $status)
      ran="-"
    fi
    printf '%s|%s|%s|%s|%s\n' "$n" "$repo" "$target" "$built" "$ran"
    if [[ -n "${LOGS:-}" ]]; then
      mkdir -p "$LOGS" && for f in "$work"/*.out "$work"/*.err; do cp "$f" "$LOGS/${repo/\//+}.$(basename "$f")"; done
    fi
    rm -rf "$work"
  done <"$corpus/large-targets.txt"
  exit 0
fi

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
