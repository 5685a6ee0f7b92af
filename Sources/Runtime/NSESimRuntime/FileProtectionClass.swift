import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A file's Data Protection class (`FileProtectionType`, `Data.WritingOptions`' protection
/// options), with iOS's rule for a locked phone. Files without one have
/// `completeUntilFirstUserAuthentication`, iOS's default for an app's and an app group's files.
/// nsesim keeps the class with the file as the extended attribute `user.nsesim.protection`
/// (``attributeName``), which the extension process's interposer (NSESimFileProtection) reads.
public enum FileProtectionClass: String, Sendable, CaseIterable, Codable {
    /// Class A: neither read nor written while the phone is locked.
    case complete
    /// Class B: a new file can be created and written while locked; an existing one cannot be opened.
    case completeUnlessOpen
    /// Class C, iOS's default: out of reach only before the first unlock after a restart.
    case completeUntilFirstUserAuthentication
    /// Class D: always in reach.
    case none

    /// iOS's default for files an app or its extension writes.
    public static let `default` = FileProtectionClass.completeUntilFirstUserAuthentication
    /// The extended attribute that holds a file's class.
    public static let attributeName = "user.nsesim.protection"
    /// The suffix of the file that holds the class where the file system has no user
    /// extended attributes (`NAME.nsesim-protection` beside the file).
    public static let sidecarSuffix = ".nsesim-protection"

    /// Foundation's constant name: `NSFileProtectionComplete`, … (`FileProtectionType`'s raw values).
    public var constantName: String {
        switch self {
        case .complete: "NSFileProtectionComplete"
        case .completeUnlessOpen: "NSFileProtectionCompleteUnlessOpen"
        case .completeUntilFirstUserAuthentication: "NSFileProtectionCompleteUntilFirstUserAuthentication"
        case .none: "NSFileProtectionNone"
        }
    }

    /// The `Data.WritingOptions` member that writes a file in this class.
    public var writingOption: String {
        switch self {
        case .complete: ".completeFileProtection"
        case .completeUnlessOpen: ".completeFileProtectionUnlessOpen"
        case .completeUntilFirstUserAuthentication: ".completeFileProtectionUntilFirstUserAuthentication"
        case .none: ".noFileProtection"
        }
    }

    /// The class named by `FileProtectionType`'s member (`complete`, any case), Foundation's
    /// constant (`NSFileProtectionComplete`) or the `Data.WritingOptions` member
    /// (`completeFileProtection`, with or without the dot).
    public init?(name: String) {
        let wanted = name.hasPrefix(".") ? String(name.dropFirst()).lowercased() : name.lowercased()
        guard
            let found = Self.allCases.first(where: { candidate in
                [candidate.rawValue, candidate.constantName, String(candidate.writingOption.dropFirst())]
                    .contains { $0.lowercased() == wanted }
            })
        else { return nil }
        self = found
    }

    /// The accepted names, for error messages.
    public static var accepted: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Whether a file of this class can be opened in `state` (`creating`: created).
    public func isAvailable(in state: LockState, creating: Bool = false) -> Bool {
        switch (self, state) {
        case (.none, _), (_, .unlocked): true
        case (.completeUntilFirstUserAuthentication, .locked): true
        case (.completeUnlessOpen, _): creating
        default: false
        }
    }

    /// The locked state in which opening an existing file of this class is first refused
    /// (nil: never).
    public var firstRefusedIn: LockState? {
        [LockState.locked, .beforeFirstUnlock].first { !isAvailable(in: $0) }
    }

    /// The class kept with the file at `url` (``default`` when it has none).
    public static func of(_ url: URL) -> FileProtectionClass {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = ExtendedAttributes.get?(url.path, attributeName, &buffer, buffer.count - 1) ?? -1
        if length > 0 {
            return FileProtectionClass(rawValue: String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self))
                ?? .default
        }
        if let text = try? String(contentsOf: URL(fileURLWithPath: url.path + sidecarSuffix), encoding: .utf8) {
            return FileProtectionClass(rawValue: text) ?? .default
        }
        return .default
    }

    /// Keeps this class with the file at `url`: the extended attribute, or a sidecar file
    /// where the file system has no user extended attributes.
    public func set(on url: URL) throws {
        let value = Array(rawValue.utf8)
        if ExtendedAttributes.set?(url.path, Self.attributeName, value, value.count, 0) == 0 { return }
        let failure = ExtendedAttributes.set == nil ? ENOTSUP : errno
        guard failure == ENOTSUP || failure == EOPNOTSUPP else {
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [
                    NSFilePathErrorKey: url.path,
                    NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(failure)),
                ])
        }
        try Data(rawValue.utf8).write(to: URL(fileURLWithPath: url.path + Self.sidecarSuffix))
    }
}

/// The C library's `getxattr` and `setxattr` (<sys/xattr.h>, which Swift's Glibc module leaves out).
private enum ExtendedAttributes {
    typealias Get = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, Int) -> Int
    typealias Set = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeRawPointer?, Int, Int32) -> Int32
    static let get: Get? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "getxattr").map { unsafeBitCast($0, to: Get.self) }
    static let set: Set? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setxattr").map { unsafeBitCast($0, to: Set.self) }
}
