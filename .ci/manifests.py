#!/usr/bin/env python3
"""The extension-side packages' manifests, from one table.

Every module an extension process loads (Sources/Runtime, Sources/Frameworks, Sources/SDKs)
is a small package of its own, so that SwiftPM links it into each process once
(docs/ARCHITECTURE.md). Their manifests differ only in a few facts: the module's name, what
it depends on, its C targets. Those facts live in Sources/modules.json; this script writes
each Sources/FOLDER/Package.swift from them.

  python3 .ci/manifests.py           write every manifest (`make manifests`)
  python3 .ci/manifests.py --check   exit 1, naming the files, when a manifest is not what
                                     the table gives, or the root Package.swift names a
                                     package the table lacks (a test runs this)
"""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "Sources", "modules.json")
SETTINGS = '.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")'
NO_DYNAMIC_ISOLATION = '.unsafeFlags(["-Xfrontend", "-disable-dynamic-actor-isolation"])'
VIEWS_COMMENT = [
    "UIKit's views are main-actor isolated as on iOS (`@preconcurrency @MainActor`), and, as iOS's",
    "Objective-C UIKit, they do not trap when Swift 5 code uses them off the main actor: no",
    "dynamic isolation checks in their closures.",
]
NO_AUTOLINK = '.unsafeFlags(["-Xfrontend", "-disable-autolink-library", "-Xfrontend", "FoundationNetworking"])'


def load():
    with open(TABLE, encoding="utf-8") as handle:
        rows = json.load(handle)
    return rows, {row["module"]: row for row in rows}


def render(row, modules):
    """The manifest of one package."""
    module = row["module"]
    package = row.get("package", module)
    folder = row["folder"]
    lines = ["// swift-tools-version:6.0",
             "// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.",
             "import PackageDescription", ""]
    lines += ["///" + (" " + text if text else "") for text in row.get("summary", [])]
    lines += ["let package = Package(",
              f'    name: "{package}",',
              f'    products: [.library(name: "{module}", type: .dynamic, targets: ["{module}"])],']
    locals_ = row.get("dependsOn", [])
    external = row.get("external", [])
    notes = row.get("notes", {})
    # nsesim's own packages are named once, in `local`: each product with its package's folder
    # (the folder's last component is the package's identity), used for both lists below.
    if locals_:
        local = ["/// nsesim's packages this one depends on: each product and its package's folder.",
                 "let local: [(product: String, path: String)] = ["]
        for name in locals_:
            if name not in modules:
                raise SystemExit(f"Sources/modules.json: {module} depends on {name}, which has no row")
            path = os.path.relpath(os.path.join("Sources", modules[name]["folder"]), os.path.join("Sources", folder))
            if name in notes:
                local.append(f"    // {notes[name]}")
            local.append(f'    ("{name}", "{path}"),')
        lines[4:4] = local + ["]", ""]
    packages = [f'.package(url: "{item["url"]}", from: "{item["from"]}")' for item in external]
    if locals_ and packages:
        lines.append("    dependencies: local.map { .package(path: $0.path) } + [" + ", ".join(packages) + "],")
    elif locals_:
        lines.append("    dependencies: local.map { .package(path: $0.path) },")
    elif packages:
        lines.append("    dependencies: [" + ", ".join(packages) + "],")
    lines.append("    targets: [")
    c_targets = row.get("cTargets", [])
    for target in c_targets:
        lines += ["        // " + text for text in target.get("comment", [])]
        lines.append(f"        {target['declaration']},")
    fixed = [f'"{t["name"]}"' for t in c_targets if t.get("usedByModule")]
    for item in external:
        identity = item["url"].rstrip("/").split("/")[-1]
        fixed += [f'.product(name: "{p}", package: "{identity}")' for p in item["products"]]
    mapped = '.product(name: $0.product, package: String($0.path.split(separator: "/").last!))'
    lines += ["        .target(", f'            name: "{module}",']
    if locals_ and fixed:
        lines.append(f"            dependencies: [{', '.join(fixed)}] + local.map {{ {mapped} }},")
    elif locals_:
        lines.append(f"            dependencies: local.map {{ {mapped} }},")
    elif fixed:
        lines.append(f"            dependencies: [{', '.join(fixed)}],")
    lines.append('            path: ".",')
    excluded = ["Package.swift"] + [t["name"] for t in c_targets]
    lines.append("            exclude: [" + ", ".join(f'"{e}"' for e in excluded) + "],")
    flags = []
    if row.get("noAutolinkFoundationNetworking"):
        flags += ["                // " + text for text in row.get("flagsComment", [])]
        flags += [f"                {NO_AUTOLINK},"]
    if row.get("viewsOffMainActor"):
        flags += ["                // " + text for text in VIEWS_COMMENT] + [f"                {NO_DYNAMIC_ISOLATION},"]
    if flags:
        lines += ["            swiftSettings: [", f"                {SETTINGS},"] + flags + ["            ]"]
    else:
        lines.append(f"            swiftSettings: [{SETTINGS}]")
    lines += ["        ),", "    ]", ")", ""]
    return "\n".join(lines)


def root_packages():
    """The (name, folder) pairs the root Package.swift lists in frameworks, sdks and runtime."""
    with open(os.path.join(ROOT, "Package.swift"), encoding="utf-8") as handle:
        text = handle.read()
    return re.findall(r'\("(\w+)", "Sources/([\w/]+)"\)', text)


def main():
    check = "--check" in sys.argv[1:]
    rows, modules = load()
    problems = []
    for row in rows:
        path = os.path.join(ROOT, "Sources", row["folder"], "Package.swift")
        wanted = render(row, modules)
        current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if current == wanted:
            continue
        if check:
            problems.append(f"Sources/{row['folder']}/Package.swift is not what Sources/modules.json gives")
        else:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(wanted)
            print(f"wrote Sources/{row['folder']}/Package.swift")
    folders = {row["folder"]: row["module"] for row in rows}
    for name, folder in root_packages():
        if folders.get(folder) != name:
            problems.append(f"Package.swift lists {name} in Sources/{folder}, which Sources/modules.json has no row for")
    for found in sorted(os.path.dirname(os.path.relpath(p, os.path.join(ROOT, "Sources")))
                        for p in __import__("glob").glob(os.path.join(ROOT, "Sources", "*", "*", "Package.swift"))):
        if found not in folders:
            problems.append(f"Sources/{found}/Package.swift has no row in Sources/modules.json")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print("fix: edit Sources/modules.json, then run `make manifests` (python3 .ci/manifests.py)", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
