import Foundation

/// Finds `UIImage(named:)`'s file in a bundle as iOS does: loose files with scale suffixes,
/// then image sets of asset catalogs (`*.xcassets/**/NAME.imageset/Contents.json`).
struct ImageLookup {
    let folder: URL
    let screenScale: CGFloat

    static let extensions = ["png", "jpg", "jpeg", "gif", "heic", "webp"]

    /// The file and its scale, or nil when the bundle has no image of that name.
    func file(named name: String) -> (url: URL, scale: CGFloat)? {
        looseFile(named: name) ?? assetCatalogFile(named: name)
    }

    /// Scales to try, the screen's first, then downwards, then upwards.
    private var scales: [Int] {
        let screen = Int(screenScale.rounded())
        return [screen] + (1...3).reversed().filter { $0 < screen } + (1...3).filter { $0 > screen }
    }

    private func looseFile(named name: String) -> (url: URL, scale: CGFloat)? {
        let given = (name as NSString).pathExtension.lowercased()
        let stem = given.isEmpty || !Self.extensions.contains(given) ? name : (name as NSString).deletingPathExtension
        let extensions = given.isEmpty || !Self.extensions.contains(given) ? Self.extensions : [given]
        for scale in scales {
            let suffix = scale == 1 ? "" : "@\(scale)x"
            for ext in extensions {
                let url = folder.appendingPathComponent("\(stem)\(suffix).\(ext)")
                if FileManager.default.fileExists(atPath: url.path) { return (url, CGFloat(scale)) }
            }
        }
        let exact = folder.appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: exact.path) && !name.isEmpty ? (exact, 1) : nil
    }

    private func assetCatalogFile(named name: String) -> (url: URL, scale: CGFloat)? {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return nil }
        for case let url as URL in enumerator where url.lastPathComponent == "\(name).imageset" {
            let contents = url.appendingPathComponent("Contents.json")
            guard let data = FileManager.default.contents(atPath: contents.path),
                let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let images = json["images"] as? [[String: Any]]
            else { continue }
            let files: [(url: URL, scale: Int)] = images.compactMap { image in
                guard let filename = image["filename"] as? String else { return nil }
                let scale = (image["scale"] as? String).flatMap { Int($0.dropLast()) } ?? 1
                return (url.appendingPathComponent(filename), scale)
            }
            for scale in scales {
                if let match = files.first(where: { $0.scale == scale && FileManager.default.fileExists(atPath: $0.url.path) }) {
                    return (match.url, CGFloat(scale))
                }
            }
        }
        return nil
    }
}
