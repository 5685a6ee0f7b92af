internal import AttachmentValidation
import Foundation

/// A uniform type: `UTType.jpeg`, `UTType(filenameExtension: "png")`, `type.conforms(to: .image)`.
public struct UTType: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The identifier, e.g. `public.jpeg`.
    public let identifier: String
    private let extensions: [String]
    private let mimeTypes: [String]
    private let parents: [String]
    /// Whether the type was made for a tag nsesim does not know (`dyn.…`), as iOS makes one.
    public let isDynamic: Bool

    private init(record: UniformTypeRecord) {
        identifier = record.identifier
        extensions = record.fileExtensions
        mimeTypes = record.mimeTypes
        parents = record.conformsTo
        isDynamic = false
    }

    private init(dynamicTag tag: String, tagClass: String, conformingTo supertype: UTType) {
        let encoded = Data("\(tagClass)=\(tag)".utf8).base64EncodedString()
            .replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "+", with: "-")
        identifier = "dyn.a\(encoded)"
        extensions = tagClass == "extension" ? [tag] : []
        mimeTypes = tagClass == "mime" ? [tag] : []
        parents = [supertype.identifier]
        isDynamic = true
    }

    /// The type with this identifier; nil when nsesim does not know it.
    public init?(_ identifier: String) {
        guard let record = UniformTypes.record(identifier: identifier) else { return nil }
        self.init(record: record)
    }

    /// The type of files with this extension conforming to `supertype`; a dynamic type when
    /// no known type has the extension (as on iOS).
    public init?(filenameExtension: String, conformingTo supertype: UTType = .data) {
        guard !filenameExtension.isEmpty else { return nil }
        if let record = UniformTypes.record(fileExtension: filenameExtension),
            UniformTypes.conforms(record.identifier, to: supertype.identifier)
        {
            self.init(record: record)
        } else {
            self.init(dynamicTag: filenameExtension.lowercased(), tagClass: "extension", conformingTo: supertype)
        }
    }

    /// The type of this MIME type conforming to `supertype`; a dynamic type when unknown.
    public init?(mimeType: String, conformingTo supertype: UTType = .data) {
        guard !mimeType.isEmpty else { return nil }
        if let record = UniformTypes.record(mimeType: mimeType), UniformTypes.conforms(record.identifier, to: supertype.identifier) {
            self.init(record: record)
        } else {
            self.init(dynamicTag: mimeType.lowercased(), tagClass: "mime", conformingTo: supertype)
        }
    }

    /// The type for a tag of a class (`.filenameExtension`, `.mimeType`).
    public init?(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) {
        switch tagClass {
        case .filenameExtension: self.init(filenameExtension: tag, conformingTo: supertype ?? .data)
        case .mimeType: self.init(mimeType: tag, conformingTo: supertype ?? .data)
        default: return nil
        }
    }

    /// The usual file extension (without the dot).
    public var preferredFilenameExtension: String? { extensions.first }
    /// The usual MIME type.
    public var preferredMIMEType: String? { mimeTypes.first }
    /// Every tag, by class.
    public var tags: [UTTagClass: [String]] {
        var tags: [UTTagClass: [String]] = [:]
        if !extensions.isEmpty { tags[.filenameExtension] = extensions }
        if !mimeTypes.isEmpty { tags[.mimeType] = mimeTypes }
        return tags
    }

    /// Whether the type is declared (not dynamic).
    public var isDeclared: Bool { !isDynamic }
    /// Whether it is one of the public types (`public.…`).
    public var isPublic: Bool { identifier.hasPrefix("public.") }

    /// Whether this type is `type` or conforms to it, directly or through its supertypes.
    public func conforms(to type: UTType) -> Bool {
        identifier == type.identifier || parents.contains { UniformTypes.conforms($0, to: type.identifier) }
    }

    public func isSubtype(of type: UTType) -> Bool { self != type && conforms(to: type) }
    public func isSupertype(of type: UTType) -> Bool { type.isSubtype(of: self) }

    /// Every type this one conforms to, itself left out.
    public var supertypes: Set<UTType> {
        var found = Set<UTType>()
        var queue = parents
        while let next = queue.popLast() {
            guard let type = UTType(next), found.insert(type).inserted else { continue }
            queue += type.parents
        }
        return found
    }

    /// A readable name: the identifier's last part.
    public var localizedDescription: String? { identifier.split(separator: ".").last.map(String.init) }

    public var description: String { identifier }
    public var debugDescription: String { identifier }

    public static func == (lhs: UTType, rhs: UTType) -> Bool { lhs.identifier == rhs.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}

/// A class of tags: file extensions or MIME types.
public struct UTTagClass: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let filenameExtension = UTTagClass(rawValue: "public.filename-extension")
    public static let mimeType = UTTagClass(rawValue: "public.mime-type")
}
