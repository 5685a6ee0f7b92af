import Dispatch
import Foundation
import Glibc
import NSESimRuntime

/// The process's side of Darwin notifications: a post adds one to the name's `posts` counter
/// (under flock) and closes the file, which every observing process sees through inotify
/// (`IN_CLOSE_WRITE`) and delivers to its registrations for the name (``NotifyRegistry``). One
/// inotify descriptor per process, opened at the first registration, read on a queue of its own.
final class NotifyCenter: @unchecked Sendable {
    // Everything below is guarded by `lock`.
    private let lock = NSLock()
    private var registry = NotifyRegistry()
    private var handlers: [Int32: (queue: DispatchQueue, handler: notify_handler_t)] = [:]
    private var watches: [Int32: String] = [:]
    private var inotify: Int32 = -1
    private var source: (any DispatchSourceRead)?
    private let events = DispatchQueue(label: "nsesim.notify.events")

    let folder = NotifyFolder()

    static let shared = NotifyCenter()

    /// A failure of the files, said in words for the report.
    struct Failure: Error {
        var reason: String
    }

    // MARK: - Files

    /// Opens (creating) `file` in `name`'s folder.
    private func open(_ file: URL, writing: Bool) throws(Failure) -> Int32 {
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw Failure(reason: "cannot create \(file.deletingLastPathComponent().path): \(error.localizedDescription)")
        }
        let fd = Glibc.open(file.path, (writing ? O_RDWR : O_RDONLY) | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(reason: "cannot open \(file.path): \(String(cString: strerror(errno)))") }
        return fd
    }

    /// The 64-bit number in `file` (0 when empty).
    private func read(_ fd: Int32) -> UInt64 {
        var value: UInt64 = 0
        let count = withUnsafeMutableBytes(of: &value) { pread(fd, $0.baseAddress, 8, 0) }
        return count == 8 ? UInt64(littleEndian: value) : 0
    }

    private func write(_ fd: Int32, _ value: UInt64) -> Bool {
        var little = value.littleEndian
        return withUnsafeBytes(of: &little) { pwrite(fd, $0.baseAddress, 8, 0) } == 8
    }

    /// How many times `name` has been posted.
    func generation(of name: String) throws(Failure) -> UInt64 {
        let fd = try open(folder.posts(of: name), writing: false)
        defer { close(fd) }
        return read(fd)
    }

    /// Posts `name`: its counter plus one; the closing of the file is the notification.
    func post(_ name: String) throws(Failure) -> UInt64 {
        let fd = try open(folder.posts(of: name), writing: true)
        flock(fd, LOCK_EX)
        let generation = read(fd) &+ 1
        let written = write(fd, generation)
        flock(fd, LOCK_UN)
        close(fd)
        guard written else { throw Failure(reason: "cannot write \(folder.posts(of: name).path)") }
        return generation
    }

    /// `name`'s state.
    func state(of name: String) throws(Failure) -> UInt64 {
        let fd = try open(folder.state(of: name), writing: false)
        defer { close(fd) }
        return read(fd)
    }

    /// Sets `name`'s state (no notification, as notify's).
    func setState(_ state: UInt64, of name: String) throws(Failure) {
        let fd = try open(folder.state(of: name), writing: true)
        defer { close(fd) }
        flock(fd, LOCK_EX)
        defer { flock(fd, LOCK_UN) }
        guard write(fd, state) else { throw Failure(reason: "cannot write \(folder.state(of: name).path)") }
    }

    // MARK: - Registrations

    /// Registers for `name`: watches its `posts` file (once per name) and returns the token.
    func register(
        _ name: String, _ delivery: NotifyRegistry.Delivery, handler: (DispatchQueue, notify_handler_t)? = nil
    ) throws(Failure) -> Int32 {
        let generation = try generation(of: name)
        lock.lock()
        defer { lock.unlock() }
        if delivery != .check, !watches.values.contains(name) { try watch(name) }
        let token = registry.register(name, delivery, generation: generation)
        if let handler { handlers[token] = (handler.0, handler.1) }
        return token
    }

    /// Adds an inotify watch for `name` (lock held).
    private func watch(_ name: String) throws(Failure) {
        if inotify < 0 {
            inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
            guard inotify >= 0 else { throw Failure(reason: "inotify_init1: \(String(cString: strerror(errno)))") }
            let source = DispatchSource.makeReadSource(fileDescriptor: inotify, queue: events)
            source.setEventHandler { [weak self] in self?.drain() }
            source.resume()
            self.source = source
        }
        let path = folder.posts(of: name)
        let fd = try open(path, writing: false)
        close(fd)
        let wd = inotify_add_watch(inotify, path.path, UInt32(IN_CLOSE_WRITE))
        guard wd >= 0 else { throw Failure(reason: "inotify_add_watch \(path.path): \(String(cString: strerror(errno)))") }
        watches[wd] = name
    }

    /// Reads the inotify events and delivers each post.
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            var offset = 0
            var names: [String] = []
            while offset + 16 <= count {
                let wd = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
                let length = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) }
                offset += 16 + Int(length)
                lock.lock()
                if let name = watches[wd], !names.contains(name) { names.append(name) }
                lock.unlock()
            }
            for name in names { deliver(name) }
        }
    }

    /// Delivers a post of `name` to this process's registrations.
    private func deliver(_ name: String) {
        lock.lock()
        let tokens = registry.posted(name)
        let targets = tokens.map { token in (token, registry[token]?.delivery, handlers[token]) }
        lock.unlock()
        for (token, delivery, handler) in targets {
            NotifyRecord.send(api: "delivered", name: name, token: token, summary: "a post of \(name) delivered to token \(token)")
            switch delivery {
            case .dispatch?:
                if let handler {
                    let call = UncheckedHandler(handler: handler.handler)
                    handler.queue.async { call.handler(token) }
                }
            case .signal(let signal)?: kill(getpid(), signal)
            case .fileDescriptor(let fd)?:
                var big = token.bigEndian
                _ = withUnsafeBytes(of: &big) { Glibc.write(fd, $0.baseAddress, 4) }
            default: break
            }
        }
    }

    /// Calls `body` with the registry (lock held).
    func withRegistry<Result>(_ body: (inout NotifyRegistry) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&registry)
    }

    /// Cancels `token`: its handler and, when it was the last for its name, the watch.
    func cancel(_ token: Int32) -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard let name = registry[token]?.name, registry.cancel(token) else { return nil }
        handlers[token] = nil
        if !registry.watches(name), let wd = watches.first(where: { $0.value == name })?.key {
            inotify_rm_watch(inotify, wd)
            watches[wd] = nil
        }
        return name
    }

    /// Delivers a post that came while `token` was suspended.
    func deliverNow(_ token: Int32) {
        lock.lock()
        let delivery = registry[token]?.delivery
        let handler = handlers[token]
        lock.unlock()
        if delivery == .dispatch, let handler {
            let call = UncheckedHandler(handler: handler.handler)
            handler.queue.async { call.handler(token) }
        }
    }
}

/// A handler handed to its queue: notify's handlers are plain blocks, called on the queue the
/// app gave, as notify does.
private struct UncheckedHandler: @unchecked Sendable {
    let handler: notify_handler_t
}
