import Foundation

/// What comes with a payload besides its JSON: the headers and the choices of
/// docs/behaviour.md#headers and #the-invocation-gate.
package struct PayloadOptions: Sendable {
    /// The APNs headers.
    package var headers: PushHeaders
    /// A `Localizable.strings` file for the `*-loc-key` alert keys.
    package var stringsFile: URL?
    /// Accept `mutable-content` as the string "1" or `true` (Apple documents only the number 1).
    package var lenientMutableContent: Bool

    package init(headers: PushHeaders = PushHeaders(), stringsFile: URL? = nil, lenientMutableContent: Bool = false) {
        self.headers = headers
        self.stringsFile = stringsFile
        self.lenientMutableContent = lenientMutableContent
    }
}
