import Foundation

/// An attachment as delivered: in the store.
public struct DeliveredAttachment: Sendable, Equatable {
    public let identifier: String
    /// The file in the attachment store.
    public let url: URL
    /// The UTI.
    public let type: String
    public let size: Int64
}

/// An attachment dropped from the delivered content, with Apple's UNError code.
public struct AttachmentFailure: Sendable, Equatable, CustomStringConvertible {
    public let identifier: String
    /// The UNError code: 100 invalid URL, 101 type, 102 size, 104 store, 105 content.
    public let code: Int
    /// Apple's name of the code.
    public let codeName: String
    public let message: String

    public var description: String { "attachment \"\(identifier)\": \(codeName) (\(code)): \(message)" }
}
