import Foundation

/// An attachment as delivered: in the store.
package struct DeliveredAttachment: Sendable, Equatable {
    package let identifier: String
    /// The file in the attachment store.
    package let url: URL
    /// The UTI.
    package let type: String
    package let size: Int64
}

/// An attachment dropped from the delivered content, with Apple's UNError code.
package struct AttachmentFailure: Sendable, Equatable, CustomStringConvertible {
    package let identifier: String
    /// The UNError code: 100 invalid URL, 101 type, 102 size, 104 store, 105 content.
    package let code: Int
    /// Apple's name of the code.
    package let codeName: String
    package let message: String

    package var description: String { "attachment \"\(identifier)\": \(codeName) (\(code)): \(message)" }
}
