/// Whether an interpolated value shows in the log. As in a release log on iOS, a private
/// value shows as `<private>`; `.auto` makes strings and objects private and numbers and
/// booleans public.
public struct OSLogPrivacy: Equatable, Sendable {
    enum Kind: Equatable, Sendable { case auto, `public`, `private`, sensitive }
    let kind: Kind

    /// Strings and objects private, scalars public.
    public static let auto = OSLogPrivacy(kind: .auto)
    /// Always shown.
    public static let `public` = OSLogPrivacy(kind: .public)
    /// Redacted in the log.
    public static let `private` = OSLogPrivacy(kind: .private)
    /// Redacted, even where private data is shown.
    public static let sensitive = OSLogPrivacy(kind: .sensitive)

    /// How a redacted value is masked.
    public struct Mask: Equatable, Sendable {
        let isHash: Bool
        /// A hash of the value in place of the value.
        public static let hash = Mask(isHash: true)
        /// No mask.
        public static let none = Mask(isHash: false)
    }

    /// Private, masked by a hash of the value.
    public static func `private`(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(kind: .private) }
    /// Sensitive, masked by a hash of the value.
    public static func sensitive(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(kind: .sensitive) }
    /// Automatic, masked by a hash of the value when private.
    public static func auto(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(kind: .auto) }

    /// Whether a value of this kind is redacted (`isScalar`: a number or a boolean).
    func redacts(isScalar: Bool) -> Bool {
        switch kind {
        case .public: false
        case .private, .sensitive: true
        case .auto: !isScalar
        }
    }
}
