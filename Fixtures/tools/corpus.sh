#!/bin/bash
# Lays out the compatibility corpus (docs/COMPATIBILITY.md): real Notification
# Service Extension targets from public iOS repositories, each at a fixed commit.
#
#   bash Fixtures/tools/corpus.sh [DEST]      (DEST defaults to .build/corpus, which git ignores)
#
# The corpus is kept out of git. The repositories come from bare git mirrors laid
# out as MIRROR/OWNER+NAME/repo (a bare git directory, or a clone whose .git is
# there): MIRROR is an environment variable, .build/mirrors by default (git
# ignores it). To lay the mirrors out by hand:
#   git clone --bare https://github.com/OWNER/NAME "$MIRROR/OWNER+NAME/repo"
# (the search tool's `fetch` leaves the same layout). A repository whose mirror
# (or commit) cannot be found here is skipped with a note; nothing is downloaded
# by this script.
#
# Two lists: the small corpus (one extension folder per line, measured with both
# `--extension` and `--project`, targets.txt) and the large apps, whose
# extension compiles app code (shared files, framework targets, local packages)
# and so pulls in the app's dependency graph (measured with `--project` and
# `--target` only, with and without the network simulated, large-targets.txt).
# Each repository is exported with `git archive COMMIT` into DEST/OWNER+NAME/.
# Snapshots lack files of 4 MiB and more; when `git archive` fails on such a
# missing blob, the files that are present are checked out instead.
set -uo pipefail

dest=${1:-.build/corpus}
mirror=${MIRROR:-.build/mirrors}

# owner/name | commit | extension folder | .xcodeproj (or - for none)
corpus='
ANGOmarcello/NotificationServiceDemo|5761ee6d51739da712531f66dfd12cfc37e419b1|NotificationServiceExtension|NotificationServiceDemo.xcodeproj
Aditi3/ios-10-demo|3d685fb9a30cb6b273aee3a710b445b3dc8ffa9d|NotificationService|demo10.xcodeproj
AppBaker/Notifications_Swiftbook|ee59f250077e53571729cf4426a047d2d59bcdcb|NotificationService|Notifications.xcodeproj
Baranets/Notifications|4b65cbdf9921909093051fdae94a9e65bffd3205|NotificationService|Notifications.xcodeproj
BatchLabs/Batch-iOS-SDK-Sample|27212a3d883db33f1eed15e34e3e194f362482a0|NotificationService|Batch Store.xcodeproj
CCIP-App/CCIP-iOS|e427258218cb0f76bd34ea2a47e1a86977bb7b04|OneSignalNotificationServiceExtension|OPass.xcodeproj
CLoutas/PushTester|b8442aa372f3712c97038a23b56415544898f87b|NotificationServiceExtension|SwiftingNotification.xcodeproj
CleverTapOnboarding/iOS-Native|a65f03bd45a716badb99cf6a51c7b782c556cb17|NotificationService|iosexample.xcodeproj
Finb/Bark|abbd3baa342c90b0fa985c5b787b82b446a4628d|NotificationServiceExtension|Bark.xcodeproj
FsThatOne/NotificationExtension|189a136b0fd8726c890b6269ed96909bab1d01e3|NotificationService|NotificationExtension.xcodeproj
HelpAPaw/FriendsInNeed|46321d1eb87e4b6e8fbb4dc7559b0bcba9781cdd|NotificationService|FriendsInNeed.xcodeproj
ImaginativeShohag/Why-Not-SwiftUI|6b54f1ef0281d334ec7e589830f52ee54fd95ef8|NotificationServiceExtension|-
JK0369/ExPushTest|76d0d32c91041bd23679579ba094e4c814d2e2be|NotificationServiceExtension|ExPush.xcodeproj
JoaoCGS/EgoiPushExample|0c9e21578fd8eb549ea8b6d696b2cbe76c95b3bc|NotificationServiceExtension|EgoiPushExample.xcodeproj
Mattews92/InteractiveNotifications|b2fb5a5fee5391159e3a2b71b6ee788639cb26cb|InteractiveNotification/Notification/NotificationService|InteractiveNotification.xcodeproj
Notificare/notificare-go-ios|687229be71576a67c6e6db5b57cc854ce2d944b7|NotificationService|Notificare Go.xcodeproj
Notifire/iOS|c90db4b9ea88b79ecdfd7345cff64f665b311731|NotificationServiceExtension|Notifire.xcodeproj
PB-1996/RichNotifications|e2ea7af2807bc5b8e4eb3d614d0df85e9a445a88|NotificationServiceExtension|RichNotifications.xcodeproj
PankajGondaliyaIOS/Rich_Push_Notification|53e0bb90aaef8b39526015c0a2185d2e57e04c45|NotificationService|Rich_Pushnotification.xcodeproj
Pushwoosh/pushwoosh-ios-sample|7aaefa645bc1ecb98a41d491a70c01987771b722|NotificationService|PushwooshSampleApp.xcodeproj
RameshwarGuptaCleverTap/RichPush-SPM|cb461a3555ca7a1f23f97f5aec934e6b2b7dbdff|NotificationService|CTPUSH.xcodeproj
Revisor01/ntfy-plus-ios|30039fa7c2aac54c92c553bdd7573c2280501540|NotificationServiceExtension|ntfy-ios.xcodeproj
SlaunchaMan/Turducken|8e321d4e36199165c9b49b323a1b0bb5e23ee7e0|MyNotificationService|Turducken.xcodeproj
SlaunchaMan/Turducken|8e321d4e36199165c9b49b323a1b0bb5e23ee7e0|MyMacNotificationService|Turducken.xcodeproj
TLSwiftDemo/Notification10Demo|31dacd7d5e41832ce863803ff1f09e80fc1c1407|NotificationService|Notification10Demo.xcodeproj
TheinHtikeAung/UserNotifications|d78ed613b3b44d58402f135cb2229caef19c5e00|NotificationService|NotificationDemo.xcodeproj
anddygon/iOS10Push|c7de62074060455ecdd497fbeef554eb6fac09fa|NotificationServiceExtension|iOS10Push.xcodeproj
dombartenope/iosdeeplinking|a1ec2c80d51a6f6a5811d21bc3161f4ce63d50e8|OneSignalNotificationServiceExtension|pushtostart.xcodeproj
96bit/AlarmPaw|6b19726160e8707143de051345ee45dd1a23b949|NotificationServiceExtension|AlarmPaw.xcodeproj
Moskacz/BeaconNotifications|0f85fdda2ae2d4994d36912d42383ffc602df986|NotificationServiceExtension|BeaconNotifications.xcodeproj
barclayd/keepfresh-ios|194c661dafe8756dda2a03b0f16e68aec78d720e|NotificationServiceExtension|KeepFresh.xcodeproj
'

