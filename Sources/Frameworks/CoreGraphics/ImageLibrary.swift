import CImageBridge

/// The codec libraries (libjpeg-turbo, libpng, giflib, libwebp), each loaded on the first
/// image of its format: an extension that never decodes an image pays for none of them.
@_spi(NSESim) public enum ImageLibrary {
    /// Loads the codec of `format` once; throws why it cannot be loaded.
    public static func load(_ format: nsesim_image_format) throws(ImageLibraryError) {
        var error = [CChar](repeating: 0, count: 512)
        guard nsesim_image_load(format, &error, error.count) == 1 else { throw ImageLibraryError(message: string(error)) }
    }

    /// The text of a C error buffer.
    public static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
    }
}

/// Why an image could not be decoded or made.
@_spi(NSESim) public struct ImageLibraryError: Error, CustomStringConvertible {
    /// What went wrong, for the report.
    public let message: String
    /// The error of `message`.
    public init(message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
