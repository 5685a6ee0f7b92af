// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Apple's Intents, what communication notifications use: `INPerson`, `INImage`,
/// `INSendMessageIntent`, `INStartCallIntent`, `INInteraction`. An intent given to
/// `content.updating(from:)` makes the content a communication notification, which the
/// report shows (sender, avatar, group).
let package = Package(
    name: "Intents",
    products: [.library(name: "Intents", type: .dynamic, targets: ["Intents"])],
    dependencies: [
        .package(path: "../UserNotifications"),
        .package(path: "../../Runtime/NSESimRuntime"),
    ],
    targets: [
        .target(
            name: "Intents",
            dependencies: [
                .product(name: "UserNotifications", package: "UserNotifications"),
                .product(name: "NSESimRuntime", package: "NSESimRuntime"),
            ],
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
