#!/bin/bash
# Lays out a folder of CocoaPods specs for `nsesim --pod-specs DIR` from the pods' own
# repositories, as CocoaPods' CDN lays its specs out (docs/COMPATIBILITY.md, "Large apps"):
#
#   DEST/Specs/X/Y/Z/NAME/VERSION/NAME.podspec.json   (X/Y/Z: the first three hex digits of md5(NAME))
#
#   bash Fixtures/tools/pod-specs.sh [DEST] [LIST]      (DEST defaults to .build/pod-specs, which git ignores)
#
# LIST has one pod a line, `NAME VERSION OWNER/REPO` (the versions Podfile.lock records, the
# repository the pod's spec names as its source); the large apps' list below when no LIST file
# is given. Each repository comes from the mirrors corpus.sh reads
# (MIRROR/OWNER+REPO/repo, MIRROR from the environment, .build/mirrors by default). At the tag
# VERSION (or vVERSION) the repository's NAME.podspec.json is copied as it is; a repository
# with a Ruby NAME.podspec only has it copied beside where the JSON would be (nsesim reads a
# Ruby podspec's literal values; CocoaPods' CDN serves what `pod ipc spec` makes of it).
# Nothing is downloaded; a pod whose mirror or tag is not here is skipped with a note.
set -uo pipefail

dest=${1:-.build/pod-specs}
mirror=${MIRROR:-.build/mirrors}

# The pods the large apps' service extensions use (Podfile.lock of each, at the corpus commit).
default_list='
AFNetworking 3.2.0 AFNetworking/AFNetworking
AFNetworking 4.0.1 AFNetworking/AFNetworking
GZIP 1.3.2 nicklockwood/GZIP
SwiftyBeaver 1.9.5 SwiftyBeaver/SwiftyBeaver
Down 0.11.0 johnxnguyen/Down
GBDeviceInfo 7.1.0 lmirosevic/GBDeviceInfo
Reusable 4.1.2 AliSoftware/Reusable
KeychainAccess 4.2.2 kishikawakatsumi/KeychainAccess
WeakDictionary 2.0.2 nicholascross/WeakDictionary
zxcvbn-ios 1.0.4 dropbox/zxcvbn-ios
libPhoneNumber-iOS 0.9.15 iziz/libPhoneNumber-iOS
Realm 10.27.0 realm/realm-swift
SwiftGen 6.6.3 SwiftGen/SwiftGen
SwiftFormat 0.54.5 nicklockwood/SwiftFormat
Sentry 8.46.0 getsentry/sentry-cocoa
'
if [[ -n "${2:-}" ]]; then list=$(cat "$2") || exit 1; else list=$default_list; fi

gitdir() {
  local d="$mirror/${1/\//+}/repo"
  if [[ -d "$d/.git" ]]; then echo "$d/.git"; elif [[ -d "$d" ]]; then echo "$d"; else return 1; fi
}

laid=0 skipped=0
while read -r name version repo; do
  [[ -n "${name:-}" && -n "${repo:-}" ]] || continue
  if ! g=$(gitdir "$repo"); then
    echo "skip $name $version: no mirror of $repo under $mirror" >&2
    skipped=$((skipped + 1))
    continue
  fi
  tag=
  for candidate in "$version" "v$version"; do
    git --git-dir="$g" rev-parse -q --verify "refs/tags/$candidate^{commit}" >/dev/null && { tag=$candidate; break; }
  done
  if [[ -z "$tag" ]]; then
    echo "skip $name $version: $repo has no tag $version or v$version" >&2
    skipped=$((skipped + 1))
    continue
  fi
  shard=$(printf '%s' "$name" | md5sum | cut -c1-3 | sed 's/./&\//g; s/\/$//')
  out="$dest/Specs/$shard/$name/$version"
  mkdir -p "$out"
  if git --git-dir="$g" cat-file -e "$tag:$name.podspec.json" 2>/dev/null; then
    git --git-dir="$g" show "$tag:$name.podspec.json" >"$out/$name.podspec.json"
  elif git --git-dir="$g" cat-file -e "$tag:$name.podspec" 2>/dev/null; then
    git --git-dir="$g" show "$tag:$name.podspec" >"$out/$name.podspec"
  else
    echo "skip $name $version: $repo has no $name.podspec(.json) at $tag" >&2
    rmdir -p "$out" 2>/dev/null
    skipped=$((skipped + 1))
    continue
  fi
  laid=$((laid + 1))
done <<<"$list"
echo "pod specs: $laid laid out in $dest, $skipped skipped"
