import Foundation
import NSESimRuntime

/// An access control object (`kSecAttrAccessControl`'s value): when an item can be read (its
/// accessibility) and what the user must do first (its flags). Made with
/// `SecAccessControlCreateWithFlags`.
/// Hashable as CoreFoundation objects are in Swift (wrappers keep it in `[String: AnyHashable]`
/// queries, as Valet does): equal when their protection and flags are.
public final class SecAccessControl: Sendable, Hashable, CustomStringConvertible {
    let value: KeychainAccessControl

    init(_ value: KeychainAccessControl) {
        self.value = value
    }

    /// Equal when the protection and the flags are.
    public static func == (lhs: SecAccessControl, rhs: SecAccessControl) -> Bool { lhs.value == rhs.value }

    /// Hashes the protection and the flags.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value.accessibility)
        hasher.combine(value.flags)
    }

    /// As Security prints it: the class and the constraints.
    public var description: String {
        "<SecAccessControl protection: \(value.accessibility.constantName), flags: [\(value.names.joined(separator: ", "))]>"
    }
}

/// The constraints of an access control (SecAccessControl.h), with Apple's bits.
public struct SecAccessControlCreateFlags: OptionSet, Sendable {
    /// The bits.
    public let rawValue: CFOptionFlags
    /// Flags of these bits.
    public init(rawValue: CFOptionFlags) { self.rawValue = rawValue }

    /// The user's biometry or the device passcode.
    public static let userPresence = SecAccessControlCreateFlags(rawValue: 1 << 0)
    /// Any enrolled finger or face.
    public static let biometryAny = SecAccessControlCreateFlags(rawValue: 1 << 1)
    /// Any enrolled finger (the older name of `biometryAny`).
    @available(*, deprecated, renamed: "biometryAny")
    public static let touchIDAny = SecAccessControlCreateFlags(rawValue: 1 << 1)
    /// The fingers or face enrolled now (a new enrolment invalidates the item).
    public static let biometryCurrentSet = SecAccessControlCreateFlags(rawValue: 1 << 3)
    /// The fingers enrolled now (the older name of `biometryCurrentSet`).
    @available(*, deprecated, renamed: "biometryCurrentSet")
    public static let touchIDCurrentSet = SecAccessControlCreateFlags(rawValue: 1 << 3)
    /// The device passcode.
    public static let devicePasscode = SecAccessControlCreateFlags(rawValue: 1 << 4)
    /// A paired watch nearby.
    public static let watch = SecAccessControlCreateFlags(rawValue: 1 << 5)
    /// At least one of the constraints.
    public static let or = SecAccessControlCreateFlags(rawValue: 1 << 14)
    /// All of the constraints.
    public static let and = SecAccessControlCreateFlags(rawValue: 1 << 15)
    /// A private key used for signing or key exchange (Secure Enclave keys).
    public static let privateKeyUsage = SecAccessControlCreateFlags(rawValue: 1 << 30)
    /// A password the app supplies (through an `LAContext`).
    public static let applicationPassword = SecAccessControlCreateFlags(rawValue: 1 << 31)
}

/// Makes an access control of `protection` (a `kSecAttrAccessible…` value) and `flags`; nil with
/// `error` (domain NSOSStatusErrorDomain, code errSecParam) for a protection Security does not
/// know or flags it refuses (`.or` with `.and`).
public func SecAccessControlCreateWithFlags(
    _ allocator: CFAllocator?, _ protection: CFTypeRef, _ flags: SecAccessControlCreateFlags,
    _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> SecAccessControl? {
    let name = (protection as? String) ?? (protection as? NSString).map { $0 as String }
    let refusal: String?
    if let name, let accessibility = KeychainAccessibility(rawValue: name) {
        refusal = KeychainAccessControl.refusal(of: flags.rawValue)
        if refusal == nil { return SecAccessControl(KeychainAccessControl(accessibility: accessibility, flags: flags.rawValue)) }
    } else {
        refusal =
            "the protection \(name.map { "'\($0)'" } ?? String(describing: protection)) is not a kSecAttrAccessible value ("
            + KeychainAccessibility.accepted + ")"
    }
    let failure = NSError(
        domain: NSOSStatusErrorDomain, code: Int(errSecParam),
        userInfo: [NSLocalizedDescriptionKey: "SecAccessControlCreateWithFlags: \(refusal ?? "")"])
    error?.pointee = Unmanaged.passRetained(failure)
    return nil
}

/// The type identifier of `SecAccessControl`.
public func SecAccessControlGetTypeID() -> CFTypeID { 0x5EC_AC }
