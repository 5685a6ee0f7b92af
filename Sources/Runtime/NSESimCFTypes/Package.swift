// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// The CoreFoundation type names Apple's C-style APIs use (`CFString`, `CFDictionary`,
/// `CFTypeRef`, `CFData`), as Foundation types: Linux's Foundation has no such names. One
/// place, re-exported by every stand-in that needs them (MobileCoreServices, Security), so an
/// extension importing several sees each name once.
let package = Package(
    name: "NSESimCFTypes",
    products: [.library(name: "NSESimCFTypes", type: .dynamic, targets: ["NSESimCFTypes"])],
    targets: [
        .target(
            name: "NSESimCFTypes",
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
