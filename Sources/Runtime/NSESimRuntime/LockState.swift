/// The phone's lock state when a push arrives (`--lock-state`, a replay case's
/// `options.lockState`, a center timeline's `lockState` step). Most pushes arrive on a locked
/// phone; Data Protection then keeps some keychain items and files out of reach
/// (``KeychainAccessibility``, ``FileProtectionClass``).
public enum LockState: String, Sendable, CaseIterable, Codable {
    /// Unlocked (the default): everything is readable.
    case unlocked
    /// Locked after the first unlock since boot: `WhenUnlocked` items and `complete` files are not.
    case locked
    /// Locked and never unlocked since boot: only `Always` items and `none` files are readable.
    case beforeFirstUnlock = "before-first-unlock"

    /// The accepted spellings, for error messages: "unlocked, locked, before-first-unlock".
    public static var accepted: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The state the extension process was started in (`NSESIM_LOCK_STATE`; unlocked when unset).
    public static var current: LockState {
        NSESimEnvironment.lockState.value().flatMap(LockState.init(rawValue:)) ?? .unlocked
    }
}
