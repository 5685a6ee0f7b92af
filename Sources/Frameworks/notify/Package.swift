// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
]

/// Apple's notify (Darwin notifications, `notify.h`) for extensions: `notify_post`, `notify_register_dispatch`,
/// `notify_register_check`, `notify_check`, `notify_cancel`, `notify_is_valid_token`, `notify_get_state` /
/// `notify_set_state`, delivered between the processes of this machine (a file per name, watched with
/// inotify); each post, registration and delivery is reported.
///
/// The module is built as `NSESimNotify`, and extension builds import it as `notify`
/// (`-module-alias notify=NSESimNotify`): a library named `notify` would be `libnotify.so`, the name of
/// the desktop's notification library.
let package = Package(
    name: "notify",
    products: [.library(name: "NSESimNotify", type: .dynamic, targets: ["NSESimNotify"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "NSESimNotify",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
