// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// NSESimSQLite: a thin Swift layer over the system's SQLite (Debian's libsqlite3): a
/// connection opened in WAL mode with a busy timeout, prepared statements, values, one
/// transaction at a time, typed errors; libsqlite3 loaded on the first open. CoreData's stores
/// use it, and so do the app's notification center and keychain (one database per app).
let package = Package(
    name: "NSESimSQLite",
    products: [.library(name: "NSESimSQLite", type: .dynamic, targets: ["NSESimSQLite"])],
    targets: [
        // sqlite3.h only (the apt provider says where it comes from); the library is loaded
        // at run time by CSQLiteShim, on the first open, never linked.
        .systemLibrary(name: "CSQLite", path: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "CSQLiteShim", dependencies: ["CSQLite"], path: "CSQLiteShim", linkerSettings: [.linkedLibrary("dl")]),
        .target(
            name: "NSESimSQLite",
            dependencies: ["CSQLite", "CSQLiteShim"],
            path: ".",
            exclude: ["Package.swift", "CSQLite", "CSQLiteShim"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
