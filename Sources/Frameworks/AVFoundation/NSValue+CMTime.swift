import CoreMedia
import Foundation

// AVFoundation's NSValue additions (`NSValue(time:)`, `timeValue`, and the range forms), which
// image generators take their times in. swift-corelibs-foundation's NSValue stores raw bytes but
// cannot describe a struct, so a time is stored as an array of three 64-bit words ("[3q]", the
// bytes of value, timescale with flags, epoch: CMTime's 24-byte layout) and a range as six; it has
// no `getValue(_:size:)`, so they are read back with `getValue(_:)` into a buffer of that size.

extension NSValue {
    /// The type encoding a time is stored under.
    static let timeEncoding = "[3q]"
    /// The type encoding a time range is stored under.
    static let timeRangeEncoding = "[6q]"

    /// A value holding `time`.
    public convenience init(time: CMTime) {
        var words = NSValue.words(time)
        self.init(bytes: &words, objCType: NSValue.timeEncoding)
    }

    /// The time held (`.invalid` when the value holds something else).
    public var timeValue: CMTime {
        guard String(cString: objCType) == NSValue.timeEncoding else { return .invalid }
        var words: (Int64, Int64, Int64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &words) { getValue($0.baseAddress!) }
        return NSValue.time(words)
    }

    /// A value holding `timeRange`.
    public convenience init(timeRange: CMTimeRange) {
        let start = NSValue.words(timeRange.start)
        let duration = NSValue.words(timeRange.duration)
        var words = (start.0, start.1, start.2, duration.0, duration.1, duration.2)
        self.init(bytes: &words, objCType: NSValue.timeRangeEncoding)
    }

    /// The time range held (`.invalid` when the value holds something else).
    public var timeRangeValue: CMTimeRange {
        guard String(cString: objCType) == NSValue.timeRangeEncoding else { return .invalid }
        var words: (Int64, Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { getValue($0.baseAddress!) }
        return CMTimeRange(start: NSValue.time((words.0, words.1, words.2)), duration: NSValue.time((words.3, words.4, words.5)))
    }

    /// CMTime's fields as three words: value, timescale (low half) with flags (high half), epoch.
    private static func words(_ time: CMTime) -> (Int64, Int64, Int64) {
        let packed = UInt64(UInt32(bitPattern: time.timescale)) | UInt64(time.flags.rawValue) << 32
        return (time.value, Int64(bitPattern: packed), time.epoch)
    }

    private static func time(_ words: (Int64, Int64, Int64)) -> CMTime {
        let packed = UInt64(bitPattern: words.1)
        return CMTime(
            value: words.0, timescale: Int32(bitPattern: UInt32(truncatingIfNeeded: packed)),
            flags: CMTimeFlags(rawValue: UInt32(truncatingIfNeeded: packed >> 32)), epoch: words.2)
    }
}
