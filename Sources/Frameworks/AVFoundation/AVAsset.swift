import CMovieFile
@_spi(NSESim) import CoreGraphics
import Foundation
import NSESimRuntime

/// A timed media file, as Apple's `AVAsset`: its duration and tracks, read with Debian's FFmpeg
/// the first time they are asked for (FFmpeg's libraries are loaded then, by the first asset).
///
/// As on iOS, `AVAsset(url:)` gives an `AVURLAsset` (so `(asset as? AVURLAsset)?.url` is the URL,
/// which Kingfisher's `AVAssetImageDataProvider` keys its cache with). A Swift class's initialiser
/// cannot return a subclass, but a protocol extension's can: `AVAsset(url:)` is the initialiser of
/// `_AVAssetURLInitializing` below, for `AVAsset` itself; `AVURLAsset` and its subclasses use their own.
open class AVAsset: NSObject, @unchecked Sendable {
    // @unchecked: the file's contents are read once, under `lock`, and immutable after.

    let assetURL: URL
    private let lock = NSLock()
    private var contents: Result<AssetContents, AssetFailure>?

    init(assetURL: URL) {
        self.assetURL = assetURL
        super.init()
    }

    /// The movie's length, as its container says (`.invalid` when the file cannot be read).
    public var duration: CMTime { (try? loaded().duration) ?? .invalid }
    /// The tracks (empty when the file cannot be read).
    public var tracks: [AVAssetTrack] { (try? loaded().tracks) ?? [] }
    /// Whether iOS would play it: readable, with a track.
    public var isPlayable: Bool { !tracks.isEmpty }
    /// Whether its media can be read (decoded).
    public var isReadable: Bool { !tracks.isEmpty }
    /// Whether an image generator or export can use it (not protected: nsesim reads no DRM).
    public var isExportable: Bool { !tracks.isEmpty }
    /// Whether the asset is protected by DRM (never, for the files nsesim reads).
    public var hasProtectedContent: Bool { false }
    /// Whether timing is precise (it is for the file containers FFmpeg reads).
    public var providesPreciseDurationAndTiming: Bool { true }
    /// The asset's own transform (identity; tracks have theirs).
    public var preferredTransform: CGAffineTransform { .identity }
    /// The playback rate preferred (1).
    public var preferredRate: Float { 1 }
    /// The volume preferred (1).
    public var preferredVolume: Float { 1 }

    /// The tracks of `mediaType`.
    public func tracks(withMediaType mediaType: AVMediaType) -> [AVAssetTrack] {
        tracks.filter { $0.mediaType == mediaType }
    }

    /// The track with `trackID`, or nil.
    public func track(withTrackID trackID: CMPersistentTrackID) -> AVAssetTrack? {
        tracks.first { $0.trackID == trackID }
    }

    /// The tracks of `mediaType`, loaded (iOS 15's async form).
    public func loadTracks(withMediaType mediaType: AVMediaType) async throws -> [AVAssetTrack] {
        try loaded().tracks.filter { $0.mediaType == mediaType }
    }

    /// The track with `trackID`, loaded (iOS 15's async form).
    public func loadTrack(withTrackID trackID: CMPersistentTrackID) async throws -> AVAssetTrack? {
        try loaded().tracks.first { $0.trackID == trackID }
    }

    /// Cancels loading (nothing is loading in the background here).
    public func cancelLoading() {}

    /// The file read (once), or why it cannot be.
    func loaded() throws -> AssetContents {
        lock.lock()
        defer { lock.unlock() }
        let result = contents ?? AssetContents.read(assetURL, asset: self)
        contents = result
        switch result {
        case .success(let contents): return contents
        case .failure(let failure): throw failure.error
        }
    }
}

/// How `AVAsset(url:)` makes an `AVURLAsset`, as iOS's does (AVAsset conforms; nothing else needs to).
public protocol _AVAssetURLInitializing {}

extension AVAsset: _AVAssetURLInitializing {}

