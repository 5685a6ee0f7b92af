#!/usr/bin/env bash
# The sample bench report in docs/: the ImageAttachment example (URLSession) on a small
# image and a 1 MB photo under WiFi, 3G and Edge with iOS's 30 s deadline, rendered to PNG
# by headless Chromium. Usage: Benchmarks/bench-report.sh [NSESIM] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
nsesim=${1:-.build/release/nsesim}
runs=${2:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$nsesim" bench --extension Plugins-Examples/ImageAttachment \
  --payload Fixtures/payloads/image-url.json Fixtures/payloads/image-1mb.json \
  --serve Fixtures/media --network WiFi --network 3G --network Edge \
  --runs "$runs" --report docs/bench-report.html --fail-if 'p99 > 20s' | tee docs/bench-report.txt || true

chromium=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$chromium" ]; then
  echo "no chromium on PATH: docs/bench-report.png not updated (make test installs Debian's chromium)" >&2
  exit 0
fi
timeout 180 "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
  --user-data-dir="$work/profile" --window-size=1000,3000 --screenshot="$work/report.png" \
  "file://$PWD/docs/bench-report.html" 2> "$work/chromium.log" || { cat "$work/chromium.log" >&2; exit 1; }
cp "$work/report.png" docs/bench-report.png
echo "docs/bench-report.html, docs/bench-report.png"
