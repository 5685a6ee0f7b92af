/// One frame of a stack, as nsesim's crash and hang reports (and any other report of a stack
/// in the extension process) show it: the function (demangled), the module (the loaded image:
/// `libNotificationService.so`, `libswiftCore.so`), the source file and line when the image has
/// line tables, and whether it is the extension's own code. Frames are symbolicated in one place
/// (``StackSymbolication``); own code is decided by ``OwnCode``.
package struct StackFrame: Codable, Sendable, Equatable {
    /// The function, demangled (`NotificationService.didReceive(_:withContentHandler:)`); nil
    /// when the image has no symbol for the address.
    package var function: String?
    /// The image the code is in (a file name: `libNotificationService.so`).
    package var module: String?
    /// The source file: for the extension's own code, the user's path (never nsesim's build
    /// copy of it); nil without line tables (a stripped build).
    package var file: String?
    /// The line in `file` (nil when unknown, as for code the compiler made up).
    package var line: Int?
    /// The column in `line`, when known.
    package var column: Int?
    /// The address of the instruction, in hexadecimal (`0x00007f…`).
    package var address: String?
    /// True for the extension's own code: its sources and the user's modules, not nsesim's
    /// stand-ins, the Swift runtime or the generated entry point.
    package var isOwnCode: Bool
    /// The image's path and the address's offset in it, while the frame waits to be
    /// symbolicated (``StackSymbolication``); not part of the report.
    package var modulePath: String?
    package var moduleOffset: UInt64?

    enum CodingKeys: String, CodingKey {
        case function, module, file, line, column, address, isOwnCode
    }

    package init(
        function: String? = nil, module: String? = nil, file: String? = nil, line: Int? = nil,
        column: Int? = nil, address: String? = nil, isOwnCode: Bool = false
    ) {
        self.function = function
        self.module = module
        self.file = file
        self.line = line
        self.column = column
        self.address = address
        self.isOwnCode = isOwnCode
    }

    /// The file's name without its folders (`NotificationService.swift`).
    package var fileName: String? {
        file.map { path in path.split(separator: "/").last.map(String.init) ?? path }
    }

    /// Where it is, as a developer reads it: `NotificationService.swift:8`, the file alone
    /// without a line, the module without a file, `?` without either.
    package var site: String {
        switch (fileName, line) {
        case (let name?, let line?) where line > 0: "\(name):\(line)"
        case (let name?, _): name
        default: module ?? "?"
        }
    }
}

/// One thread's stack, innermost frame first.
package struct ThreadStack: Codable, Sendable, Equatable {
    /// The kernel's thread id (the process's own id for its main thread); nil when unknown.
    package var id: Int?
    /// The thread's name (`/proc/PID/task/TID/comm`, or what the runtime printed).
    package var name: String?
    /// Its frames, innermost first.
    package var frames: [StackFrame]

    package init(id: Int? = nil, name: String? = nil, frames: [StackFrame]) {
        self.id = id
        self.name = name
        self.frames = frames
    }

    /// The index of the first (innermost) frame in the extension's own code.
    package var firstOwnFrameIndex: Int? { frames.firstIndex(where: \.isOwnCode) }

    /// The first frame in the extension's own code.
    package var firstOwnFrame: StackFrame? { firstOwnFrameIndex.map { frames[$0] } }

    /// What the first own frame was calling when the stack was taken: the blocking API it
    /// called, by its Swift name when the frames inside it are one the table knows
    /// (`DispatchSemaphore.wait()` for `_dispatch_semaphore_wait_slow`, which the overlay's
    /// inlined `wait()` calls), else the function just inside the own frame.
    package var calledFromOwnCode: String? {
        guard let index = firstOwnFrameIndex, index > 0 else { return nil }
        for frame in frames[..<index].reversed() {
            if let name = frame.function, let api = Self.blockingCalls.first(where: { name.hasPrefix($0.prefix) })?.api { return api }
        }
        return frames[index - 1].function
    }

    /// The functions inside the usual blocking calls, by the API the extension's code called.
    static let blockingCalls: [(prefix: String, api: String)] = [
        ("_dispatch_semaphore_wait", "DispatchSemaphore.wait()"), ("dispatch_semaphore_wait", "DispatchSemaphore.wait()"),
        ("_dispatch_group_wait", "DispatchGroup.wait()"), ("dispatch_group_wait", "DispatchGroup.wait()"),
        ("_dispatch_sync_f_slow", "DispatchQueue.sync(execute:)"), ("__DISPATCH_WAIT_FOR_QUEUE__", "DispatchQueue.sync(execute:)"),
        ("_dispatch_sync_wait", "DispatchQueue.sync(execute:)"),
        ("static Thread.sleep", "Thread.sleep"), ("Thread.sleep", "Thread.sleep"),
        ("NSCondition.wait", "NSCondition.wait()"), ("NSLock.lock", "NSLock.lock()"),
        ("pthread_mutex_lock", "a mutex (pthread_mutex_lock)"), ("pthread_cond_wait", "a condition (pthread_cond_wait)"),
        ("usleep", "usleep"), ("sleep", "sleep"), ("nanosleep", "a sleep (nanosleep)"),
        ("clock_nanosleep", "a sleep (clock_nanosleep)"), ("read", "a read (read)"), ("recv", "a network read (recv)"),
        ("poll", "poll"), ("epoll_wait", "epoll_wait"), ("select", "select"),
    ]
}
