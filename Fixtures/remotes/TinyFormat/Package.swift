// swift-tools-version:5.9
// A tiny remote package for the tests: they commit it to a local git repository, tag it,
// and pin it in the Pinned project's Package.resolved (Tests/NSESimCoreExtensionTests/RemotePackageRunTests.swift).
import PackageDescription

let package = Package(
    name: "TinyFormat",
    platforms: [.iOS(.v15), .macOS(.v13)],
    products: [.library(name: "TinyFormat", targets: ["TinyFormat"])],
    targets: [.target(name: "TinyFormat")]
)
