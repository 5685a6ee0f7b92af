import Foundation
import NSESimRuntime

/// What UIKit did with images, for the report's `images` section: each decode, drawing
/// context and encode, with formats, pixel sizes and byte counts.
enum ImageReport {
    /// An image decoded from `bytes` bytes (`source`: data, file, named).
    static func decoded(_ bitmap: Bitmap, format: ImageFormat, bytes: Int, scale: CGFloat, source: String, path: String? = nil) {
        var record: [String: JSONValue] = [
            "operation": .string("decode"), "source": .string(source), "format": .string(format.typeIdentifier),
            "bytes": .integer(Int64(bytes)), "width": .integer(Int64(bitmap.width)), "height": .integer(Int64(bitmap.height)),
            "scale": .double(Double(scale)), "decodedBytes": .integer(Int64(bitmap.width * bitmap.height * 4)),
        ]
        if let path { record["path"] = .string(path) }
        NSESimReport.send(source: .image, .object(record))
    }

    /// Bytes that are not an image iOS decodes (UIImage's initializer returned nil).
    static func notAnImage(bytes: Int, source: String, reason: String, path: String? = nil) {
        var record: [String: JSONValue] = [
            "operation": .string("decode"), "source": .string(source), "bytes": .integer(Int64(bytes)), "error": .string(reason),
        ]
        if let path { record["path"] = .string(path) }
        NSESimReport.send(source: .image, .object(record))
    }

    /// A drawing context made (`api`: UIGraphicsImageRenderer, UIGraphicsBeginImageContext).
    static func context(_ bitmap: Bitmap, scale: CGFloat, api: String) {
        NSESimReport.send(
            source: .image,
            .object([
                "operation": .string("render"), "api": .string(api), "width": .integer(Int64(bitmap.width)),
                "height": .integer(Int64(bitmap.height)), "scale": .double(Double(scale)), "opaque": .bool(bitmap.isOpaque),
            ]))
    }

    /// An image encoded (`quality` for JPEG).
    static func encoded(_ bitmap: Bitmap, format: ImageFormat, quality: Double?, bytes: Int) {
        var record: [String: JSONValue] = [
            "operation": .string("encode"), "format": .string(format.typeIdentifier), "width": .integer(Int64(bitmap.width)),
            "height": .integer(Int64(bitmap.height)), "bytes": .integer(Int64(bytes)),
        ]
        if let quality { record["quality"] = .double(quality) }
        NSESimReport.send(source: .image, .object(record))
    }

    /// A drawing context could not be made (no memory for its bitmap): nothing is drawn.
    static func contextFailed(_ error: ImageLibraryError, api: String) {
        NSESimReport.send(source: .image, .object(["operation": .string("render"), "api": .string(api), "error": .string(error.message)]))
        FileHandle.standardError.write(Data("UIKit: \(api): \(error.message)\n".utf8))
    }
}
