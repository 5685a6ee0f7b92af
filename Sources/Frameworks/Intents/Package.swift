// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("UserNotifications", "../UserNotifications"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
]

/// Apple's Intents, what communication notifications use: `INPerson`, `INImage`,
/// `INSendMessageIntent`, `INStartCallIntent`, `INInteraction`. An intent given to
/// `content.updating(from:)` makes the content a communication notification, which the
/// report shows (sender, avatar, group).
let package = Package(
    name: "Intents",
    products: [.library(name: "Intents", type: .dynamic, targets: ["Intents"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "Intents",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
