/// A process's registrations for Darwin notifications, as a value: tokens, what each delivers
/// (a dispatch handler, a check flag, a signal, a file descriptor), suspension, and what a post
/// of a name does to them. Pure: `NotifyCenter` does the files and the watching.
struct NotifyRegistry {
    /// How a registration is told of a post.
    enum Delivery: Equatable {
        /// `notify_register_dispatch`: its handler (kept by the center) runs on its queue.
        case dispatch
        /// `notify_register_check`: `notify_check` answers.
        case check
        /// `notify_register_signal`: the signal is raised in the process.
        case signal(Int32)
        /// `notify_register_file_descriptor`: the token is written to the descriptor.
        case fileDescriptor(Int32)
    }

    struct Registration: Equatable {
        var name: String
        var delivery: Delivery
        /// The posts of the name seen when last checked (`notify_check`).
        var seenGeneration: UInt64
        /// Whether `notify_check` has been called (its first call answers true, as notify's does).
        var checked = false
        var suspended = false
        /// Posts that arrived while suspended: delivered (once) on resume.
        var pendingWhileSuspended = false
    }

    private(set) var registrations: [Int32: Registration] = [:]
    private var nextToken: Int32 = 1

    /// Registers for `name`; the new token.
    mutating func register(_ name: String, _ delivery: Delivery, generation: UInt64) -> Int32 {
        let token = nextToken
        nextToken += 1
        registrations[token] = Registration(name: name, delivery: delivery, seenGeneration: generation)
        return token
    }

    /// Whether `token` is a live registration.
    func isValid(_ token: Int32) -> Bool { registrations[token] != nil }

    /// The registration of `token`.
    subscript(token: Int32) -> Registration? { registrations[token] }

    /// Cancels `token`; false when it was not registered.
    mutating func cancel(_ token: Int32) -> Bool { registrations.removeValue(forKey: token) != nil }

    /// Whether any live registration is for `name`.
    func watches(_ name: String) -> Bool { registrations.values.contains { $0.name == name } }

    /// `notify_check`: whether `name` was posted since the last check (true at the first check).
    mutating func check(_ token: Int32, generation: UInt64) -> Bool? {
        guard var registration = registrations[token] else { return nil }
        let posted = !registration.checked || registration.seenGeneration != generation
        registration.checked = true
        registration.seenGeneration = generation
        registrations[token] = registration
        return posted
    }

    /// A post of `name` arrived: the tokens to deliver to now (not suspended), in token order;
    /// suspended ones remember it.
    mutating func posted(_ name: String) -> [Int32] {
        var deliver: [Int32] = []
        for token in registrations.keys.sorted() where registrations[token]?.name == name {
            if registrations[token]!.suspended {
                registrations[token]!.pendingWhileSuspended = true
            } else if registrations[token]!.delivery != .check {
                deliver.append(token)
            }
        }
        return deliver
    }

    /// Suspends `token`; false when not registered.
    mutating func suspend(_ token: Int32) -> Bool {
        guard registrations[token] != nil else { return false }
        registrations[token]!.suspended = true
        return true
    }

    /// Resumes `token`: nil when not registered, else whether a post arrived meanwhile (to deliver now).
    mutating func resume(_ token: Int32) -> Bool? {
        guard var registration = registrations[token] else { return nil }
        let pending = registration.pendingWhileSuspended && registration.delivery != .check
        registration.suspended = false
        registration.pendingWhileSuspended = false
        registrations[token] = registration
        return pending
    }
}
