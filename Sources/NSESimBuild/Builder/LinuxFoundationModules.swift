/// The parts of Foundation that Linux keeps in modules of their own: `FoundationNetworking`
/// (URLSession, URLRequest, HTTPURLResponse, …) and `FoundationXML` (XMLParser, …). On iOS
/// `import Foundation` (or UIKit, or UserNotifications) brings them, and a user's file never
/// names them, so the build imports them into every source implicitly (`-import-module`),
/// as iOS's Foundation would have them, when the sources name one of their types. Linking
/// them only then spares an extension that never downloads loading libcurl (and libxml2)
/// with their dependencies.
package enum LinuxFoundationModules {
    /// Names that only a source using FoundationNetworking writes.
    static let networkingNames = [
        "URLSession", "URLRequest", "URLResponse", "URLCache", "URLCredential", "URLProtocol",
        "URLAuthenticationChallenge", "HTTPCookie", "suggestedFilename", "FoundationNetworking",
        // `Data(contentsOf:)`, `NSData(contentsOf:)`, `String(contentsOf:)` load an
        // http(s) URL on iOS; on Linux only when FoundationNetworking is loaded
        // (otherwise they throw at once). A file URL loads either way.
        "Data(contentsOf:", "String(contentsOf:",
    ]
    /// Names that only a source using FoundationXML writes.
    static let xmlNames = ["XMLParser", "XMLDocument", "XMLElement", "XMLNode", "XMLDTD", "FoundationXML"]

    /// Names of Darwin's Foundation (and the Objective-C runtime it re-exports) that Linux's
    /// lacks and nsesim's UserNotifications provides (`Foundation/DarwinFoundation.swift`).
    static let darwinFoundationNames = [
        "autoreleasepool", "NSInteger", "NSUInteger", "NSDiscardableContent", "networkUnavailableReason",
        "NSSelectorFromString", "NSStringFromSelector", "Selector", "selector:", "responds(to:", "instancesRespond(to:",
    ]

    /// Whether `text` names one of them.
    static func usesDarwinFoundation(_ text: String) -> Bool { darwinFoundationNames.contains { text.contains($0) } }

    /// Whether `text` names a FoundationNetworking type.
    static func usesNetworking(_ text: String) -> Bool { networkingNames.contains { text.contains($0) } }

    /// Whether `text` names a FoundationXML type.
    static func usesXML(_ text: String) -> Bool { xmlNames.contains { text.contains($0) } }

    /// The modules every source imports without naming them: FoundationNetworking when
    /// networking is linked, FoundationXML when the sources use it.
    static func implicitImports(networking: Bool, xml: Bool) -> [String] {
        (networking ? ["FoundationNetworking"] : []) + (xml ? ["FoundationXML"] : [])
    }

    /// swiftc's arguments for those imports; without networking, FoundationNetworking is kept
    /// from being linked (UserNotifications re-exports it for source compatibility).
    static func arguments(networking: Bool, xml: Bool) -> [String] {
        implicitImports(networking: networking, xml: xml).flatMap { ["-Xfrontend", "-import-module", "-Xfrontend", $0] }
            // NSESimDownloads: NSESimSuggestedFilename, which `SuggestedFilenameRewrite`'s file calls.
            + (networking ? ["-lNSESimDownloads"] : ["-Xfrontend", "-disable-autolink-library", "-Xfrontend", "FoundationNetworking"])
    }
}
