/// What one extension point does with nsesim's requests, inside the extension process: the
/// service extension's `didReceive` and `serviceExtensionTimeWillExpire()`, the content
/// extension's interface and responses. The framework that defines the extension point's principal
/// class implements it (UserNotifications for the service extension); the generated entry
/// point hands it to ``NSESimExtensionProcess/main(input:output:point:)``.
///
/// Each method is called on a thread of its own, so a blocked request never holds another
/// call; implementations are called from several threads at once.
public protocol NSESimExtensionPoint: AnyObject, Sendable {
    /// Serves request `sequence`: creates the principal object, reports
    /// ``HostEvent/didReceive(sequence:)`` through `events` and calls the extension. May block.
    func receive(sequence: Int64, identifier: String, content: JSONValue, events: any NSESimEventSink)

    /// Tells the principal object of request `sequence` that its time is up, after reporting
    /// ``HostEvent/timeWillExpire(sequence:)``; does nothing for an unknown request.
    func timeWillExpire(sequence: Int64, events: any NSESimEventSink)

    /// Serves one of the extension point's own calls for request `sequence` (the content
    /// extension's `present`, `response`, `dismiss`), answering with
    /// ``HostEvent/answer(sequence:name:value:)``. Calls of one request come one at a time,
    /// each after the previous answer.
    func call(sequence: Int64, name: String, arguments: JSONValue, events: any NSESimEventSink)
}

extension NSESimExtensionPoint {
    /// An extension point without calls of its own (the service extension) refuses them.
    public func call(sequence: Int64, name: String, arguments: JSONValue, events: any NSESimEventSink) {
        events.fail("this extension point has no call \(name)")
    }
}

/// Where an extension point reports to nsesim.
public protocol NSESimEventSink: Sendable {
    /// Sends one event; safe from any thread.
    func send(_ event: HostEvent)
    /// Reports that the extension cannot run, and ends the process.
    func fail(_ message: String) -> Never
}
