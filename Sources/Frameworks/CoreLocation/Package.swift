// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("UserNotifications", "../UserNotifications"),
    ("NSESimCenter", "../../Runtime/NSESimCenter"),
]

/// Apple's CoreLocation, what local notifications use of it: `CLLocationCoordinate2D`,
/// `CLCircularRegion` with `notifyOnEntry` / `notifyOnExit`, and UserNotifications'
/// `UNLocationNotificationTrigger` (here, so UserNotifications does not link this library
/// for every extension); `nsesim center move LAT,LON` fires its requests.
let package = Package(
    name: "CoreLocation",
    products: [.library(name: "CoreLocation", type: .dynamic, targets: ["CoreLocation"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "CoreLocation",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
