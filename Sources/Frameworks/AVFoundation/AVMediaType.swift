/// The kind of media a track holds, as Apple's `AVMediaType` (its raw values are QuickTime's
/// handler types).
public struct AVMediaType: RawRepresentable, Hashable, Sendable {
    /// The four-letter type ("vide", "soun").
    public let rawValue: String
    /// The type of `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The type of `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Video.
    public static let video = AVMediaType(rawValue: "vide")
    /// Audio.
    public static let audio = AVMediaType(rawValue: "soun")
    /// Text.
    public static let text = AVMediaType(rawValue: "text")
    /// Closed captions.
    public static let closedCaption = AVMediaType(rawValue: "clcp")
    /// Subtitles.
    public static let subtitle = AVMediaType(rawValue: "sbtl")
    /// Timecode.
    public static let timecode = AVMediaType(rawValue: "tmcd")
    /// Timed metadata.
    public static let metadata = AVMediaType(rawValue: "meta")
    /// Muxed audio and video (MPEG-1 and MPEG-2 system streams as one track).
    public static let muxed = AVMediaType(rawValue: "muxx")
}
