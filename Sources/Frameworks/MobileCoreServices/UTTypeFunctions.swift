internal import AttachmentValidation
import Foundation
// CFString, which these APIs take and give, is an NSString here (NSESimCFTypes).
@_exported import NSESimCFTypes

private let extensionClass = "public.filename-extension"
private let mimeClass = "public.mime-type"
nonisolated(unsafe) public let kUTTagClassFilenameExtension: CFString = NSString(string: extensionClass)
nonisolated(unsafe) public let kUTTagClassMIMEType: CFString = NSString(string: mimeClass)

/// The identifier of the type with the tag `inTag` of class `inTagClass`, conforming to
/// `inConformingToUTI`; nil when nsesim knows none (iOS would make a dynamic one).
public func UTTypeCreatePreferredIdentifierForTag(
    _ inTagClass: CFString, _ inTag: CFString,
    _ inConformingToUTI: CFString?
) -> Unmanaged<CFString>? {
    let tag = inTag as String
    let record: UniformTypeRecord?
    switch inTagClass as String {
    case extensionClass: record = UniformTypes.record(fileExtension: tag)
    case mimeClass: record = UniformTypes.record(mimeType: tag)
    default: record = nil
    }
    guard let record, inConformingToUTI.map({ UniformTypes.conforms(record.identifier, to: $0 as String) }) ?? true else { return nil }
    return Unmanaged.passRetained(record.identifier as CFString)
}

/// The preferred tag of class `inTagClass` (its usual extension or MIME type) of the type `inUTI`.
public func UTTypeCopyPreferredTagWithClass(_ inUTI: CFString, _ inTagClass: CFString) -> Unmanaged<CFString>? {
    guard let record = UniformTypes.record(identifier: inUTI as String) else { return nil }
    let tag: String?
    switch inTagClass as String {
    case extensionClass: tag = record.fileExtensions.first
    case mimeClass: tag = record.mimeTypes.first
    default: tag = nil
    }
    return tag.map { Unmanaged.passRetained($0 as CFString) }
}

/// Whether `inUTI` is `inConformsToUTI` or conforms to it.
public func UTTypeConformsTo(_ inUTI: CFString, _ inConformsToUTI: CFString) -> Bool {
    UniformTypes.conforms((inUTI as String).lowercased(), to: (inConformsToUTI as String).lowercased())
}

/// Whether two identifiers name the same type.
public func UTTypeEqual(_ inUTI1: CFString, _ inUTI2: CFString) -> Bool {
    (inUTI1 as String).lowercased() == (inUTI2 as String).lowercased()
}
