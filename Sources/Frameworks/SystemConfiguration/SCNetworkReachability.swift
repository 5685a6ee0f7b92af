import Foundation
import NSESimRuntime

/// A reachability object: a host name or an address whose reachability the extension asks
/// for with `SCNetworkReachabilityGetFlags`. Made by `SCNetworkReachabilityCreateWithName` or
/// `SCNetworkReachabilityCreateWithAddress`.
public final class SCNetworkReachability: Hashable, @unchecked Sendable {
    let target: ReachabilityTarget
    private let lock = NSLock()
    private var callback: SCNetworkReachabilityCallBack?
    private var info: UnsafeMutableRawPointer?
    private var queue: DispatchQueue?

    init(target: ReachabilityTarget) {
        self.target = target
    }

    /// The flags now, each answer in the report.
    func flags(api: String) -> SCNetworkReachabilityFlags {
        let answer = ReachabilityProbe.answer(for: target)
        var record: [String: JSONValue] = [
            "api": .string(api), "target": .string(target.description),
            "flags": .array(answer.flags.names.map(JSONValue.string)), "rawFlags": .integer(Int64(answer.flags.rawValue)),
            "reachable": .bool(answer.flags.contains(.reachable)), "reason": .string(answer.reason),
        ]
        if case .name = target { record["addresses"] = .array(answer.addresses.map { .string($0.description) }) }
        if let loss = NSESimEnvironment.networkLoss.value() { record["networkLoss"] = .string(loss) }
        NSESimReport.send(source: .reachability, .object(record))
        return answer.flags
    }

    func setCallback(_ callback: SCNetworkReachabilityCallBack?, info: UnsafeMutableRawPointer?) {
        lock.withLock {
            self.callback = callback
            self.info = info
        }
    }

    func setQueue(_ queue: DispatchQueue?) {
        lock.withLock { self.queue = queue }
    }

    /// Records a call that only changes how changes are delivered.
    func report(_ api: String, _ details: [String: JSONValue] = [:]) {
        NSESimReport.send(
            source: .reachability,
            .object(
                ["api": .string(api), "target": .string(target.description)]
                    .merging(details) { $1 }))
    }

    /// The same object (reachability objects compare by identity, as CF types do).
    public static func == (left: SCNetworkReachability, right: SCNetworkReachability) -> Bool { left === right }

    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
