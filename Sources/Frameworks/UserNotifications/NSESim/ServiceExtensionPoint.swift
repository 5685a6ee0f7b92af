import Foundation
import NSESimRuntime

/// The entry point of a notification service extension built by nsesim. Not part of Apple's
/// API: the entry point that `nsesim build` generates calls ``main(input:output:makePrincipal:)``.
public enum _NSESimServiceExtensionEntry {
    /// Serves nsesim's requests with new instances of the principal class; never returns.
    public static func main(
        input: Int32, output: Int32,
        makePrincipal: @escaping () -> UNNotificationServiceExtension
    ) -> Int32 {
        NSESimExtensionProcess.main(input: input, output: output, point: ServiceExtensionPoint(makePrincipal: makePrincipal))
    }
}

/// The service extension point (`com.apple.usernotifications.service`): a new principal
/// object per request, `didReceive(_:withContentHandler:)` with the request, every call of the
/// content handler reported, and `serviceExtensionTimeWillExpire()` when nsesim says so.
final class ServiceExtensionPoint: NSESimExtensionPoint, @unchecked Sendable {
    private let makePrincipal: () -> UNNotificationServiceExtension
    private let lock = NSLock()
    private var principals: [Int64: UNNotificationServiceExtension] = [:]

    init(makePrincipal: @escaping () -> UNNotificationServiceExtension) {
        self.makePrincipal = makePrincipal
    }

    func receive(sequence: Int64, identifier: String, content: JSONValue, events: any NSESimEventSink) {
        let request: UNNotificationRequest
        do {
            let parsed = try UNNotificationContent.fromJSON(content)
            request = UNNotificationRequest(identifier: identifier, content: parsed, trigger: UNPushNotificationTrigger())
        } catch {
            events.fail("the request's content is not valid: \(error)")
        }
        let principal = makePrincipal()
        lock.withLock { principals[sequence] = principal }
        let counter = CallCounter()
        events.send(.didReceive(sequence: sequence))
        principal.didReceive(request) { delivered in
            let memory = ProcessMemory.read() ?? ProcessMemory()
            events.send(.contentHandler(sequence: sequence, call: counter.next(), content: delivered.jsonValue, memory: memory))
        }
    }

    func timeWillExpire(sequence: Int64, events: any NSESimEventSink) {
        guard let principal = lock.withLock({ principals[sequence] }) else { return }
        events.send(.timeWillExpire(sequence: sequence))
        principal.serviceExtensionTimeWillExpire()
    }
}

/// Counts content handler calls from any thread.
private final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count: Int64 = 0

    func next() -> Int64 {
        lock.withLock {
            count += 1
            return count
        }
    }
}
