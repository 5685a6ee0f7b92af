/// A keychain item's accessibility class (`kSecAttrAccessible`, the attribute `pdmn`), with
/// Security's values and iOS's rule for a locked phone: `WhenUnlocked` items are out of reach
/// while locked, `AfterFirstUnlock` items only before the first unlock, `Always` never.
/// Items added without one are `WhenUnlocked`, as on iOS.
public enum KeychainAccessibility: String, Sendable, CaseIterable {
    case whenUnlocked = "ak"
    case afterFirstUnlock = "ck"
    case always = "dk"
    case whenUnlockedThisDeviceOnly = "aku"
    case afterFirstUnlockThisDeviceOnly = "cku"
    case alwaysThisDeviceOnly = "dku"
    case whenPasscodeSetThisDeviceOnly = "akpu"

    /// Security's attribute key for the class.
    public static let attributeKey = "pdmn"
    /// iOS's default for an item added without `kSecAttrAccessible`.
    public static let `default` = KeychainAccessibility.whenUnlocked

    /// Apple's constant name: `kSecAttrAccessibleWhenUnlocked`, …
    public var constantName: String {
        switch self {
        case .whenUnlocked: "kSecAttrAccessibleWhenUnlocked"
        case .afterFirstUnlock: "kSecAttrAccessibleAfterFirstUnlock"
        case .always: "kSecAttrAccessibleAlways"
        case .whenUnlockedThisDeviceOnly: "kSecAttrAccessibleWhenUnlockedThisDeviceOnly"
        case .afterFirstUnlockThisDeviceOnly: "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"
        case .alwaysThisDeviceOnly: "kSecAttrAccessibleAlwaysThisDeviceOnly"
        case .whenPasscodeSetThisDeviceOnly: "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"
        }
    }

    /// The class named by Apple's constant name (`kSecAttrAccessibleAfterFirstUnlock`), its
    /// short form without the prefix (`AfterFirstUnlock`, any case) or Security's value (`ck`).
    public init?(name: String) {
        if let value = KeychainAccessibility(rawValue: name) {
            self = value
            return
        }
        let wanted = name.lowercased()
        guard
            let found = Self.allCases.first(where: { candidate in
                candidate.constantName.lowercased() == wanted
                    || candidate.constantName.dropFirst("kSecAttrAccessible".count).lowercased() == wanted
            })
        else { return nil }
        self = found
    }

    /// The accepted names, for error messages.
    public static var accepted: String { allCases.map(\.constantName).joined(separator: ", ") }

    /// Whether an item of this class can be read or written in `state`.
    public func isAvailable(in state: LockState) -> Bool {
        switch (self, state) {
        case (_, .unlocked), (.always, _), (.alwaysThisDeviceOnly, _): true
        case (.afterFirstUnlock, .locked), (.afterFirstUnlockThisDeviceOnly, .locked): true
        default: false
        }
    }

    /// The locked state in which this class is first refused (nil: never): what the warning
    /// `fails-when-locked` of an unlocked run names.
    public var firstRefusedIn: LockState? {
        [LockState.locked, .beforeFirstUnlock].first { !isAvailable(in: $0) }
    }
}
