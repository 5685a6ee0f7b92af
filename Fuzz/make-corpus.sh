#!/bin/sh
# Writes the fuzz seed corpus into DIR (default .build-fuzz/corpus/seeds): every payload
# fixture (Fixtures/payloads, its malformed folder), the saved crash inputs
# (Fixtures/fuzz/regressions) and the inline payload of every replay
# case (Fixtures/cases), so that nothing is committed twice.
set -eu
dir=${1:-.build-fuzz/corpus/seeds}
rm -rf "$dir"
mkdir -p "$dir"
for f in Fixtures/payloads/*.json Fixtures/payloads/*.apns Fixtures/payloads/malformed/* Fixtures/fuzz/regressions/*; do
  [ -f "$f" ] || continue
  name=$(printf '%s' "$f" | sed 's#^Fixtures/payloads/##; s#^Fixtures/fuzz/#fuzz-#; s#/#-#g')
  cp "$f" "$dir/$name"
done
python3 - "$dir" <<'PY'
import json, os, sys
out = sys.argv[1]
count = 0
for root, _, files in os.walk("Fixtures/cases"):
    for name in files:
        if not name.endswith(".json"):
            continue
        path = os.path.join(root, name)
        try:
            with open(path, encoding="utf-8") as f:
                case = json.load(f)
        except (OSError, ValueError):
            continue
        payload = case.get("payload") if isinstance(case, dict) else None
        if isinstance(payload, (dict, list)):
            target = os.path.join(out, "case-" + os.path.relpath(path, "Fixtures/cases").replace(os.sep, "-"))
            with open(target, "w", encoding="utf-8") as f:
                json.dump(payload, f, ensure_ascii=False)
            count += 1
PY
echo "seed corpus: $(ls "$dir" | wc -l) files in $dir"
