import CMovieFile
import CoreGraphics
import Foundation

/// One track of an asset, as Apple's `AVAssetTrack`: what the container says of one of its
/// streams (FFmpeg's), immutable once read.
open class AVAssetTrack: NSObject, @unchecked Sendable {
    // @unchecked: every property is a constant, but the weak reference to the asset.

    /// The container's track ID.
    public let trackID: CMPersistentTrackID
    /// What the track holds (`.video`, `.audio`, `.subtitle`; `.metadata` for the rest).
    public let mediaType: AVMediaType
    /// The coded size of a video track's frames (zero for other tracks), before `preferredTransform`.
    public let naturalSize: CGSize
    /// The transform the track asks to be shown through (QuickTime's matrix: a rotated phone video's turn).
    public let preferredTransform: CGAffineTransform
    /// Frames a second (0 for a track that is not video).
    public let nominalFrameRate: Float
    /// Bits a second, as the container or codec says (0 when unknown).
    public let estimatedDataRate: Float
    /// Where the track sits in the asset's timeline.
    public let timeRange: CMTimeRange
    /// The timescale of the track's media.
    public let naturalTimeScale: CMTimeScale
    /// Whether the track is enabled (all are).
    public let isEnabled: Bool = true
    /// Whether the track's media can be decoded here (a video track nsesim takes frames from; audio).
    public let isPlayable: Bool
    /// Whether the track is decodable (as `isPlayable`).
    public var isDecodable: Bool { isPlayable }
    /// Whether the track's samples are all self-contained.
    public let isSelfContained: Bool = true
    /// The codec's name (FFmpeg's: "h264", "mpeg4", "aac"), as a format description would say it.
    public let codecName: String
    /// The asset the track belongs to.
    public private(set) weak var asset: AVAsset?

    init(stream: MovieStream, isDecoded: Bool, asset: AVAsset) {
        trackID = stream.trackID
        mediaType = Self.mediaType(stream.kind)
        let isVideo = stream.kind == NSESIM_STREAM_VIDEO
        naturalSize = isVideo ? CGSize(width: stream.width, height: stream.height) : .zero
        preferredTransform = stream.transform
        nominalFrameRate = isVideo ? Float(stream.frameRate) : 0
        estimatedDataRate = Float(stream.bitRate)
        let duration = stream.durationTime ?? .zero
        timeRange = CMTimeRange(start: stream.startTime, duration: duration)
        naturalTimeScale = stream.timeBase.num == 1 ? stream.timeBase.den : 600
        isPlayable = isDecoded || stream.kind == NSESIM_STREAM_AUDIO
        codecName = stream.codec
        self.asset = asset
        super.init()
    }

    /// AVFoundation's media type of a stream kind.
    static func mediaType(_ kind: nsesim_stream_kind) -> AVMediaType {
        switch kind {
        case NSESIM_STREAM_VIDEO: .video
        case NSESIM_STREAM_AUDIO: .audio
        case NSESIM_STREAM_SUBTITLE: .subtitle
        default: .metadata
        }
    }

    /// Whether the track has media of `mediaCharacteristic` ("visual" for video, "audible" for audio).
    public func hasMediaCharacteristic(_ mediaCharacteristic: AVMediaCharacteristic) -> Bool {
        switch mediaCharacteristic {
        case .visual: mediaType == .video
        case .audible: mediaType == .audio
        case .legible: mediaType == .subtitle
        default: false
        }
    }
}

/// A characteristic of media, as Apple's `AVMediaCharacteristic`.
public struct AVMediaCharacteristic: RawRepresentable, Hashable, Sendable {
    /// The characteristic's identifier.
    public let rawValue: String
    /// The characteristic of `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The characteristic of `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Media that is seen.
    public static let visual = AVMediaCharacteristic(rawValue: "public.visual")
    /// Media that is heard.
    public static let audible = AVMediaCharacteristic(rawValue: "public.audible")
    /// Media that is read (subtitles).
    public static let legible = AVMediaCharacteristic(rawValue: "public.legible")
}
