import Foundation
import NSESimRuntime

/// Each load, fetch and save, reported to nsesim (the report's `coreData`), so that what the
/// extension did with the shared store is visible.
enum CoreDataReport {
    static func send(_ record: [String: JSONValue]) {
        NSESimReport.send(source: .coreDataStore, .object(record))
    }

    /// The store's file as the report shows it.
    static func store(_ url: URL?) -> JSONValue {
        url.map { .string($0.path) } ?? .null
    }

    /// An error's domain, code and message.
    static func error(_ error: NSError) -> [String: JSONValue] {
        ["error": .string(error.localizedDescription), "domain": .string(error.domain), "code": .integer(Int64(error.code))]
    }
}
