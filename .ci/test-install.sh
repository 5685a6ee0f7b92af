#!/usr/bin/env bash
# `make test-install`: what a team's CI does with nsesim. A fresh clone of this checkout's HEAD
# is installed with `make install PREFIX=TMP` (a release build), the clone is removed, and the
# installed nsesim is run from another folder, with an empty HOME, on a folder extension that
# imports UIKit (an image downloaded from `--serve`, drawn smaller, attached) and on an Xcode
# project's target (a shared file, a local package, a framework target); then `--version`, the
# man page and completions, and `make uninstall` must leave no file under PREFIX.
# Prints a line per check and "install: N passed, N failed" last; exits 1 when any failed.
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/nsesim-install.XXXXXX")
prefix=$work/prefix
passed=0
failed=0

check() {  # check NAME COMMAND...: runs it, its output in $work/NAME.log
    local name=$1
    shift
    if "$@" > "$work/$name.log" 2>&1; then
        passed=$((passed + 1))
        echo "ok   $name"
    else
        failed=$((failed + 1))
        echo "FAIL $name (exit $?; $work/$name.log):"
        tail -40 "$work/$name.log" | sed 's/^/    /'
    fi
}

# What the runs use, copied out of the checkout first: the extension, the project, a payload, media.
mkdir -p "$work/inputs" "$work/media" "$work/home" "$work/elsewhere"
cp -R "$repo/Plugins-Examples/ImageResize" "$work/inputs/"
cp -R "$repo/Fixtures/projects/ChatApp" "$work/inputs/"
cp "$repo/Fixtures/payloads/image-1mb.json" "$repo/Fixtures/payloads/alert-mutable.json" "$work/inputs/"
cp "$repo/Fixtures/media/photo-1mb.jpg" "$work/media/"

git clone -q "$repo" "$work/clone" || { echo "install: 0 passed, 1 failed"; exit 1; }
started=$(date +%s)
check make-install make -C "$work/clone" install PREFIX="$prefix"
echo "     (make install from a fresh clone: $(($(date +%s) - started)) s)"
rm -rf "$work/clone"

# The installed nsesim, from another folder, with nothing of the checkout's environment.
installed() {
    (cd "$work/elsewhere" && env -u NSESIM_CACHE_DIR -u NSESIM_DATA_DIR -u NSESIM_PRODUCTS_DIR -u XDG_CACHE_HOME \
        -u XDG_DATA_HOME HOME="$work/home" PATH="$prefix/bin:$PATH" nsesim "$@")
}
expect_in() {  # expect_in TEXT COMMAND...: the command succeeds and prints TEXT
    local text=$1
    shift
    local output
    output=$("$@" 2>&1)
    local status=$?
    printf '%s\n' "$output"
    [ $status = 0 ] && grep -qF -- "$text" <<< "$output"
}

check version expect_in "products: $prefix/lib/nsesim" installed --version
check run-uikit-extension expect_in '"outcome" : "modified"' \
    installed run --extension "$work/inputs/ImageResize" --payload "$work/inputs/image-1mb.json" --serve "$work/media" --format json
check run-project-target expect_in '[ChatCore] New message' \
    installed run --project "$work/inputs/ChatApp/ChatApp.xcodeproj" --target NotificationService \
    --payload "$work/inputs/alert-mutable.json"
check cache-in-home test -d "$work/home/.cache/nsesim"
check man-page grep -q 'replay' "$prefix/share/man/man1/nsesim.1"
check completions test -s "$prefix/share/bash-completion/completions/nsesim" -a -s "$prefix/share/zsh/site-functions/_nsesim" \
    -a -s "$prefix/share/fish/vendor_completions.d/nsesim.fish"
check make-uninstall make -C "$repo" uninstall PREFIX="$prefix"
check nothing-left sh -c "left=\$(find '$prefix' -mindepth 1 2>/dev/null); [ -z \"\$left\" ] || { echo \"left behind:\"; echo \"\$left\"; exit 1; }"

[ "$failed" = 0 ] && rm -rf "$work"
echo "install: $passed passed, $failed failed"
[ "$failed" = 0 ]
