@_spi(NSESim) import CoreGraphics
import Foundation
import NSESimCFTypes
import NSESimRuntime

/// An image file being written by ImageIO: JPEG (libjpeg-turbo, `kCGImageDestinationLossyCompressionQuality`)
/// or PNG (libpng), into a file or a `CFMutableData`, at `CGImageDestinationFinalize`. Other types
/// (HEIC, GIF, TIFF) are refused at creation: nsesim has no encoder for them.
public final class CGImageDestination: @unchecked Sendable {
    let format: ImageFormat
    let url: URL?
    let data: NSMutableData?
    let count: Int
    private let lock = NSLock()
    private var images: [(CGImage, ImageOptions)] = []
    private var finalized = false

    init(format: ImageFormat, url: URL?, data: NSMutableData?, count: Int) {
        self.format = format
        self.url = url
        self.data = data
        self.count = count
    }

    func add(_ image: CGImage, _ options: ImageOptions) -> Bool {
        lock.withLock {
            guard !finalized, images.count < max(count, 1) else { return false }
            images.append((image, options))
            return true
        }
    }

    func finalize() -> Bool {
        let api = "CGImageDestinationFinalize"
        let (first, wasFinalized) = lock.withLock { () -> ((CGImage, ImageOptions)?, Bool) in
            defer { finalized = true }
            return (images.first, finalized)
        }
        guard !wasFinalized else {
            ImageReport.failed(operation: "encode", api: api, reason: "the destination was finalized already")
            return false
        }
        guard let (image, options) = first else {
            ImageReport.failed(operation: "encode", api: api, reason: "no image was added (CGImageDestinationAddImage)")
            return false
        }
        var bitmap = image.bitmap
        if let limit = options.number(kCGImageDestinationImageMaxPixelSize), limit.isFinite, limit >= 1,
            limit < Double(max(bitmap.width, bitmap.height))
        {
            let plan = ThumbnailPlan(
                width: bitmap.width, height: bitmap.height, hasEmbedded: false,
                options: ImageOptions([kCGImageSourceThumbnailMaxPixelSize as String: limit]))
            bitmap = bitmap.resampled(width: plan.width, height: plan.height) ?? bitmap
        }
        let quality = format == .jpeg ? min(max(options.number(kCGImageDestinationLossyCompressionQuality) ?? 1, 0), 1) : nil
        guard let bytes = bitmap.encoded(as: format, quality: quality ?? 1) else {
            ImageReport.failed(operation: "encode", api: api, reason: "the \(format.typeIdentifier) encoder failed")
            return false
        }
        if let url {
            do {
                try bytes.write(to: url)
            } catch {
                ImageReport.failed(operation: "encode", api: api, reason: "cannot write \(url.path): \(error.localizedDescription)")
                return false
            }
        }
        data?.append(bytes)
        ImageReport.encoded(bitmap, format: format, quality: quality, bytes: bytes.count, api: api)
        return true
    }

    /// The format of a type identifier nsesim encodes, or why not.
    static func format(_ type: CFString, api: String) -> ImageFormat? {
        switch type as String {
        case "public.jpeg": return .jpeg
        case "public.png": return .png
        default:
            ImageReport.failed(
                operation: "encode", api: api, reason: "\(type as String) is not written by nsesim (public.jpeg and public.png are)")
            return nil
        }
    }
}

/// A destination writing `count` images of `type` to the file at `url`.
public func CGImageDestinationCreateWithURL(_ url: CFURL, _ type: CFString, _ count: Int, _ options: CFDictionary?) -> CGImageDestination? {
    guard let format = CGImageDestination.format(type, api: "CGImageDestinationCreateWithURL") else { return nil }
    return CGImageDestination(format: format, url: url as URL, data: nil, count: count)
}

/// A destination appending `count` images of `type` to `data`.
public func CGImageDestinationCreateWithData(
    _ data: CFMutableData, _ type: CFString, _ count: Int, _ options: CFDictionary?
) -> CGImageDestination? {
    guard let format = CGImageDestination.format(type, api: "CGImageDestinationCreateWithData") else { return nil }
    return CGImageDestination(format: format, url: nil, data: data, count: count)
}

/// Adds `image`, with its properties (`kCGImageDestinationLossyCompressionQuality`,
/// `kCGImageDestinationImageMaxPixelSize`).
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?) {
    if !idst.add(image, ImageOptions(properties)) {
        ImageReport.failed(
            operation: "encode", api: "CGImageDestinationAddImage", reason: "more images than the destination's count, or after finalizing")
    }
}

/// Adds image `index` of `isrc`.
public func CGImageDestinationAddImageFromSource(
    _ idst: CGImageDestination, _ isrc: CGImageSource, _ index: Int, _ properties: CFDictionary?
) {
    guard let image = CGImageSourceCreateImageAtIndex(isrc, index, nil) else { return }
    CGImageDestinationAddImage(idst, image, properties)
}

/// Properties of the whole file (kept; the encoders here write none).
public func CGImageDestinationSetProperties(_ idst: CGImageDestination, _ properties: CFDictionary?) {}

/// Writes the file; false (with the reason in the report) when no image was added or writing failed.
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool { idst.finalize() }

/// The types ImageIO writes here.
public func CGImageDestinationCopyTypeIdentifiers() -> CFArray { ["public.jpeg", "public.png"].map { $0 as NSString } as NSArray }
