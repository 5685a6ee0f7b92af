import ArgumentParser
import Foundation
import NSESimCore
import NSESimPayload

/// The APNs headers and payload choices shared by the commands that take a payload.
struct PushOptions: ParsableArguments {
    @Option(help: "apns-push-type: \(PushType.allCases.map(\.rawValue).joined(separator: ", ")).")
    var pushType: PushType = .alert

    @Option(help: "apns-collapse-id (at most 64 bytes); becomes the request identifier.")
    var collapseId: String?

    @Option(help: "apns-id (a UUID).")
    var apnsId: String?

    @Flag(help: "Run the extension also when mutable-content is the string \"1\" or true (Apple documents only the number 1).")
    var lenientMutableContent = false

    func payloadOptions(strings: String?) -> PayloadOptions {
        PayloadOptions(
            headers: PushHeaders(pushType: pushType, collapseID: collapseId, apnsID: apnsId),
            stringsFile: strings.map { URL(fileURLWithPath: $0) },
            lenientMutableContent: lenientMutableContent
        )
    }
}

extension PushType: ExpressibleByArgument {}
