// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("UserNotifications", "../UserNotifications"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("NSESimSQLite", "../../Runtime/NSESimSQLite"),
    ("NSESimDataModel", "../../Runtime/NSESimDataModel"),
]

/// Apple's Core Data, what an app and its notification service extension do with a store they
/// share in the app group: `NSPersistentContainer` with the project's `.xcdatamodeld` model,
/// contexts, fetch requests with the `NSPredicate` formats apps write, sort descriptors, saves,
/// on SQLite (NSESimSQLite: WAL, one transaction per save), so that the same store file is read
/// and written by both. Each load, fetch and save is reported.
let package = Package(
    name: "CoreData",
    products: [.library(name: "CoreData", type: .dynamic, targets: ["CoreData"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "CoreData",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
                // UserNotifications re-exports FoundationNetworking, which CoreData does not use:
                // an extension importing CoreData should not load libcurl and its thirty libraries.
                .unsafeFlags(["-Xfrontend", "-disable-autolink-library", "-Xfrontend", "FoundationNetworking"]),
            ]
        ),
    ]
)
