import Foundation

/// What comes with a payload besides its JSON: the headers and the choices of SPEC
/// sections 2 and 3.
public struct PayloadOptions: Sendable {
    /// The APNs headers.
    public var headers: PushHeaders
    /// A `Localizable.strings` file for the `*-loc-key` alert keys.
    public var stringsFile: URL?
    /// Accept `mutable-content` as the string "1" or `true` (Apple documents only the number 1).
    public var lenientMutableContent: Bool

    public init(headers: PushHeaders = PushHeaders(), stringsFile: URL? = nil, lenientMutableContent: Bool = false) {
        self.headers = headers
        self.stringsFile = stringsFile
        self.lenientMutableContent = lenientMutableContent
    }
}
