import Foundation
import NSESimBuild
import NSESimCore
import NSESimPayload

/// What both scaling measurements need: the repository, a toolchain with a build cache of
/// its own (removed at the end), and the payload every notification starts from.
struct ScalingSetup: Sendable {
    let root: URL
    let toolchain: ExtensionToolchain
    let builder: ExtensionBuilder
    let work: URL
    /// Fixtures/payloads/alert-mutable.json as it is on disk.
    let alertPayload: Data

    init() throws {
        root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-bench-scaling-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let base = try ExtensionToolchain.current()
        toolchain = ExtensionToolchain(
            productsDirectory: base.productsDirectory, swiftc: base.swiftc,
            cacheDirectory: work.appendingPathComponent("cache"))
        builder = ExtensionBuilder(toolchain: toolchain)
        alertPayload = try Data(contentsOf: root.appendingPathComponent("Fixtures/payloads/alert-mutable.json"))
    }

    /// The payload with extra top-level keys, parsed as nsesim parses a payload file.
    func payload(adding extra: [String: Any] = [:], name: String) throws -> ParsedPayload {
        let original = try JSONSerialization.jsonObject(with: alertPayload) as? [String: Any] ?? [:]
        let json = original.merging(extra) { _, new in new }
        let data = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
        return try PayloadParser.parse(data: data, path: name)
    }

    func remove() {
        try? FileManager.default.removeItem(at: work)
    }
}
