// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "ChatKitLocal",
    products: [.library(name: "ChatKitLocal", targets: ["ChatKitLocal"])],
    targets: [.target(name: "ChatKitLocal")]
)
