import Foundation
import NSESimRuntime

/// What CoreGraphics, ImageIO and UIKit did with images, for the report's `images` section:
/// each decode, drawing context, image made and encode, with formats, pixel sizes and byte
/// counts (`api` names the call when it is not UIKit's).
@_spi(NSESim) public enum ImageReport {
    /// An image decoded from `bytes` bytes (`source`: data, file, named, url).
    public static func decoded(
        _ bitmap: Bitmap, format: ImageFormat, bytes: Int, scale: CGFloat, source: String, path: String? = nil, api: String? = nil
    ) {
        var record: [String: JSONValue] = [
            "operation": .string("decode"), "source": .string(source), "format": .string(format.typeIdentifier),
            "bytes": .integer(Int64(bytes)), "width": .integer(Int64(bitmap.width)), "height": .integer(Int64(bitmap.height)),
            "scale": .double(Double(scale)), "decodedBytes": .integer(Int64(bitmap.byteCount)),
        ]
        if let path { record["path"] = .string(path) }
        if let api { record["api"] = .string(api) }
        send(record)
    }

    /// Bytes that are not an image iOS decodes (the call returned nil).
    public static func notAnImage(bytes: Int, source: String, reason: String, path: String? = nil, api: String? = nil) {
        var record: [String: JSONValue] = [
            "operation": .string("decode"), "source": .string(source), "bytes": .integer(Int64(bytes)), "error": .string(reason),
        ]
        if let path { record["path"] = .string(path) }
        if let api { record["api"] = .string(api) }
        send(record)
    }

    /// A drawing context made (`api`: UIGraphicsImageRenderer, UIGraphicsBeginImageContext, CGContext).
    public static func context(_ bitmap: Bitmap, scale: CGFloat, api: String, extra: [String: JSONValue] = [:]) {
        send(
            [
                "operation": .string("render"), "api": .string(api), "width": .integer(Int64(bitmap.width)),
                "height": .integer(Int64(bitmap.height)), "scale": .double(Double(scale)), "opaque": .bool(bitmap.isOpaque),
            ].merging(extra) { first, _ in first })
    }

    /// An image made from pixels (`api`: CGContext.makeImage, CGImage(width:…), cropping(to:)).
    public static func made(_ bitmap: Bitmap, api: String) {
        send([
            "operation": .string("image"), "api": .string(api), "width": .integer(Int64(bitmap.width)),
            "height": .integer(Int64(bitmap.height)), "decodedBytes": .integer(Int64(bitmap.byteCount)),
        ])
    }

    /// An image encoded (`quality` for JPEG).
    public static func encoded(_ bitmap: Bitmap, format: ImageFormat, quality: Double?, bytes: Int, api: String? = nil) {
        var record: [String: JSONValue] = [
            "operation": .string("encode"), "format": .string(format.typeIdentifier), "width": .integer(Int64(bitmap.width)),
            "height": .integer(Int64(bitmap.height)), "bytes": .integer(Int64(bytes)),
        ]
        if let quality { record["quality"] = .double(quality) }
        if let api { record["api"] = .string(api) }
        send(record)
    }

    /// A call that made nothing (`operation` as the call would have): why, and where it is said on stderr too.
    public static func failed(operation: String, api: String, reason: String) {
        send(["operation": .string(operation), "api": .string(api), "error": .string(reason)])
        FileHandle.standardError.write(Data("\(api): \(reason)\n".utf8))
    }

    /// A drawing context could not be made (no memory for its bitmap): nothing is drawn.
    public static func contextFailed(_ error: ImageLibraryError, api: String) {
        failed(operation: "render", api: api, reason: error.message)
    }

    /// Sends one record of the `images` section.
    public static func send(_ record: [String: JSONValue]) {
        NSESimReport.send(source: .image, .object(record))
    }
}
