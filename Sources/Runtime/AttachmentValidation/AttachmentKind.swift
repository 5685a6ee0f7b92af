/// The three kinds of media a notification can carry, each with Apple's size limit.
///
/// Apple documents the limits in megabytes without saying whether a megabyte is
/// 1,000,000 or 1,048,576 bytes; nsesim takes the decimal figure, held in one place
/// (``AttachmentKind/bytesPerMegabyte``) so that the choice can be changed in one line.
public enum AttachmentKind: String, Sendable, CaseIterable, Codable {
    case audio
    case image
    case movie

    /// The size of the megabyte used by every limit: 1,000,000 bytes.
    public static let bytesPerMegabyte: Int64 = 1_000_000

    /// The largest file of this kind a notification may carry, in megabytes.
    public var maximumMegabytes: Int64 {
        switch self {
        case .audio: 5
        case .image: 10
        case .movie: 50
        }
    }

    /// The largest file of this kind a notification may carry, in bytes.
    public var maximumSize: Int64 { maximumMegabytes * Self.bytesPerMegabyte }

    /// The largest limit of any kind: the most a download for an attachment may need.
    public static var largestMaximumSize: Int64 {
        allCases.map(\.maximumSize).max() ?? 0
    }

    /// "an image", "a movie", "an audio file": for messages.
    public var phrase: String {
        switch self {
        case .audio: "an audio file"
        case .image: "an image"
        case .movie: "a movie"
        }
    }
}
