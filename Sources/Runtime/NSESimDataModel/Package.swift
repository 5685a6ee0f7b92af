// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// NSESimDataModel: Xcode's Core Data model files (`Name.xcdatamodeld`, the XML `contents` of
/// each `.xcdatamodel` version, `.xccurrentversion`) read as values, and the model folder
/// (`Name.momd`) the extension build puts into the bundle. Both sides use it: nsesim's build
/// (the bundle, the classes Xcode's codegen would generate) and CoreData in the extension.
let package = Package(
    name: "NSESimDataModel",
    products: [.library(name: "NSESimDataModel", type: .dynamic, targets: ["NSESimDataModel"])],
    targets: [
        .target(
            name: "NSESimDataModel",
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
