@_spi(NSESim) import CoreGraphics
import Foundation
import NSESimCFTypes
import NSESimRuntime

/// An image file read by ImageIO: its type and properties from the header, its images decoded on
/// request (libjpeg-turbo, libpng, giflib, libwebp through CoreGraphics' bridge), thumbnails decoded
/// downscaled (a JPEG at libjpeg-turbo's scale n/8) so that a large photo never sits whole in
/// memory, Apple's advice for an extension's memory limit. Each call is reported.
public final class CGImageSource: @unchecked Sendable {
    /// The data so far, and whether it is all of it (an incremental source's grows with
    /// `CGImageSourceUpdateData`).
    private var state: (bytes: Data, header: Result<ImageInfo, ImageLibraryError>, final: Bool)
    let origin: String
    let path: String?
    /// The status of the last image decoded (`CGImageSourceGetStatusAtIndex`).
    var imageStatus: [Int: CGImageSourceStatus] = [:]
    private let lock = NSLock()

    /// The data read so far.
    var bytes: Data { lock.withLock { state.bytes } }
    /// The header's facts, or why it could not be read.
    var header: Result<ImageInfo, ImageLibraryError> { lock.withLock { state.header } }
    /// Whether the data is complete (always, but for an incremental source not told so yet).
    var isFinal: Bool { lock.withLock { state.final } }

    init(bytes: Data, origin: String, path: String?, api: String, final: Bool = true) {
        state = (bytes, Self.readHeader(bytes), final)
        self.origin = origin
        self.path = path
        report(api: api)
    }

    /// The header of `bytes`, or why it cannot be read.
    private static func readHeader(_ bytes: Data) -> Result<ImageInfo, ImageLibraryError> {
        guard !bytes.isEmpty else { return .failure(ImageLibraryError(message: "no data yet")) }
        do {
            return .success(try Bitmap.info(bytes))
        } catch {
            return .failure(error)
        }
    }

    /// Replaces an incremental source's data with `data` (all received so far), `final` when it
    /// is the whole file: the header is read again, as ImageIO does.
    func update(_ data: Data, final: Bool) {
        let header = Self.readHeader(data)
        lock.withLock {
            guard !state.final else { return }
            state = (data, header, final)
            imageStatus = [:]
        }
        report(api: "CGImageSourceUpdateData")
    }

    private func report(api: String) {
        let (bytes, header) = lock.withLock { (state.bytes, state.header) }
        var record: [String: JSONValue] = [
            "operation": .string("source"), "api": .string(api), "source": .string(origin), "bytes": .integer(Int64(bytes.count)),
            "status": .string(Self.name(status)),
        ]
        if let path { record["path"] = .string(path) }
        switch header {
        case .success(let info):
            record["format"] = .string(info.format.typeIdentifier)
            record["width"] = .integer(Int64(info.width))
            record["height"] = .integer(Int64(info.height))
            record["frames"] = .integer(Int64(info.frameCount))
        case .failure(let error):
            record["error"] = .string(error.message)
        }
        ImageReport.send(record)
    }

    /// The source's status: complete, or why its data is not an image ImageIO reads; for an
    /// incremental source still receiving, reading its header or incomplete.
    var status: CGImageSourceStatus {
        let (bytes, header, final) = lock.withLock { state }
        if !final {
            if case .success = header { return .statusIncomplete }
            if bytes.count >= 16, ImageFormat(sniffing: bytes) == nil { return .statusUnknownType }
            return .statusReadingHeader
        }
        switch header {
        case .success: return .statusComplete
        case .failure:
            guard let format = ImageFormat(sniffing: bytes), format.bridgeFormat != nil else { return .statusUnknownType }
            return bytes.count < 64 ? .statusUnexpectedEOF : .statusInvalidData
        }
    }

    var info: ImageInfo? { try? header.get() }

    func setStatus(_ status: CGImageSourceStatus, at index: Int) { lock.withLock { imageStatus[index] = status } }

    /// The status of image `index`.
    func status(at index: Int) -> CGImageSourceStatus {
        guard let info else { return status }
        guard index >= 0, index < info.frameCount else { return .statusInvalidData }
        return lock.withLock { imageStatus[index] ?? (state.final ? .statusComplete : .statusIncomplete) }
    }

    /// The status after a failed decode: the data ended early, or is damaged.
    static func failure(_ error: ImageLibraryError) -> CGImageSourceStatus {
        let text = error.message.lowercased()
        let early = ["end of", "eof", "not enough", "truncat", "premature", "read error", "short"].contains { text.contains($0) }
        return early ? .statusUnexpectedEOF : .statusInvalidData
    }

