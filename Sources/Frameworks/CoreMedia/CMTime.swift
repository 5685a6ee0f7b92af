/// Core Media's rational time: `value / timescale` seconds, or one of the non-numeric times
/// (invalid, indefinite, positive or negative infinity), as Apple's `CMTime`.
public typealias CMTimeValue = Int64
/// The denominator of a `CMTime` (positive for a numeric time).
public typealias CMTimeScale = Int32
/// The loop or sequence a time belongs to; compared before the value.
public typealias CMTimeEpoch = Int64

/// The flag bits of a `CMTime`.
public struct CMTimeFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Set on every time that is not `.invalid`.
    public static let valid = CMTimeFlags(rawValue: 1 << 0)
    /// The value was rounded to fit the timescale.
    public static let hasBeenRounded = CMTimeFlags(rawValue: 1 << 1)
    public static let positiveInfinity = CMTimeFlags(rawValue: 1 << 2)
    public static let negativeInfinity = CMTimeFlags(rawValue: 1 << 3)
    public static let indefinite = CMTimeFlags(rawValue: 1 << 4)
    /// The flags that make a time non-numeric.
    public static let impliedValueFlagsMask: CMTimeFlags = [.positiveInfinity, .negativeInfinity, .indefinite]
}

/// The largest timescale Core Media accepts.
public let kCMTimeMaxTimescale: Int32 = 0x7fff_ffff

/// A time in media: Apple's `CMTime`, with its Swift overlay's members (`seconds`,
/// `init(seconds:preferredTimescale:)`, comparison and arithmetic).
public struct CMTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var value: CMTimeValue
    public var timescale: CMTimeScale
    public var flags: CMTimeFlags
    public var epoch: CMTimeEpoch

    /// An invalid time, as `CMTime()` is on iOS.
    public init() { self.init(value: 0, timescale: 0, flags: [], epoch: 0) }

    public init(value: CMTimeValue, timescale: CMTimeScale, flags: CMTimeFlags, epoch: CMTimeEpoch) {
        self.value = value
        self.timescale = timescale
        self.flags = flags
        self.epoch = epoch
    }

    /// `value / timescale` seconds; invalid when `timescale` is not positive.
    public init(value: CMTimeValue, timescale: CMTimeScale) {
        self.init(value: value, timescale: timescale, flags: timescale > 0 ? .valid : [], epoch: 0)
    }

    /// `seconds` in `preferredTimescale`, rounded to the nearest unit (`hasBeenRounded` then set);
    /// invalid for a non-positive timescale or a NaN, an infinity for an infinite number.
    public init(seconds: Double, preferredTimescale: CMTimeScale) {
        guard preferredTimescale > 0, !seconds.isNaN else {
            self.init()
            return
        }
        if seconds.isInfinite {
            self = seconds > 0 ? .positiveInfinity : .negativeInfinity
            return
        }
        var timescale = preferredTimescale
        var exact = seconds * Double(timescale)
        // Apple's rule: halve the timescale until the value fits, then give up to an infinity.
        while abs(exact) >= 9.2e18, timescale > 1 {
            timescale /= 2
            exact = seconds * Double(timescale)
        }
        guard abs(exact) < 9.2e18 else {
            self = seconds > 0 ? .positiveInfinity : .negativeInfinity
            return
        }
        let rounded = exact.rounded()
        self.init(value: Int64(rounded), timescale: timescale, flags: rounded == exact ? .valid : [.valid, .hasBeenRounded], epoch: 0)
    }

    public static let zero = CMTime(value: 0, timescale: 1)
    public static let invalid = CMTime()
    public static let indefinite = CMTime(value: 0, timescale: 0, flags: [.valid, .indefinite], epoch: 0)
    public static let positiveInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .positiveInfinity], epoch: 0)
    public static let negativeInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .negativeInfinity], epoch: 0)

    public var isValid: Bool { flags.contains(.valid) }
    public var isIndefinite: Bool { isValid && flags.contains(.indefinite) }
    public var isPositiveInfinity: Bool { isValid && flags.contains(.positiveInfinity) }
    public var isNegativeInfinity: Bool { isValid && flags.contains(.negativeInfinity) }
    /// Valid and neither indefinite nor infinite.
    public var isNumeric: Bool { isValid && flags.isDisjoint(with: .impliedValueFlagsMask) }
    public var hasBeenRounded: Bool { isNumeric && flags.contains(.hasBeenRounded) }

    /// The time in seconds: NaN when invalid or indefinite, ±infinity for the infinities.
    public var seconds: Double {
        if isPositiveInfinity { return .infinity }
        if isNegativeInfinity { return -.infinity }
        guard isNumeric else { return .nan }
        return Double(value) / Double(timescale)
    }

    /// The time in `newTimescale`, rounded to the nearest unit.
    public func convertScale(_ newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
        guard isNumeric, newTimescale > 0 else { return self }
        let exact = Double(value) * Double(newTimescale) / Double(timescale)
        let rounded: Double
        switch method {
        case .roundTowardZero: rounded = exact.rounded(.towardZero)
        case .roundAwayFromZero: rounded = exact.rounded(.awayFromZero)
        case .roundTowardPositiveInfinity, .quickTime: rounded = exact.rounded(.up)
        case .roundTowardNegativeInfinity: rounded = exact.rounded(.down)
        default: rounded = exact.rounded(.toNearestOrAwayFromZero)
        }
        return CMTime(
            value: Int64(rounded), timescale: newTimescale, flags: rounded == exact ? .valid : [.valid, .hasBeenRounded], epoch: epoch)
    }

    public var description: String {
        if !isValid { return "CMTime(invalid)" }
        if isIndefinite { return "CMTime(indefinite)" }
        if isPositiveInfinity { return "CMTime(+infinity)" }
        if isNegativeInfinity { return "CMTime(-infinity)" }
        return "CMTime(\(value)/\(timescale) = \(seconds)s)"
    }

    /// Core Media's order: invalid times are equal to each other and less than any other;
    /// then −∞ < numeric (by epoch, then value) < +∞ < indefinite.
    public static func < (lhs: CMTime, rhs: CMTime) -> Bool { CMTimeCompare(lhs, rhs) < 0 }
    public static func == (lhs: CMTime, rhs: CMTime) -> Bool { CMTimeCompare(lhs, rhs) == 0 }
    public func hash(into hasher: inout Hasher) {
        if isNumeric {
            hasher.combine(epoch)
            hasher.combine(seconds)
        } else {
            hasher.combine(flags.intersection([.valid, .indefinite, .positiveInfinity, .negativeInfinity]).rawValue)
        }
    }

    public static func + (lhs: CMTime, rhs: CMTime) -> CMTime { CMTimeAdd(lhs, rhs) }
    public static func - (lhs: CMTime, rhs: CMTime) -> CMTime { CMTimeSubtract(lhs, rhs) }
    public static func += (lhs: inout CMTime, rhs: CMTime) { lhs = lhs + rhs }
    public static func -= (lhs: inout CMTime, rhs: CMTime) { lhs = lhs - rhs }
    public static func * (time: CMTime, multiplier: Int32) -> CMTime { CMTimeMultiply(time, multiplier: multiplier) }
    public static func * (time: CMTime, multiplier: Double) -> CMTime { CMTimeMultiplyByFloat64(time, multiplier: multiplier) }
}

