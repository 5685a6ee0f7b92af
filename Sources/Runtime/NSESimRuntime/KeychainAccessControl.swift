/// A keychain item's access control (`kSecAttrAccessControl`, the attribute `accc`): its
/// accessibility class and the constraints of `SecAccessControlCreateFlags`, with iOS's rule for
/// an extension: an item whose secret needs the user (user presence, biometry, the passcode, a
/// paired watch, an application password) cannot be decrypted without authentication UI, which
/// a notification service extension never shows. What a query then gets depends on its
/// `kSecUseAuthenticationUI`: `Skip` leaves such items out, `Fail` (and `Allow`, the default,
/// as no UI can appear) refuses with `errSecInteractionNotAllowed`. Attributes alone need no
/// authentication, nor does a delete. Pure: Security and nsesim's seed files share it.
public struct KeychainAccessControl: Sendable, Equatable {
    /// The accessibility class the access control carries (its `protection`).
    public var accessibility: KeychainAccessibility
    /// `SecAccessControlCreateFlags`' raw value.
    public var flags: UInt

    /// Security's attribute key.
    public static let attributeKey = "accc"

    /// `SecAccessControlCreateFlags`' bits, with Apple's values and names.
    public static let flagNames: [(bit: UInt, name: String)] = [
        (1 << 0, "userPresence"), (1 << 1, "biometryAny"), (1 << 3, "biometryCurrentSet"),
        (1 << 4, "devicePasscode"), (1 << 5, "watch"), (1 << 14, "or"), (1 << 15, "and"),
        (1 << 30, "privateKeyUsage"), (1 << 31, "applicationPassword"),
    ]
    /// The bits that need the user to authenticate before the item's secret is decrypted.
    static let authenticationBits: UInt = (1 << 0) | (1 << 1) | (1 << 3) | (1 << 4) | (1 << 5) | (1 << 31)
    /// Every bit Security defines.
    static let knownBits: UInt = flagNames.reduce(0) { $0 | $1.bit }

    /// The access control of `accessibility` with `flags`.
    public init(accessibility: KeychainAccessibility, flags: UInt) {
        self.accessibility = accessibility
        self.flags = flags
    }

    /// Why `SecAccessControlCreateWithFlags` refuses `flags` (nil: it accepts them): `.or` with
    /// `.and`, or a bit Security does not define.
    public static func refusal(of flags: UInt) -> String? {
        if flags & (1 << 14) != 0, flags & (1 << 15) != 0 { return "the flags .or and .and cannot be combined" }
        if flags & ~knownBits != 0 { return "unknown SecAccessControlCreateFlags bits 0x\(String(flags & ~knownBits, radix: 16))" }
        return nil
    }

    /// The names of the flags set: `["userPresence"]`, `[]` for none.
    public var names: [String] { Self.flagNames.filter { flags & $0.bit != 0 }.map(\.name) }

    /// Whether reading the item's secret (or changing it) needs the user to authenticate.
    public var needsAuthentication: Bool { flags & Self.authenticationBits != 0 }

    /// The stored form, `ak;1` (class, then the flags in decimal).
    public var encoded: String { "\(accessibility.rawValue);\(flags)" }

    /// An access control from its stored form.
    public init?(encoded: String) {
        let parts = encoded.split(separator: ";", omittingEmptySubsequences: false)
        guard parts.count == 2, let accessibility = KeychainAccessibility(rawValue: String(parts[0])),
            let flags = UInt(parts[1])
        else { return nil }
        self.init(accessibility: accessibility, flags: flags)
    }

    /// What a query's `kSecUseAuthenticationUI` asks for when an item needs authentication.
    public enum AuthenticationUI: String, Sendable, CaseIterable {
        /// `kSecUseAuthenticationUIAllow` (the default): ask the user.
        case allow = "u_AuthUIA"
        /// `kSecUseAuthenticationUIFail`: fail instead.
        case fail = "u_AuthUIF"
        /// `kSecUseAuthenticationUISkip`: leave such items out.
        case skip = "u_AuthUIS"

        /// Apple's constant name.
        public var constantName: String {
            switch self {
            case .allow: "kSecUseAuthenticationUIAllow"
            case .fail: "kSecUseAuthenticationUIFail"
            case .skip: "kSecUseAuthenticationUISkip"
            }
        }
    }

    /// What happens to an item for a call in an extension.
    public enum Outcome: String, Sendable {
        /// The call may use the item.
        case allowed
        /// The item is left out (`kSecUseAuthenticationUISkip`).
        case skipped
        /// The call fails with `errSecInteractionNotAllowed`: the user would have to authenticate.
        case refused
    }

    /// The outcome for a call that `readsSecret` (returns or changes the data) with the query's `ui`.
    public func outcome(readsSecret: Bool, ui: AuthenticationUI) -> Outcome {
        guard readsSecret, needsAuthentication else { return .allowed }
        return ui == .skip ? .skipped : .refused
    }
}
