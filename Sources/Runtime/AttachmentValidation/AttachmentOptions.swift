/// The options of an attachment (`UNNotificationAttachmentOptions*Key`), parsed and
/// independent of Foundation's dictionaries so that they can travel as JSON.
public struct AttachmentOptions: Sendable, Equatable, Codable {
    /// `UNNotificationAttachmentOptionsTypeHintKey`: a UTI that overrides the file extension.
    public var typeHint: String?
    /// `UNNotificationAttachmentOptionsThumbnailHiddenKey`.
    public var thumbnailHidden: Bool?
    /// `UNNotificationAttachmentOptionsThumbnailClippingRectKey`, in unit coordinates.
    public var thumbnailClippingRect: ClippingRect?
    /// `UNNotificationAttachmentOptionsThumbnailTimeKey`.
    public var thumbnailTime: ThumbnailTime?

    public init(
        typeHint: String? = nil, thumbnailHidden: Bool? = nil,
        thumbnailClippingRect: ClippingRect? = nil, thumbnailTime: ThumbnailTime? = nil
    ) {
        self.typeHint = typeHint
        self.thumbnailHidden = thumbnailHidden
        self.thumbnailClippingRect = thumbnailClippingRect
        self.thumbnailTime = thumbnailTime
    }

    /// True when no option is set.
    public var isEmpty: Bool {
        typeHint == nil && thumbnailHidden == nil && thumbnailClippingRect == nil && thumbnailTime == nil
    }

    /// Checks the values against the kind of the attachment: the clipping rectangle must
    /// lie inside the unit square, and the thumbnail time must be non-negative (and a
    /// whole frame number for an animated image).
    public func check(for kind: AttachmentKind) throws(AttachmentValidationError) {
        if let rect = thumbnailClippingRect {
            let inside =
                rect.x >= 0 && rect.y >= 0 && rect.width > 0 && rect.height > 0
                && rect.x + rect.width <= 1 && rect.y + rect.height <= 1
                && [rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite)
            guard inside else {
                throw .corrupt(
                    "option ThumbnailClippingRect \(rect) is not inside the unit square: "
                        + "x and y from 0, width and height above 0, x+width and y+height at most 1")
            }
        }
        if let time = thumbnailTime {
            switch time {
            case .number(let value):
                guard value.isFinite, value >= 0 else {
                    throw .corrupt("option ThumbnailTime \(value) is negative; it must be 0 or more")
                }
                if kind == .image, value.rounded() != value {
                    throw .corrupt("option ThumbnailTime \(value) must be a whole frame number for an image")
                }
            case .cmTime(let value, let timescale):
                guard timescale > 0 else {
                    throw .corrupt("option ThumbnailTime: CMTime timescale \(timescale) must be above 0")
                }
                guard value >= 0 else {
                    throw .corrupt("option ThumbnailTime: CMTime value \(value) is negative; it must be 0 or more")
                }
            }
        }
    }
}

/// A thumbnail clipping rectangle in unit coordinates (0...1 on each axis).
public struct ClippingRect: Sendable, Equatable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "{x \(x), y \(y), width \(width), height \(height)}" }
}

/// Which frame (animated image) or moment (movie) the thumbnail shows.
public enum ThumbnailTime: Sendable, Equatable, Codable {
    /// A number: a frame number for an animated image, seconds for a movie.
    case number(Double)
    /// A CMTime dictionary (`CMTimeCopyAsDictionary`): value / timescale seconds.
    case cmTime(value: Int64, timescale: Int32)

    /// The time in seconds (or the frame number, for images).
    public var value: Double {
        switch self {
        case .number(let number): number
        case .cmTime(let value, let timescale): timescale > 0 ? Double(value) / Double(timescale) : 0
        }
    }
}
