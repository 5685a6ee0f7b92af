import Foundation
import NSESimCFTypes

/// Bytes an image is read from, or an image's pixels as `CGImage.dataProvider` gives them.
public final class CGDataProvider: @unchecked Sendable {
    let bytes: Data
    /// The file the bytes came from, if they did.
    let url: URL?

    init(bytes: Data, url: URL? = nil) {
        self.bytes = bytes
        self.url = url
    }

    /// A provider of `data`'s bytes.
    public convenience init?(data: CFData) {
        self.init(bytes: data as Data)
    }

    /// A provider of the file at `url`; nil when it cannot be read.
    public convenience init?(url: CFURL) {
        let url = url as URL
        guard let bytes = try? Data(contentsOf: url) else { return nil }
        self.init(bytes: bytes, url: url)
    }

    /// A provider of the file at `filename`; nil when it cannot be read.
    public convenience init?(filename: UnsafePointer<CChar>) {
        self.init(url: URL(fileURLWithPath: String(cString: filename)) as NSURL)
    }

    /// A copy of the bytes.
    public var data: CFData? { bytes as NSData }
}