    static func name(_ status: CGImageSourceStatus) -> String {
        switch status {
        case .statusUnexpectedEOF: "statusUnexpectedEOF"
        case .statusInvalidData: "statusInvalidData"
        case .statusUnknownType: "statusUnknownType"
        case .statusReadingHeader: "statusReadingHeader"
        case .statusIncomplete: "statusIncomplete"
        case .statusComplete: "statusComplete"
        }
    }
}

/// Where an image source stands.
public enum CGImageSourceStatus: Int32, Sendable {
    case statusUnexpectedEOF = -5, statusInvalidData = -4, statusUnknownType = -3, statusReadingHeader = -2, statusIncomplete = -1,
        statusComplete = 0
}

/// A source whose data comes in pieces (a download in progress): empty until
/// `CGImageSourceUpdateData` gives it what has arrived; `statusReadingHeader`, then
/// `statusIncomplete` once the header is read, `statusComplete` after the final update.
public func CGImageSourceCreateIncremental(_ options: CFDictionary?) -> CGImageSource {
    CGImageSource(bytes: Data(), origin: "incremental", path: nil, api: "CGImageSourceCreateIncremental", final: false)
}

/// Gives an incremental source all the data received so far (`final`: the whole file). A
/// source that was not made incremental, or was given its final data, does not change.
public func CGImageSourceUpdateData(_ isrc: CGImageSource, _ data: CFData, _ final: Bool) {
    isrc.update(data as Data, final: final)
}

/// `CGImageSourceUpdateData` with a data provider's bytes.
public func CGImageSourceUpdateDataProvider(_ isrc: CGImageSource, _ provider: CGDataProvider, _ final: Bool) {
    guard let data = provider.data else { return }
    isrc.update(data as Data, final: final)
}

/// A source reading the file at `url`; nil when it cannot be read (the reason is reported).
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? {
    let url = url as URL
    guard let bytes = try? Data(contentsOf: url) else {
        ImageReport.failed(operation: "source", api: "CGImageSourceCreateWithURL", reason: "cannot read \(url.path)")
        return nil
    }
    return CGImageSource(bytes: bytes, origin: "file", path: url.path, api: "CGImageSourceCreateWithURL")
}

/// A source reading `data`; nil for empty data.
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? {
    let bytes = data as Data
    guard !bytes.isEmpty else {
        ImageReport.failed(operation: "source", api: "CGImageSourceCreateWithData", reason: "no bytes")
        return nil
    }
    return CGImageSource(bytes: bytes, origin: "data", path: nil, api: "CGImageSourceCreateWithData")
}

/// A source reading `provider`'s bytes.
public func CGImageSourceCreateWithDataProvider(_ provider: CGDataProvider, _ options: CFDictionary?) -> CGImageSource? {
    guard let data = provider.data else { return nil }
    return CGImageSourceCreateWithData(data, options)
}

/// The status of `isrc`: complete, or unknown type / invalid data / unexpected end of file.
public func CGImageSourceGetStatus(_ isrc: CGImageSource) -> CGImageSourceStatus { isrc.status }

/// The status of image `index`: complete, or why its decode failed.
public func CGImageSourceGetStatusAtIndex(_ isrc: CGImageSource, _ index: Int) -> CGImageSourceStatus { isrc.status(at: index) }

/// The images in the source: a GIF's frames, else 1 (0 when it is not an image).
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int { isrc.info?.frameCount ?? 0 }

/// The source's type identifier (`public.jpeg`), nil when it is not an image.
public func CGImageSourceGetType(_ isrc: CGImageSource) -> CFString? {
    isrc.info.map { $0.format.typeIdentifier as NSString }
}

/// The index of the primary image: 0.
public func CGImageSourceGetPrimaryImageIndex(_ isrc: CGImageSource) -> Int { 0 }

/// The types ImageIO reads here.
public func CGImageSourceCopyTypeIdentifiers() -> CFArray {
    ["public.png", "public.jpeg", "com.compuserve.gif", "org.webmproject.webp"].map { $0 as NSString } as NSArray
}

