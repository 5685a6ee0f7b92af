import Foundation
import NSESimRuntime

/// What Core Data raises as an Objective-C exception (a programming error: an entity the model
/// lacks, a save with no store): the process stops with iOS's message, so nsesim reports a
/// crash and delivers the original content, as iOS does.
enum CoreDataFailure {
    static func raise(_ name: String, _ reason: String) -> Never {
        CoreDataReport.send(["operation": .string("exception"), "error": .string("\(name): \(reason)")])
        fatalError("*** Terminating app due to uncaught exception '\(name)', reason: '\(reason)'")
    }
}
