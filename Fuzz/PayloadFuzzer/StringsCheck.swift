import Foundation
import NSESimRuntime
@_spi(NSESim) import UserNotifications

/// The bytes as a `--strings` file: the `.strings` scanner either reads a table or names
/// the line of the fault, and every translation works as a `loc-key` format.
enum StringsCheck {
    static func run(_ data: Data) throws(CheckFailure) {
        let text = String(decoding: data, as: UTF8.self)
        let table: StringsFile
        do {
            table = try StringsFile(parsing: text, file: "fuzz.strings")
        } catch {
            try require(error.line >= 1 && !error.message.isEmpty, "a strings error without a line or message: \(error)")
            return
        }
        for (key, format) in table.entries {
            try require(table.translation(of: key) == format, "translation of \(key)")
            _ = LocalizedFormat.substitute(format, arguments: ["a", "b"])
        }
    }
}
