// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Apple's CoreLocation, what local notifications use of it: `CLLocationCoordinate2D`,
/// `CLCircularRegion` with `notifyOnEntry` / `notifyOnExit`, and UserNotifications'
/// `UNLocationNotificationTrigger` (here, so UserNotifications does not link this library
/// for every extension); `nsesim center move LAT,LON` fires its requests.
let package = Package(
    name: "CoreLocation",
    products: [.library(name: "CoreLocation", type: .dynamic, targets: ["CoreLocation"])],
    dependencies: [
        .package(path: "../UserNotifications"),
        .package(path: "../../Runtime/NSESimCenter"),
    ],
    targets: [
        .target(
            name: "CoreLocation",
            dependencies: [
                .product(name: "UserNotifications", package: "UserNotifications"),
                .product(name: "NSESimCenter", package: "NSESimCenter"),
            ],
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
