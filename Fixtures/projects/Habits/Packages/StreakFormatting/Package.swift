// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "StreakFormatting",
    platforms: [.iOS(.v16)],
    products: [.library(name: "StreakFormatting", targets: ["StreakFormatting"])],
    targets: [.target(name: "StreakFormatting")]
)
