// swift-tools-version:6.0
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
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
