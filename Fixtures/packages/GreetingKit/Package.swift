// swift-tools-version:5.9
import PackageDescription

// A local package an extension imports with `nsesim run --package Fixtures/packages/GreetingKit`:
// a Swift target over a C target, and an executable that must not be linked.
let package = Package(
    name: "GreetingKit",
    products: [
        .library(name: "GreetingKit", targets: ["GreetingKit"]),
        .executable(name: "greet", targets: ["greet"]),
    ],
    targets: [
        .target(name: "CGreeting"),
        .target(name: "GreetingKit", dependencies: ["CGreeting"]),
        .executableTarget(name: "greet", dependencies: ["GreetingKit"]),
    ]
)