extension _AVAssetURLInitializing where Self: AVAsset {
    /// The asset of the file at `url`: an `AVURLAsset`, read when a property is first asked for.
    public init(url: URL) {
        // Only AVAsset's own `AVAsset(url:)` comes here: AVURLAsset has `init(url:options:)`, and a
        // subclass of it inherits that or declares its own (iOS would not compile the call otherwise).
        guard let asset = AVURLAsset(url: url, options: nil) as? Self else {
            preconditionFailure("\(Self.self)(url:) has no initialiser of its own: declare init(url:) or call init(url:options:)")
        }
        self = asset
    }
}

/// A movie file's asset, as Apple's `AVURLAsset`.
open class AVURLAsset: AVAsset, @unchecked Sendable {
    /// The file's URL.
    public var url: URL { assetURL }

    /// The asset of the file at `url`; `options` (`AVURLAssetPreferPreciseDurationAndTimingKey`)
    /// change nothing here: timing is always precise.
    public init(url: URL, options: [String: Any]? = nil) {
        super.init(assetURL: url)
    }

    /// The file types AVFoundation opens (those nsesim reads with FFmpeg).
    open class func audiovisualTypes() -> [AVFileType] {
        [.mov, .mp4, .m4v, .m4a, .mobile3GPP, .mp3, .wav, .aiff, .caf, .ac3, .avi, .mpg, .mpeg2TS]
    }

    /// The MIME types AVFoundation opens.
    open class func audiovisualMIMETypes() -> [String] {
        [
            "video/quicktime", "video/mp4", "video/x-m4v", "audio/mp4", "video/3gpp", "audio/mpeg", "audio/wav", "audio/aiff",
            "audio/x-caf", "audio/ac3", "video/avi", "video/mpeg", "video/mp2t",
        ]
    }

    /// Whether AVFoundation opens files of `type` (a MIME type or uniform type identifier).
    open class func isPlayableExtendedMIMEType(_ extendedMIMEType: String) -> Bool {
        let base = extendedMIMEType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return audiovisualMIMETypes().contains(base)
    }
}

/// The option that asks for precise duration and timing (always given here).
public let AVURLAssetPreferPreciseDurationAndTimingKey: String = "AVURLAssetPreferPreciseDurationAndTimingKey"
/// The option of the HTTP headers of a remote asset (nsesim reads files only).
public let AVURLAssetHTTPHeaderFieldsKey: String = "AVURLAssetHTTPHeaderFieldsKey"

/// A track's persistent identifier.
public typealias CMPersistentTrackID = Int32

/// A file type AVFoundation reads or writes, as Apple's `AVFileType` (raw values are type identifiers).
public struct AVFileType: RawRepresentable, Hashable, Sendable {
    /// The uniform type identifier.
    public let rawValue: String
    /// The type of `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The type of `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// QuickTime movie.
    public static let mov = AVFileType(rawValue: "com.apple.quicktime-movie")
    /// MPEG-4.
    public static let mp4 = AVFileType(rawValue: "public.mpeg-4")
    /// Apple's MPEG-4 video.
    public static let m4v = AVFileType(rawValue: "com.apple.m4v-video")
    /// MPEG-4 audio.
    public static let m4a = AVFileType(rawValue: "com.apple.m4a-audio")
    /// 3GPP.
    public static let mobile3GPP = AVFileType(rawValue: "public.3gpp")
    /// MP3.
    public static let mp3 = AVFileType(rawValue: "public.mp3")
    /// WAVE.
    public static let wav = AVFileType(rawValue: "com.microsoft.waveform-audio")
    /// AIFF.
    public static let aiff = AVFileType(rawValue: "public.aiff-audio")
    /// Core Audio Format.
    public static let caf = AVFileType(rawValue: "com.apple.coreaudio-format")
    /// AC-3.
    public static let ac3 = AVFileType(rawValue: "public.ac3-audio")
    /// AVI (read by nsesim's FFmpeg; iOS's attachments accept it).
    public static let avi = AVFileType(rawValue: "public.avi")
    /// MPEG-1/2 program stream.
    public static let mpg = AVFileType(rawValue: "public.mpeg")
    /// MPEG-2 transport stream.
    public static let mpeg2TS = AVFileType(rawValue: "public.mpeg-2-transport-stream")
}

