import NSESimRuntime

/// The notifications of one thread as the lock screen stacks them: the newest on top, a
/// summary for the rest.
public struct CenterThread: Sendable, Equatable {
    /// `threadIdentifier`; empty for the app's unthreaded notifications (iOS groups them by app).
    public let identifier: String
    /// Newest first.
    public let notifications: [CenterState.Delivered]

    /// The summary under the stack, as iOS writes it: "2 more notifications", or with
    /// `summaryArgument` "2 more notifications from Alice and Bob". Each hidden notification
    /// counts `summaryArgumentCount` (1 when unset). Nil for a thread of one.
    public var summary: String? {
        guard notifications.count > 1 else { return nil }
        let hidden = notifications.dropFirst()
        let count = hidden.reduce(Int64(0)) { total, item in
            let argumentCount = item.content["summaryArgumentCount"]?.integerValue ?? 0
            return total + (argumentCount > 0 ? argumentCount : 1)
        }
        var arguments: [String] = []
        for item in notifications {
            if let argument = item.content["summaryArgument"]?.stringValue, !argument.isEmpty, !arguments.contains(argument) {
                arguments.append(argument)
            }
        }
        let noun = count == 1 ? "notification" : "notifications"
        guard !arguments.isEmpty else { return "\(count) more \(noun)" }
        let names =
            arguments.count == 1
            ? arguments[0]
            : arguments.dropLast().joined(separator: ", ") + " and " + arguments[arguments.count - 1]
        return "\(count) more \(noun) from \(names)"
    }

    public init(identifier: String, notifications: [CenterState.Delivered]) {
        self.identifier = identifier
        self.notifications = notifications
    }
}

extension CenterState {
    /// The delivered notifications grouped by thread, the thread with the newest
    /// notification first, each newest first.
    public var threads: [CenterThread] {
        var order: [String] = []
        var byThread: [String: [Delivered]] = [:]
        for item in delivered {
            if byThread[item.threadIdentifier] == nil { order.append(item.threadIdentifier) }
            byThread[item.threadIdentifier, default: []].append(item)
        }
        return order.map { CenterThread(identifier: $0, notifications: byThread[$0] ?? []) }
    }
}
