import Foundation

/// An image for an intent: a person's avatar, a group's picture.
open class INImage: NSObject, @unchecked Sendable {
    /// Where the image comes from, for reports.
    enum Source: Sendable { case data(Data), url(URL), named(String) }
    let source: Source

    public init(imageData: Data) {
        source = .data(imageData)
        super.init()
    }

    public init(url: URL) {
        source = .url(url)
        super.init()
    }

    public init(named name: String) {
        source = .named(name)
        super.init()
    }

    public convenience init(url: URL, width: Double, height: Double) {
        self.init(url: url)
    }

    /// The image as a report shows it: where it comes from, its type and size in bytes.
    var summary: [String: String] {
        switch source {
        case .data(let data):
            return ["source": "data", "type": Self.type(of: data), "bytes": String(data.count)]
        case .url(let url):
            let data = url.isFileURL ? FileManager.default.contents(atPath: url.path) : nil
            return ["source": url.isFileURL ? "file" : "url", "url": url.absoluteString, "type": data.map(Self.type) ?? "unknown",
                    "bytes": data.map { String($0.count) } ?? "unknown"]
        case .named(let name):
            return ["source": "named", "name": name]
        }
    }

    private static func type(of data: Data) -> String {
        let bytes = [UInt8](data.prefix(8))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "public.png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "public.jpeg" }
        if bytes.starts(with: [0x47, 0x49, 0x46]) { return "com.compuserve.gif" }
        return "unknown"
    }
}
