import Foundation
@_spi(NSESim) import UserNotifications
import NSESimRuntime

/// One notification taken through the pipeline: payload → request → gate → extension →
/// attachment checks → store.
package struct NotificationRun {
    /// The payload as parsed.
    package let payload: ParsedPayload
    /// The extension's run; nil when iOS would not invoke it.
    package let extensionResult: ExtensionRunResult?
    /// The extension as built or loaded; nil when it was not needed.
    package let built: BuiltExtension?

    package init(payload: ParsedPayload, extensionResult: ExtensionRunResult?, built: BuiltExtension?) {
        self.payload = payload
        self.extensionResult = extensionResult
        self.built = built
    }

    /// The outcome: `not-invoked` when the gate said no.
    package var outcome: Outcome { extensionResult?.outcome ?? .notInvoked }

    /// The content iOS shows: the extension's when it counts, else the original.
    package var deliveredContent: JSONValue {
        if let result = extensionResult, result.outcome.deliversExtensionContent,
           let content = result.deliveredContent ?? result.handedContent {
            return content
        }
        return payload.request.content.jsonValue
    }

    /// Takes each payload through the gate and, where iOS would invoke it, the extension:
    /// every invoked notification in a fresh process, or with `reuseProcess` in one.
    package static func run(payloads: [ParsedPayload], extensionPath: String, builder: ExtensionBuilder,
                           configuration: RunConfiguration, reuseProcess: Bool,
                           delivery: AttachmentDelivery? = nil) async throws(ExtensionError) -> [NotificationRun] {
        let invoked = payloads.filter(\.gate.invoked)
        guard !invoked.isEmpty else {
            return payloads.map { NotificationRun(payload: $0, extensionResult: nil, built: nil) }
        }
        let built = try await builder.prepare(path: extensionPath)
        let runner = ExtensionRunner(built: built, toolchain: builder.toolchain, configuration: configuration,
                                     delivery: delivery)
        var results = await runner.run(invoked.map { ExtensionRequest($0.request) }, reuseProcess: reuseProcess)[...]
        return payloads.map { payload in
            guard payload.gate.invoked, let result = results.popFirst() else {
                return NotificationRun(payload: payload, extensionResult: nil, built: nil)
            }
            return NotificationRun(payload: payload, extensionResult: result, built: built)
        }
    }
}
