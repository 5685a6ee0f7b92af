import NSESimRuntime

/// The object `nsesim show --format json` prints (docs/behaviour.md#content-extensions): the request, what was
/// delivered (through the service extension's ``NotificationReport`` when one ran), then
/// what the content extension drew and how each of the user's steps went.
///
/// Version 1 of this shape (before it, the same object was built by hand, without
/// `reportVersion`). `docs/show-report-schema.json` is generated from these types
/// (``ReportSchema/show``); the interface the extension presented and each step's answer
/// stay open `JSONValue`s, as the run report's content does.
package struct ShowReport: Codable, Sendable, Equatable {
    /// The version of this shape: 1. It changes when a field is renamed, removed or changes
    /// type; new optional fields keep it.
    package static let currentVersion = 1

    /// ``currentVersion`` when written by this nsesim.
    package var reportVersion: Int = ShowReport.currentVersion
    /// The request iOS built from the payload.
    package var request: NotificationReport.Request
    /// The content delivered, which the content extension receives (Apple's property names).
    package var delivered: JSONValue
    /// The service extension's run, when one ran first.
    package var serviceExtension: NotificationReport?
    /// What the content extension did.
    package var contentExtension: ContentExtension
    /// What iOS would say: no category, no match, too many actions.
    package var warnings: [String]
    /// The content extension's errors.
    package var errors: [String]
}
