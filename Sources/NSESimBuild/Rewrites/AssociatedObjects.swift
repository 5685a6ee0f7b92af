import Foundation

/// The Objective-C runtime's associated objects (`objc_getAssociatedObject`,
/// `objc_setAssociatedObject`, `objc_removeAssociatedObjects`, `objc_AssociationPolicy`), which
/// iOS code reaches through `import Foundation` and Linux has not: image and UI libraries keep
/// per-view state in them (Kingfisher's `Runtime.swift`, its image views' task identifiers). In
/// nsesim's build copy, a source that calls them and does not declare them gets them appended
/// (`fileprivate`, so two such files of one module do not clash; lines kept): a table from each
/// object (held weakly) to its values by key, with the policies' retain semantics; a value
/// goes when its object does (purged as the table is used).
enum AssociatedObjects {
    /// Why, for the build warning.
    static let reason = "Linux has no Objective-C runtime: nsesim's associated objects are appended to the file"

    /// The functions, by their iOS names.
    static let names = ["objc_getAssociatedObject", "objc_setAssociatedObject", "objc_removeAssociatedObjects"]

    /// Whether `source` calls one of them.
    static func calls(_ source: String) -> Bool { names.contains { source.contains($0 + "(") } }

    /// Whether `source` declares them itself (a file that brings its own shim).
    static func declaresOwn(_ source: String) -> Bool {
        source.contains("func objc_getAssociatedObject") || source.contains("func objc_setAssociatedObject")
            || source.contains("enum objc_AssociationPolicy")
    }

    /// The source with the support appended, and the change (the first call's line); unchanged
    /// when it does not call them or declares them.
    static func rewrite(_ source: String) -> (text: String, changes: [SourceRewrite]) {
        guard calls(source), !declaresOwn(source) else { return (source, []) }
        return SourceRewrite.appending(
            support, to: source, firstNaming: names.map { $0 + "(" }, removed: "objc_getAssociatedObject",
            replacement: "nsesim's associated objects", reason: reason)
    }

    /// What is appended: the functions and the policy, private to the file.
    static let support = """
        // Appended by nsesim: the Objective-C runtime's associated objects (AssociatedObjects).
        fileprivate enum objc_AssociationPolicy: UInt {
            case OBJC_ASSOCIATION_ASSIGN = 0, OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1, OBJC_ASSOCIATION_COPY_NONATOMIC = 3
            case OBJC_ASSOCIATION_RETAIN = 769, OBJC_ASSOCIATION_COPY = 771
        }
        fileprivate final class _NSESimAssociations: @unchecked Sendable {
            static let shared = _NSESimAssociations()
            final class Weak { weak var value: AnyObject?; init(_ value: AnyObject) { self.value = value } }
            struct Entry { let owner: Weak; var values: [UnsafeRawPointer: Any] }
            let lock = NSLock()
            var entries: [ObjectIdentifier: Entry] = [:]
            var calls = 0
            func set(_ object: AnyObject, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy) {
                lock.lock(); defer { lock.unlock() }
                calls += 1
                if calls % 64 == 0 { entries = entries.filter { $0.value.owner.value != nil } }
                let id = ObjectIdentifier(object)
                var entry = entries[id].flatMap { $0.owner.value === object ? $0 : nil } ?? Entry(owner: Weak(object), values: [:])
                if let value, policy == .OBJC_ASSOCIATION_ASSIGN, type(of: value) is AnyClass {
                    entry.values[key] = Weak(value as AnyObject)
                } else {
                    entry.values[key] = value
                }
                entries[id] = entry
            }
            func get(_ object: AnyObject, _ key: UnsafeRawPointer) -> Any? {
                lock.lock(); defer { lock.unlock() }
                guard let entry = entries[ObjectIdentifier(object)], entry.owner.value === object, let value = entry.values[key] else { return nil }
                return (value as? Weak).map { $0.value as Any? } ?? value
            }
            func removeAll(_ object: AnyObject) {
                lock.lock(); defer { lock.unlock() }
                entries[ObjectIdentifier(object)] = nil
            }
        }
        fileprivate func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
            _NSESimAssociations.shared.get(object as AnyObject, key)
        }
        fileprivate func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy) {
            _NSESimAssociations.shared.set(object as AnyObject, key, value, policy)
        }
        fileprivate func objc_removeAssociatedObjects(_ object: Any) {
            _NSESimAssociations.shared.removeAll(object as AnyObject)
        }

        """
}
