// swift-tools-version:5.9
import PackageDescription

// An image library written the way Kingfisher is (our own code, in its style): an extension
// imports it with `nsesim run --package Fixtures/packages/AvatarKit`. It uses what nsesim's
// build copy has to provide for such libraries: associated objects, `os(iOS)` code, an
// `@objc` extension method overridden in a subclass, selectors, Darwin's Foundation names,
// a session delegate answering server trust, and UIKit drawing.
let package = Package(
    name: "AvatarKit",
    platforms: [.iOS(.v15)],
    products: [.library(name: "AvatarKit", targets: ["AvatarKit"])],
    targets: [.target(name: "AvatarKit")]
)
