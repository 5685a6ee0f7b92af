import Foundation
import NSESimCore
import NSESimPayload

/// The options one input is parsed with, picked from a hash of its bytes: every input
/// always gets the same options (so a reproducer reproduces), and the corpus as a whole
/// covers `.json` and `.apns` names, strict and lenient mutable-content, alert, voip and
/// background pushes, a collapse id, and a strings file.
struct FuzzConfiguration {
    /// The name the bytes are parsed under (it appears in messages only).
    let path: String
    /// The headers and the choices of docs/behaviour.md#payloads and #the-invocation-gate.
    let options: PayloadOptions

    /// `Fixtures/payloads/Localizable.strings` beside this source file, when present.
    static let stringsFile: URL? = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/payloads/Localizable.strings")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()

    init(for data: Data) {
        // FNV-1a: cheap, and any change to the bytes may change the options.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        path = hash & 1 == 0 ? "fuzz.json" : "fuzz.apns"
        let pushType: PushType =
            switch (hash >> 1) & 3 {
            case 2: .voip
            case 3: .background
            default: .alert
            }
        options = PayloadOptions(
            headers: PushHeaders(pushType: pushType, collapseID: (hash >> 3) & 1 == 0 ? nil : "fuzz-collapse-id"),
            stringsFile: (hash >> 4) & 3 == 0 ? Self.stringsFile : nil,
            lenientMutableContent: (hash >> 6) & 1 == 1
        )
    }

    var description: String {
        "\(path), push type \(options.headers.pushType.rawValue), lenient \(options.lenientMutableContent), "
            + "strings \(options.stringsFile != nil), collapse id \(options.headers.collapseID ?? "none")"
    }
}