/// Why an asset could not be read: the error to throw, kept for every later question.
struct AssetFailure: Error {
    let error: any Error
}

/// What a movie file holds, read once by its asset.
struct AssetContents: Sendable {
    let movie: MovieFile
    let duration: CMTime
    let tracks: [AVAssetTrack]
    let typeIdentifier: String
    let fileBytes: Int

    /// Reads the file at `url`, and reports the asset (or why it cannot be read).
    static func read(_ url: URL, asset: AVAsset) -> Result<AssetContents, AssetFailure> {
        let api = "AVAsset"
        guard url.isFileURL else {
            let error = URLError(.unsupportedURL, userInfo: [NSURLErrorFailingURLErrorKey: url])
            ImageReport.failed(operation: "asset", api: api, reason: "\(url.absoluteString) is not a file URL (nsesim reads files only)")
            return .failure(AssetFailure(error: error))
        }
        let path = url.path
        do throws(MovieFailure) {
            if !FileManager.default.fileExists(atPath: path) {
                throw MovieFailure(status: NSESIM_MOVIE_NOT_FOUND, reason: "no file at \(path)")
            }
            let movie = try MovieFile(path: path)
            let tracks = movie.streams.enumerated().map { index, stream in
                AVAssetTrack(stream: stream, isDecoded: index == movie.videoStream, asset: asset)
            }
            let duration =
                movie.streams.compactMap(\.durationTime).max()
                ?? movie.durationMicroseconds.map { CMTime(value: $0, timescale: 1_000_000) } ?? .indefinite
            let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            let type = Self.typeIdentifier(path: path, container: movie.format)
            var record: [String: JSONValue] = [
                "operation": .string("asset"), "api": .string(api), "path": .string(path), "format": .string(type),
                "container": .string(movie.format), "bytes": .integer(Int64(bytes)), "duration": .double(duration.seconds),
                "tracks": .array(
                    movie.streams.map { stream in
                        .object([
                            "kind": .string(AVAssetTrack.mediaType(stream.kind).rawValue), "codec": .string(stream.codec),
                            "width": .integer(Int64(stream.width)), "height": .integer(Int64(stream.height)),
                        ])
                    }),
                "libraries": .string(MovieFile.libraryVersions),
            ]
            if let load = MovieFile.takeLibraryLoadTime() { record["libraryLoadSeconds"] = .double(Self.seconds(load)) }
            ImageReport.send(record)
            return .success(AssetContents(movie: movie, duration: duration, tracks: tracks, typeIdentifier: type, fileBytes: bytes))
        } catch {
            ImageReport.failed(operation: "asset", api: api, reason: "\(path): \(error.reason)")
            return .failure(AssetFailure(error: error.error(url: url)))
        }
    }

    /// The type identifier iOS gives the file: by its extension, else by its container.
    static func typeIdentifier(path: String, container: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "mov", "qt": return AVFileType.mov.rawValue
        case "mp4": return AVFileType.mp4.rawValue
        case "m4v": return AVFileType.m4v.rawValue
        case "m4a": return AVFileType.m4a.rawValue
        case "3gp", "3gpp": return AVFileType.mobile3GPP.rawValue
        case "avi": return AVFileType.avi.rawValue
        case "mpg", "mpeg": return AVFileType.mpg.rawValue
        case "m2v": return "public.mpeg-2-video"
        case "ts": return AVFileType.mpeg2TS.rawValue
        case "mp3": return AVFileType.mp3.rawValue
        case "wav": return AVFileType.wav.rawValue
        default:
            switch container {
            case "avi": return AVFileType.avi.rawValue
            case "mpeg": return AVFileType.mpg.rawValue
            case "mpegts": return AVFileType.mpeg2TS.rawValue
            case "mp3": return AVFileType.mp3.rawValue
            default: return container.hasPrefix("mov,") ? AVFileType.mp4.rawValue : container
            }
        }
    }

    /// A duration in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