/// How a conversion rounds.
public enum CMTimeRoundingMethod: UInt32, Sendable {
    case roundHalfAwayFromZero = 1, roundTowardZero = 2, roundAwayFromZero = 3, quickTime = 4
    case roundTowardPositiveInfinity = 5, roundTowardNegativeInfinity = 6
    public static let `default` = CMTimeRoundingMethod.roundHalfAwayFromZero
}

/// A valid time of `value / timescale` seconds.
public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }
/// A valid time in an epoch.
public func CMTimeMakeWithEpoch(value: Int64, timescale: Int32, epoch: Int64) -> CMTime {
    CMTime(value: value, timescale: timescale, flags: timescale > 0 ? .valid : [], epoch: epoch)
}
/// `seconds` in `preferredTimescale`.
public func CMTimeMakeWithSeconds(_ seconds: Double, preferredTimescale: Int32) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}
/// The time in seconds (NaN for a non-numeric time).
public func CMTimeGetSeconds(_ time: CMTime) -> Double { time.seconds }
/// The time in another timescale.
public func CMTimeConvertScale(_ time: CMTime, timescale newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
    time.convertScale(newTimescale, method: method)
}

/// −1, 0 or 1, in Core Media's order (see `CMTime.<`).
public func CMTimeCompare(_ time1: CMTime, _ time2: CMTime) -> Int32 {
    func rank(_ time: CMTime) -> Int {
        if !time.isValid { return 0 }
        if time.isNegativeInfinity { return 1 }
        if time.isNumeric { return 2 }
        if time.isPositiveInfinity { return 3 }
        return 4  // indefinite
    }
    let (first, second) = (rank(time1), rank(time2))
    if first != second { return first < second ? -1 : 1 }
    guard first == 2 else { return 0 }
    if time1.epoch != time2.epoch { return time1.epoch < time2.epoch ? -1 : 1 }
    // value1/scale1 vs value2/scale2, exactly, by cross-multiplication in 128 bits.
    let left = time1.value.multipliedFullWidth(by: Int64(time2.timescale))
    let right = time2.value.multipliedFullWidth(by: Int64(time1.timescale))
    if left.high != right.high { return left.high < right.high ? -1 : 1 }
    if left.low != right.low { return left.low < right.low ? -1 : 1 }
    return 0
}

