import Foundation

/// An Objective-C bridging header (`SWIFT_OBJC_BRIDGING_HEADER`, or Xcode's
/// `NAME-Bridging-Header.h` in an extension folder). nsesim builds Swift only and does not
/// read it, so what it imports is missing from the build: the warning names each import and
/// the way in (CommonCrypto: CryptoKit; an Apple-only header: none on Linux; the project's
/// own Objective-C: a port to Swift).
struct BridgingHeader: Sendable, Equatable {
    /// One `#import`/`#include`/`@import` of the header.
    struct Import: Sendable, Equatable {
        /// As written: `<CommonCrypto/CommonCrypto.h>`, `"Helpers.h"`, `@import Firebase`.
        let text: String
        /// The framework (`CommonCrypto`), or nil for a quoted or plain C header.
        let framework: String?
        /// `#import "X.h"`: a header of the project.
        let isLocal: Bool
    }

    /// As the user knows it: relative to the project's (or folder's) root.
    let path: String
    /// What it imports, in order.
    let imports: [Import]

    /// A header named as a bridging header: Xcode's `Target-Bridging-Header.h`, or a name of
    /// the user's with "bridge" in it (`Header-bridge.h`).
    static func isBridgingHeader(_ url: URL) -> Bool {
        url.pathExtension == "h" && url.lastPathComponent.lowercased().contains("bridg")
    }

    /// The header at `url`, named `path`; nil when it cannot be read.
    init?(url: URL, path: String) {
        guard let text = (try? String(contentsOf: url, encoding: .utf8)) ?? (try? String(contentsOf: url, encoding: .isoLatin1)) else {
            return nil
        }
        self.path = path
        imports = Self.imports(in: text)
    }

    init(path: String, imports: [Import]) {
        self.path = path
        self.imports = imports
    }

    /// The `#import`, `#include` and `@import` lines of `text`, comments aside.
    static func imports(in text: String) -> [Import] {
        var found: [Import] = []
        var inComment = false
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = raw.trimmingCharacters(in: .whitespaces)
            if inComment {
                guard let end = line.range(of: "*/") else { continue }
                line = String(line[end.upperBound...]).trimmingCharacters(in: .whitespaces)
                inComment = false
            }
            if line.hasPrefix("/*") {
                if !line.contains("*/") { inComment = true }
                continue
            }
            if line.hasPrefix("@import") {
                let module = line.dropFirst("@import".count).prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
                let framework = module.split(separator: ".").first.map(String.init)
                if let framework { found.append(Import(text: "@import \(module)", framework: framework, isLocal: false)) }
                continue
            }
            guard line.hasPrefix("#import") || line.hasPrefix("#include") else { continue }
            let rest = line.drop { $0 != "<" && $0 != "\"" }
            guard let open = rest.first else { continue }
            let close: Character = open == "<" ? ">" : "\""
            let name = rest.dropFirst().prefix { $0 != close }
            guard !name.isEmpty else { continue }
            let framework = name.contains("/") ? name.split(separator: "/").first.map(String.init) : nil
            found.append(Import(text: "\(open)\(name)\(close)", framework: framework, isLocal: open == "\""))
        }
        return found
    }

    /// Apple's C and Objective-C frameworks that Linux has no counterpart of and that nsesim
    /// does not provide as Swift modules (those it provides are in `FrameworkTable`).
    static let appleOnly: Set<String> = [
        "CommonCrypto", "CoreFoundation", "AVFoundation", "AVFAudio", "CoreGraphics", "QuartzCore", "CoreImage", "ImageIO",
        "CoreText", "CoreTelephony", "CoreMedia", "CoreVideo", "Accelerate", "WebKit", "SafariServices", "Photos", "Contacts",
        "EventKit", "AdSupport", "AppTrackingTransparency", "StoreKit", "MapKit", "CoreMotion", "CoreBluetooth",
        "LocalAuthentication", "Network", "libkern", "objc", "sys", "mach", "CFNetwork", "LinkPresentation", "CoreSpotlight",
    ]

    /// What to do about one import.
    static func wayIn(for item: Import) -> String {
        if item.isLocal {
            return "\(item.text) (the project's Objective-C: nsesim builds Swift only; port what the extension uses to Swift, "
                + "in the target or in Modules/NAME/)"
        }
        guard let framework = item.framework else {
            return "\(item.text) (a C header: give it as a Swift package's C or system-library target with --package PATH)"
        }
        if framework == "CommonCrypto" {
            return "\(item.text) (Apple-only: Linux has no CommonCrypto; nsesim's CryptoKit has the digests and ciphers: "
                + "`import CryptoKit`, then Insecure.MD5.hash(data:) for CC_MD5, SHA256.hash(data:) for CC_SHA256, HMAC for CCHmac)"
        }
        if framework == "Foundation" || FrameworkTable.framework(named: framework) != nil || FrameworkTable.aliases[framework] != nil {
            return "\(item.text) (nothing lost: nsesim's Swift \(framework) gives it; `import \(framework)` in the Swift file)"
        }
        if appleOnly.contains(framework) {
            return "\(item.text) (Apple-only: Linux has no \(framework) and nsesim does not provide it; the code that needs it "
                + "cannot run here: leave it out with `#if canImport(\(framework))`, or supply Swift in Modules/\(framework)/)"
        }
        return "\(item.text) (the Objective-C framework or pod \(framework): nsesim builds Swift only; its Swift sources in "
            + "Modules/\(framework)/, or a Swift package with --package PATH)"
    }

    /// The warning: the header, that it is not read, and each import with its way in.
    var warning: String {
        let base = "\(path) (the Objective-C bridging header, SWIFT_OBJC_BRIDGING_HEADER) is not read: nsesim builds Swift only"
        guard !imports.isEmpty else { return base + "; it imports nothing, so nothing is lost" }
        return base + ", so the Swift sources lack what it imports: " + imports.map(Self.wayIn).joined(separator: "; ")
    }
}

extension BridgingHeader {
    /// The warning for a target whose `SWIFT_OBJC_BRIDGING_HEADER` is `setting` (a path
    /// relative to the project's folder, or absolute); nil when it names none.
    static func warning(setting: String?, root: URL) -> String? {
        guard let setting = setting?.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")), !setting.isEmpty else { return nil }
        let url = setting.hasPrefix("/") ? URL(fileURLWithPath: setting) : root.appendingPathComponent(setting)
        let shown = url.path.hasPrefix(root.path + "/") ? String(url.path.dropFirst(root.path.count + 1)) : url.path
        guard let header = BridgingHeader(url: url, path: shown) else {
            return "\(shown) (the Objective-C bridging header, SWIFT_OBJC_BRIDGING_HEADER) does not exist and is not read: "
                + "nsesim builds Swift only"
        }
        return header.warning
    }

    /// The warnings for the bridging headers among an extension folder's `files` (Xcode's
    /// `NAME-Bridging-Header.h`).
    static func warnings(files: [URL], root: URL) -> [String] {
        files.filter(isBridgingHeader).compactMap { file in
            BridgingHeader(url: file, path: String(file.path.dropFirst(root.path.count + 1)))?.warning
        }
    }
}