/// The container's properties: file size, and a GIF's loop count.
public func CGImageSourceCopyProperties(_ isrc: CGImageSource, _ options: CFDictionary?) -> CFDictionary? {
    guard let info = isrc.info else { return nil }
    var properties: [String: Any] = [kCGImagePropertyFileSize as String: NSNumber(value: isrc.bytes.count)]
    if info.format == .gif {
        properties[kCGImagePropertyGIFDictionary as String] = NSDictionary(dictionary: [
            kCGImagePropertyGIFLoopCount as String: NSNumber(value: 0)
        ])
    }
    return NSDictionary(dictionary: properties)
}

/// Image `index`'s properties from the header, without decoding: pixel size, orientation, alpha,
/// depth, colour model, and the TIFF and Exif dictionaries of a JPEG that has them.
public func CGImageSourceCopyPropertiesAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CFDictionary? {
    guard let info = isrc.info, index >= 0, index < info.frameCount else { return nil }
    var properties: [String: Any] = [
        kCGImagePropertyPixelWidth as String: NSNumber(value: info.width),
        kCGImagePropertyPixelHeight as String: NSNumber(value: info.height),
        kCGImagePropertyDepth as String: NSNumber(value: 8),
        kCGImagePropertyColorModel as String: kCGImagePropertyColorModelRGB,
        kCGImagePropertyHasAlpha as String: NSNumber(value: info.hasAlpha),
        kCGImagePropertyOrientation as String: NSNumber(value: info.orientation),
    ]
    switch info.format {
    case .jpeg:
        let exif = EXIFReader(jpeg: isrc.bytes)
        properties[kCGImagePropertyJFIFDictionary as String] = NSDictionary()
        if !exif.tiff.isEmpty {
            properties[kCGImagePropertyTIFFDictionary as String] = ImageProperties.dictionary(exif.tiff, names: ImageProperties.tiffNames)
        }
        if !exif.exif.isEmpty {
            properties[kCGImagePropertyExifDictionary as String] = ImageProperties.dictionary(exif.exif, names: ImageProperties.exifNames)
        }
    case .png: properties[kCGImagePropertyPNGDictionary as String] = NSDictionary()
    case .gif: properties[kCGImagePropertyGIFDictionary as String] = NSDictionary()
    case .webp: properties[kCGImagePropertyWebPDictionary as String] = NSDictionary()
    default: break
    }
    return NSDictionary(dictionary: properties)
}

/// Image `index` decoded at full size, as stored (the orientation is a property, not applied);
/// nil when the data is damaged (the status then says why).
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    let api = "CGImageSourceCreateImageAtIndex"
    guard let info = isrc.info else {
        ImageReport.notAnImage(
            bytes: isrc.bytes.count, source: isrc.origin, reason: ImageProperties.reason(isrc), path: isrc.path, api: api)
        return nil
    }
    guard index >= 0, index < info.frameCount else {
        ImageReport.notAnImage(
            bytes: isrc.bytes.count, source: isrc.origin, reason: "no image at index \(index) (\(info.frameCount) in the source)",
            path: isrc.path, api: api)
        return nil
    }
    do {
        let (bitmap, format) = try Bitmap.decode(isrc.bytes, frame: index, minimumSide: 0)
        isrc.setStatus(.statusComplete, at: index)
        ImageReport.decoded(bitmap, format: format, bytes: isrc.bytes.count, scale: 1, source: isrc.origin, path: isrc.path, api: api)
        return CGImage(bitmap: bitmap, utType: format.typeIdentifier)
    } catch {
        isrc.setStatus(CGImageSource.failure(error), at: index)
        ImageReport.notAnImage(bytes: isrc.bytes.count, source: isrc.origin, reason: error.message, path: isrc.path, api: api)
        return nil
    }
}