/// The sum, in the larger timescale (or the first's when equal); non-numeric times as Core Media
/// adds them (an invalid operand gives invalid, +∞ + −∞ is invalid, indefinite wins otherwise).
public func CMTimeAdd(_ lhs: CMTime, _ rhs: CMTime) -> CMTime {
    if let special = nonNumeric(lhs, rhs, negateSecond: false) { return special }
    let timescale = max(lhs.timescale, rhs.timescale)
    let left = lhs.convertScale(timescale, method: .default)
    let right = rhs.convertScale(timescale, method: .default)
    let (sum, overflow) = left.value.addingReportingOverflow(right.value)
    if overflow { return sum < 0 ? .positiveInfinity : .negativeInfinity }
    let rounded = left.hasBeenRounded || right.hasBeenRounded
    return CMTime(value: sum, timescale: timescale, flags: rounded ? [.valid, .hasBeenRounded] : .valid, epoch: lhs.epoch)
}

/// The difference, as `CMTimeAdd` of the negated second time.
public func CMTimeSubtract(_ lhs: CMTime, _ rhs: CMTime) -> CMTime {
    if let special = nonNumeric(lhs, rhs, negateSecond: true) { return special }
    var negated = rhs
    negated.value = -rhs.value
    return CMTimeAdd(lhs, negated)
}

/// The time multiplied by an integer.
public func CMTimeMultiply(_ time: CMTime, multiplier: Int32) -> CMTime {
    guard time.isNumeric else { return time }
    let (product, overflow) = time.value.multipliedReportingOverflow(by: Int64(multiplier))
    if overflow { return (time.value < 0) != (multiplier < 0) ? .negativeInfinity : .positiveInfinity }
    var result = time
    result.value = product
    return result
}

/// The time multiplied by a real number, in its own timescale.
public func CMTimeMultiplyByFloat64(_ time: CMTime, multiplier: Double) -> CMTime {
    guard time.isNumeric else { return time }
    return CMTime(seconds: time.seconds * multiplier, preferredTimescale: time.timescale)
}

/// The earlier and later of two times, and the absolute value.
public func CMTimeMinimum(_ time1: CMTime, _ time2: CMTime) -> CMTime { CMTimeCompare(time1, time2) <= 0 ? time1 : time2 }
public func CMTimeMaximum(_ time1: CMTime, _ time2: CMTime) -> CMTime { CMTimeCompare(time1, time2) >= 0 ? time1 : time2 }
public func CMTimeAbsoluteValue(_ time: CMTime) -> CMTime {
    if time.isNegativeInfinity { return .positiveInfinity }
    guard time.isNumeric, time.value < 0 else { return time }
    var result = time
    result.value = -time.value
    return result
}

/// The result of adding non-numeric times, or nil when both are numeric.
private func nonNumeric(_ lhs: CMTime, _ rhs: CMTime, negateSecond: Bool) -> CMTime? {
    if !lhs.isValid || !rhs.isValid { return .invalid }
    if lhs.isNumeric && rhs.isNumeric { return nil }
    if lhs.isIndefinite || rhs.isIndefinite { return .indefinite }
    var second = rhs
    if negateSecond {
        if rhs.isPositiveInfinity { second = .negativeInfinity } else if rhs.isNegativeInfinity { second = .positiveInfinity }
    }
    let infinities = [lhs, second].filter { !$0.isNumeric }
    if infinities.count == 2, infinities[0].isPositiveInfinity != infinities[1].isPositiveInfinity { return .invalid }
    return infinities[0]
}

/// A span of media time: a start and a duration.
public struct CMTimeRange: Sendable, Hashable {
    public var start: CMTime
    public var duration: CMTime
    public init(start: CMTime, duration: CMTime) {
        self.start = start
        self.duration = duration
    }
    public init(start: CMTime, end: CMTime) { self.init(start: start, duration: end - start) }
    /// The first time after the range.
    public var end: CMTime { start + duration }
    public var isValid: Bool { start.isValid && duration.isValid && duration.epoch == 0 && !(duration.isNumeric && duration.value < 0) }
    public var isEmpty: Bool { isValid && duration == .zero }
    /// Whether `time` is at or after the start and before the end.
    public func containsTime(_ time: CMTime) -> Bool { time >= start && time < end }
    public static let zero = CMTimeRange(start: .zero, duration: .zero)
    public static let invalid = CMTimeRange(start: .invalid, duration: .invalid)
}

public let kCMTimeZero = CMTime.zero
public let kCMTimeInvalid = CMTime.invalid
public let kCMTimeIndefinite = CMTime.indefinite
public let kCMTimePositiveInfinity = CMTime.positiveInfinity
public let kCMTimeNegativeInfinity = CMTime.negativeInfinity