# The large apps (docs/COMPATIBILITY.md, "Large apps").
# owner/name | commit | extension target | .xcodeproj (relative to the repository)
large='
openhab/openhab-ios|eb34c7f5d031ab81ed2c1558a39a3aff5887fd76|NotificationService|openHAB.xcodeproj
Dimillian/IceCubesApp|0fc41d2ced2e3e735bd9c42d5ae6dea16e63d618|IceCubesNotifications|IceCubesApp.xcodeproj
binwiederhier/ntfy-ios|96e659caf4b14405e201db6f5e4b2c6947c81643|ntfyNSE|ntfy.xcodeproj
KNUTICE/KNUTICE-iOS|ff89f102c4c95e195d19143313904e74a71b3e31|NotificationService|KNUTICE.xcodeproj
tigase/siskin-im|d77818f97597e0ea12c4004b91851776ab71e3b1|NotificationService|SiskinIM.xcodeproj
mastodon/mastodon-ios|a9e088a9c7b88720fed5eefdd2dc1606b5f21dc8|NotificationService|Mastodon.xcodeproj
damus-io/damus|9d287c7cc7f6835b5d7b57a7bea348cc385dee9a|DamusNotificationService|damus.xcodeproj
home-assistant/iOS|d722d7811aec72397d05837477c5f146943b6248|Extensions-NotificationService|HomeAssistant.xcodeproj
threema-ch/threema-ios|a92bb3b9d06b31de67f6b054725bb6b1253f006c|Threema NotificationExtension|Threema.xcodeproj
ACINQ/phoenix|13c8ddb6e5f0319184e729359f867aa66c675840|phoenix-notifySrvExt|phoenix-ios/phoenix-ios.xcodeproj
deltachat/deltachat-ios|7332bcad3944f0d31533e6dba950dd0613c98828|DcNotificationService|deltachat-ios.xcodeproj
element-hq/element-ios|917adc8e1d28ecc116110ac71c4a6d9d2f144714|RiotNSE|project.yml
nextcloud/talk-ios|2d31eda5e2acbf3cef27aa289376942bdf0de25d|NotificationServiceExtension|NextcloudTalk.xcodeproj
'