/// A thumbnail of image `index`: the embedded one, or (with
/// `kCGImageSourceCreateThumbnailFromImageIfAbsent` / `…Always`) one made from the image, no larger
/// than `kCGImageSourceThumbnailMaxPixelSize`, turned upright with
/// `kCGImageSourceCreateThumbnailWithTransform`. A JPEG is decoded already downscaled; the bytes
/// decoded are in the report.
public func CGImageSourceCreateThumbnailAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    let api = "CGImageSourceCreateThumbnailAtIndex"
    guard let info = isrc.info, index >= 0, index < info.frameCount else {
        let reason = isrc.info == nil ? ImageProperties.reason(isrc) : "no image at index \(index)"
        ImageReport.failed(operation: "thumbnail", api: api, reason: reason)
        return nil
    }
    let options = ImageOptions(options)
    let exif = info.format == .jpeg ? EXIFReader(jpeg: isrc.bytes) : EXIFReader()
    let plan = ThumbnailPlan(width: info.width, height: info.height, hasEmbedded: exif.thumbnail != nil, options: options)
    do throws(ImageLibraryError) {
        let decoded: Bitmap
        var width = plan.width
        var height = plan.height
        switch plan.origin {
        case .none:
            ImageReport.failed(
                operation: "thumbnail", api: api,
                reason: "the file embeds no thumbnail, and neither kCGImageSourceCreateThumbnailFromImageIfAbsent nor "
                    + "kCGImageSourceCreateThumbnailFromImageAlways is set: nil, as on iOS")
            return nil
        case .embedded:
            decoded = try Bitmap.decode(exif.thumbnail!, frame: 0, minimumSide: 0).0
            let embedded = ThumbnailPlan(
                width: decoded.width, height: decoded.height, hasEmbedded: false,
                options: ImageOptions([
                    kCGImageSourceThumbnailMaxPixelSize as String: options.number(kCGImageSourceThumbnailMaxPixelSize)
                        ?? Double(max(decoded.width, decoded.height))
                ]))
            (width, height) = (embedded.width, embedded.height)
        case .image:
            decoded = try Bitmap.decode(isrc.bytes, frame: index, minimumSide: plan.minimumDecodedSide).0
        }
        var thumbnail = decoded
        if decoded.width != width || decoded.height != height {
            guard let smaller = decoded.resampled(width: width, height: height) else {
                throw ImageLibraryError(message: "no memory for the thumbnail")
            }
            thumbnail = smaller
        }
        if plan.transform { thumbnail = thumbnail.oriented(info.orientation) }
        isrc.setStatus(.statusComplete, at: index)
        ImageReport.send([
            "operation": .string("thumbnail"), "api": .string(api), "source": .string(isrc.origin),
            "format": .string(info.format.typeIdentifier),
            "bytes": .integer(Int64(isrc.bytes.count)), "imageWidth": .integer(Int64(info.width)),
            "imageHeight": .integer(Int64(info.height)),
            "decodedWidth": .integer(Int64(decoded.width)), "decodedHeight": .integer(Int64(decoded.height)),
            "width": .integer(Int64(thumbnail.width)), "height": .integer(Int64(thumbnail.height)),
            "decodedBytes": .integer(Int64(decoded.byteCount + (thumbnail === decoded ? 0 : thumbnail.byteCount))),
            "fullImageBytes": .integer(Int64(info.width * info.height * 4)),
            "from": .string(plan.origin == .embedded ? "embedded" : "image"), "transform": .bool(plan.transform),
            "maxPixelSize": options.number(kCGImageSourceThumbnailMaxPixelSize).map { .double($0) } ?? .null,
        ])
        return CGImage(bitmap: thumbnail, utType: info.format.typeIdentifier)
    } catch {
        isrc.setStatus(CGImageSource.failure(error), at: index)
        ImageReport.failed(operation: "thumbnail", api: api, reason: error.message)
        return nil
    }
}

/// The dictionaries of `CGImageSourceCopyPropertiesAtIndex`, from EXIF tags.
enum ImageProperties {
    static let tiffNames: [Int: String] = [
        0x0112: "Orientation", 0x010F: "Make", 0x0110: "Model",
        0x0131: "Software", 0x0132: "DateTime",
    ]
    static let exifNames: [Int: String] = [
        0x9003: "DateTimeOriginal", 0x9004: "DateTimeDigitized",
        0xA002: "PixelXDimension", 0xA003: "PixelYDimension",
        0x829A: "ExposureTime", 0x829D: "FNumber", 0x8827: "ISOSpeedRatings",
        0x920A: "FocalLength", 0xA434: "LensModel",
    ]

    static func dictionary(_ tags: [Int: EXIFReader.Value], names: [Int: String]) -> NSDictionary {
        var out: [String: Any] = [:]
        for (tag, value) in tags {
            guard let name = names[tag] else { continue }
            switch value {
            case .text(let text): out[name] = text as NSString
            case .number(let number): out[name] = name == "ISOSpeedRatings" ? [NSNumber(value: number)] as NSArray : NSNumber(value: number)
            case .ratio(let ratio): out[name] = NSNumber(value: ratio)
            }
        }
        return NSDictionary(dictionary: out)
    }

    /// Why a source's data is not an image.
    static func reason(_ isrc: CGImageSource) -> String {
        switch isrc.header {
        case .failure(let error): "\(error.message) (\(CGImageSource.name(isrc.status)))"
        case .success: "no image"
        }
    }
}
