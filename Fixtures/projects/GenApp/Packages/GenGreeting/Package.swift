// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "GenGreeting",
    products: [.library(name: "GenGreeting", targets: ["GenGreeting"])],
    targets: [.target(name: "GenGreeting")]
)
