// swift-tools-version:5.9
// A remote package for the tests that imports Apple's frameworks, as iOS packages do: nsesim
// builds it against its own UIKit and UserNotifications. The tests commit it to a local git
// repository and pin it as the Pinned project's TinyFormat (RemotePackageRunTests.swift).
import PackageDescription

let package = Package(
    name: "TinyFormat",
    platforms: [.iOS(.v15)],
    products: [.library(name: "TinyFormat", targets: ["TinyFormat"])],
    targets: [.target(name: "TinyFormat")]
)
