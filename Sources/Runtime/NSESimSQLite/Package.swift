// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// NSESimSQLite: a thin Swift layer over the system's SQLite (Debian's libsqlite3): a
/// connection opened in WAL mode with a busy timeout, prepared statements, values, one
/// transaction at a time, typed errors. CoreData's stores use it; it is general, so that other
/// state kept per app (the notification center) can move onto it.
let package = Package(
    name: "NSESimSQLite",
    products: [.library(name: "NSESimSQLite", type: .dynamic, targets: ["NSESimSQLite"])],
    targets: [
        // sqlite3.h and the library (`link "sqlite3"` in the module map).
        .systemLibrary(name: "CSQLite", path: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(
            name: "NSESimSQLite",
            dependencies: [
                "CSQLite",
            ],
            path: ".",
            exclude: ["Package.swift", "CSQLite"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