# The git directory of a fetched mirror (fetch leaves either repo/ bare or repo/.git).
gitdir() {
  local d="$mirror/${1/\//+}/repo"
  if [[ -d "$d/.git" ]]; then echo "$d/.git"; elif [[ -d "$d" ]]; then echo "$d"; else return 1; fi
}

mkdir -p "$dest" || exit 1
laid=0 skipped=0 done_repos=' '
while IFS='|' read -r repo commit ext project; do
  [[ -n "$repo" ]] || continue
  [[ "$done_repos" == *" $repo "* ]] && continue # a repository listed twice (two targets)
  done_repos+="$repo "
  if ! g=$(gitdir "$repo") || ! git --git-dir="$g" cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "skip $repo: no mirror with $commit under $mirror" >&2
    skipped=$((skipped + 1))
    continue
  fi
  out="$dest/${repo/\//+}"
  rm -rf "$out" && mkdir -p "$out"
  if ! git --git-dir="$g" archive "$commit" 2>/dev/null | tar -x -C "$out" 2>/dev/null; then
    # Some blob is absent from the snapshot: check out the files that are present.
    rm -rf "$out" && mkdir -p "$out"
    idx=$(mktemp)
    GIT_INDEX_FILE="$idx" git --git-dir="$g" read-tree "$commit"
    git --git-dir="$g" ls-tree -r -z "$commit" |
      while IFS= read -r -d '' line; do
        meta=${line%%$'\t'*} path=${line#*$'\t'}
        set -- $meta
        [[ "$2" == commit ]] && continue # submodule
        git --git-dir="$g" cat-file -e "$3" 2>/dev/null && printf '%s\0' "$path"
      done |
      GIT_INDEX_FILE="$idx" git --git-dir="$g" --work-tree="$out" checkout-index -z --stdin -f
    rm -f "$idx"
    echo "note $repo: some large files are absent from the snapshot" >&2
  fi
  # Submodules (as `git submodule update --init` would bring them): each one whose
  # repository has a mirror here is exported at the commit the tree records.
  git --git-dir="$g" show "$commit:.gitmodules" 2>/dev/null |
    sed -n 's/^[[:space:]]*path = //p' | while read -r sub; do
      sha=$(git --git-dir="$g" ls-tree "$commit" -- "$sub" | awk '$2 == "commit" { print $3 }')
      url=$(git --git-dir="$g" show "$commit:.gitmodules" | git config --file - --get "submodule.$sub.url")
      slug=$(sed -E 's#^(git@github\.com:|https://github\.com/)##; s#\.git$##' <<<"$url")
      [[ -n "$sha" && "$slug" == */* ]] || continue
      if sg=$(gitdir "$slug") && git --git-dir="$sg" cat-file -e "$sha^{commit}" 2>/dev/null; then
        mkdir -p "$out/$sub" && git --git-dir="$sg" archive "$sha" | tar -x -C "$out/$sub"
      else
        echo "note $repo: submodule $sub ($url at $sha) has no mirror here" >&2
      fi
    done
  laid=$((laid + 1))
done <<<"$corpus$large"

# The target list (repository, extension folder, project), for the runs.
grep -v '^$' <<<"$corpus" | while IFS='|' read -r repo commit ext project; do
  [[ -d "$dest/${repo/\//+}" ]] && printf '%s|%s|%s|%s\n' "$repo" "${repo/\//+}/$ext" "$project" "$commit"
done >"$dest/targets.txt"
# The large apps' list (repository, project, target, commit): what to give `nsesim build --project`.
grep -v '^$' <<<"$large" | while IFS='|' read -r repo commit target project; do
  [[ -d "$dest/${repo/\//+}" ]] && printf '%s|%s|%s|%s\n' "$repo" "${repo/\//+}/$project" "$target" "$commit"
done >"$dest/large-targets.txt"
echo "corpus: $laid repositories laid out in $dest, $skipped skipped; targets in $dest/targets.txt and $dest/large-targets.txt"
