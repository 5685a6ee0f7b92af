import CImageBridge

/// An image file format, told from the bytes themselves (as ImageIO does), never from a name.
@_spi(NSESim) public enum ImageFormat: Sendable, Equatable {
    /// Formats nsesim decodes.
    case png, jpeg, gif, webp
    /// Formats iOS decodes that nsesim does not (yet): UIImage(data:) answers nil and says so.
    case bmp, tiff, heif, avif

    /// The format `bytes` begin with, or nil when they begin no image format nsesim decodes.
    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts(Array("BM".utf8)) {
            self = .bmp
        } else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) {
            self = .tiff
        } else if starts(Array("ftyp".utf8), at: 4), head.count >= 12 {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            switch brand {
            case "heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1": self = .heif
            case "avif", "avis": self = .avif
            default: return nil
            }
        } else {
            return nil
        }
    }

    /// The uniform type identifier iOS gives the format.
    public var typeIdentifier: String {
        switch self {
        case .png: "public.png"
        case .jpeg: "public.jpeg"
        case .gif: "com.compuserve.gif"
        case .webp: "org.webmproject.webp"
        case .bmp: "com.microsoft.bmp"
        case .tiff: "public.tiff"
        case .heif: "public.heic"
        case .avif: "public.avif"
        }
    }

    /// The bridge's name for the format; nil for the formats nsesim does not decode.
    public var bridgeFormat: nsesim_image_format? {
        switch self {
        case .png: NSESIM_IMAGE_PNG
        case .jpeg: NSESIM_IMAGE_JPEG
        case .gif: NSESIM_IMAGE_GIF
        case .webp: NSESIM_IMAGE_WEBP
        case .bmp, .tiff, .heif, .avif: nil
        }
    }

    /// Whether images of this format have no alpha channel.
    public var isOpaque: Bool { self == .jpeg || self == .bmp }
}
