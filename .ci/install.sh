#!/usr/bin/env bash
# `make install` and `make uninstall`: nsesim's build products laid out under a prefix, found
# relative to the installed executable, so that the build tree can be deleted afterwards.
#
#   bash .ci/install.sh install PRODUCTS ROOT PREFIX   (ROOT = DESTDIR + PREFIX)
#   bash .ci/install.sh uninstall ROOT
#
# The layout (docs/install.md):
#   PREFIX/bin/nsesim                      a relative link to ../lib/nsesim/nsesim
#   PREFIX/lib/nsesim/                     the products folder nsesim finds beside its resolved path:
#       nsesim, nsesim-extension-host, nsesim-apns, lib*.so, Modules/, NAME.build/module.modulemap
#       with its headers under NAME.build/include/ (the map names them relatively), the resource
#       bundles, nsesim-version, install-manifest
#   PREFIX/share/man/man1/nsesim.1, share/bash-completion/completions/nsesim,
#   share/zsh/site-functions/_nsesim, share/fish/vendor_completions.d/nsesim.fish
# Every file and folder install writes is listed in lib/nsesim/install-manifest; uninstall
# removes exactly those (folders only when empty, so nothing else under PREFIX goes).
set -euo pipefail

die() { echo "install.sh: $*" >&2; exit 1; }

install_products() {
    local products=$1 root=$2 prefix=$3
    [ -x "$products/nsesim" ] || die "$products/nsesim is missing: build first (swift build -c release)"
    [ -x "$products/nsesim-apns" ] || die "$products/nsesim-apns is missing: build first (swift build -c release)"
    local lib=$root/lib/nsesim manifest
    # An earlier installation here is removed first, so the new manifest lists every folder too.
    [ -f "$lib/install-manifest" ] && uninstall_products "$root"
    manifest=$(mktemp)
    # Folders first (uninstall removes them last, deepest first, when empty).
    record_dir() { [ -d "$1" ] || { mkdir -p "$1"; echo "d ${1#"$root"}" >> "$manifest"; }; }
    record_dir "$root"; record_dir "$root"/bin; record_dir "$root"/lib; record_dir "$lib"
    copy() {  # copy SRC DEST (a file), recorded
        install -m "$3" "$1" "$2"
        echo "f ${2#"$root"/}" >> "$manifest"
    }
    for exe in nsesim nsesim-extension-host nsesim-apns; do copy "$products/$exe" "$lib/$exe" 755; done
    for so in "$products"/*.so; do copy "$so" "$lib/$(basename "$so")" 644; done
    # Swift modules: what extension builds import (-I lib/nsesim/Modules).
    record_dir "$lib/Modules"
    find "$products/Modules" -maxdepth 1 -type f \( -name '*.swiftmodule' -o -name '*.swiftdoc' \) -print0 |
        while IFS= read -r -d '' file; do copy "$file" "$lib/Modules/$(basename "$file")" 644; done
    # C targets' module maps: SwiftPM's name their headers by absolute path in the source tree;
    # the installed map names a copy of that folder relatively (module maps resolve relative
    # paths against their own folder), so the layout can move.
    for map in "$products"/*.build/module.modulemap; do
        [ -f "$map" ] || continue
        local name dest text header
        name=$(basename "$(dirname "$map")")
        dest=$lib/$name
        record_dir "$dest"
        text=$(cat "$map")
        header=$(sed -n 's/.*header "\(\/[^"]*\)".*/\1/p' "$map" | head -1)
        if [ -n "$header" ]; then
            local include
            include=$(dirname "$header")
            record_dir "$dest/include"
            while IFS= read -r -d '' file; do
                local relative=${file#"$include"/}
                record_dir "$(dirname "$dest/include/$relative")"
                copy "$file" "$dest/include/$relative" 644
            done < <(find "$include" -type f -name '*.h' -print0)
            text=${text//"$include"/include}
        fi
        printf '%s\n' "$text" > "$dest/module.modulemap"
        echo "f ${dest#"$root"/}/module.modulemap" >> "$manifest"
    done
    # Resource bundles (the network profiles).
    for bundle in "$products"/*.resources; do
        [ -d "$bundle" ] || continue
        record_dir "$lib/$(basename "$bundle")"
        for file in "$bundle"/*; do copy "$file" "$lib/$(basename "$bundle")/$(basename "$file")" 644; done
    done
    # The version --version prints: the checkout's tag or commit.
    local version
    version=$(git describe --tags --always --dirty 2>/dev/null || echo unknown)
    echo "$version" > "$lib/nsesim-version"; echo "f lib/nsesim/nsesim-version" >> "$manifest"
    ln -sfn ../lib/nsesim/nsesim "$root/bin/nsesim"; echo "f bin/nsesim" >> "$manifest"
    # The man page and completions, when `make man-completions` made them.
    local share=.build/share part
    for part in man/man1/nsesim.1 bash-completion/completions/nsesim zsh/site-functions/_nsesim fish/vendor_completions.d/nsesim.fish; do
        [ -f "$share/$part" ] || die "$share/$part is missing: run make man-completions first"
        local folder=$root/share
        record_dir "$folder"
        local step
        IFS=/ read -r -a steps <<< "$(dirname "$part")"
        for step in "${steps[@]}"; do folder=$folder/$step; record_dir "$folder"; done
        copy "$share/$part" "$root/share/$part" 644
    done
    echo "f lib/nsesim/install-manifest" >> "$manifest"
    install -m 644 "$manifest" "$lib/install-manifest"
    rm -f "$manifest"
    local files
    files=$(grep -c '^f ' "$lib/install-manifest")
    echo "nsesim installed in $prefix ($files files, $(du -sh "$lib" | cut -f1)): $prefix/bin/nsesim"
}

uninstall_products() {
    local root=$1 manifest=$1/lib/nsesim/install-manifest
    [ -f "$manifest" ] || die "$manifest is missing: nothing of nsesim's is installed in $root (or it was installed by hand)"
    local kind path removed=0
    # Files first, then folders deepest first, each only if empty.
    local list
    list=$(cat "$manifest")
    while read -r kind path; do
        [ "$kind" = f ] || continue
        if [ -e "$root/$path" ] || [ -L "$root/$path" ]; then rm -f "$root/$path"; removed=$((removed + 1)); fi
    done <<< "$list"
    while read -r kind path; do
        [ "$kind" = d ] || continue
        rmdir "$root/$path" 2>/dev/null || true
    done < <(printf '%s\n' "$list" | grep '^d ' | awk '{ print length($0) " " $0 }' | sort -rn | cut -d' ' -f2-)
    echo "nsesim uninstalled from $root ($removed files removed)"
}

case "${1:-}" in
    install) [ $# = 4 ] || die "usage: install.sh install PRODUCTS ROOT PREFIX"; install_products "$2" "$3" "$4" ;;
    uninstall) [ $# = 2 ] || die "usage: install.sh uninstall ROOT"; uninstall_products "$2" ;;
    *) die "usage: install.sh install PRODUCTS ROOT PREFIX | uninstall ROOT" ;;
esac
