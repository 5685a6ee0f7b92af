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

    /// The image as a report shows it: where it comes from, its type and size in bytes (and
    /// the bytes of a small one).
    /// An image up to this size also carries its bytes (`data`, base64), for the pictures of
    /// the lock screen and the expanded notification, which iOS draws the avatar in.
    static let drawnLimit = 64 * 1024

    var summary: [String: String] {
        switch source {
        case .data(let data):
            var facts = ["source": "data", "type": Self.type(of: data), "bytes": String(data.count)]
            if data.count <= Self.drawnLimit { facts["data"] = data.base64EncodedString() }
            return facts
        case .url(let url):
            let data = url.isFileURL ? FileManager.default.contents(atPath: url.path) : nil
            var facts = [
                "source": url.isFileURL ? "file" : "url", "url": url.absoluteString, "type": data.map(Self.type) ?? "unknown",
                "bytes": data.map { String($0.count) } ?? "unknown",
            ]
            if let data, data.count <= Self.drawnLimit { facts["data"] = data.base64EncodedString() }
            return facts
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
