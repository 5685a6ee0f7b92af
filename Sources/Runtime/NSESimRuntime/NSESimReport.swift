import Foundation

/// How a stand-in framework tells nsesim what it did, for the report: inside an extension
/// process started by nsesim, ``send(source:_:)`` becomes a `record` event; anywhere else
/// (a unit test calling the framework directly) it does nothing.
public enum NSESimReport {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var sink: (any NSESimEventSink)?

    /// Reports `record` from `source`.
    public static func send(source: NSESimReportSource, _ record: JSONValue) {
        let sink = lock.withLock { self.sink }
        sink?.send(.record(source: source.rawValue, record: record))
    }

    /// Whether reports reach nsesim (the process was started by nsesim).
    public static var isConnected: Bool { lock.withLock { sink != nil } }

    static func connect(_ sink: any NSESimEventSink) {
        lock.withLock { self.sink = sink }
    }
}
