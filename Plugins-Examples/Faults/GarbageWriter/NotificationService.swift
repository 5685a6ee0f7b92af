import UserNotifications

/// Writes garbage into the pipe that carries its messages to nsesim (the extension
/// runtime's event pipe, found in /proc/self/fd), then calls the content handler. nsesim
/// must not be confused: the first thing that is not a protocol message ends the run, the
/// process is killed and the original content delivered (outcome original-crash).
///
/// The payload's "garbage" chooses what is written:
/// - "binary" (default): a line of bytes that are not JSON, not even UTF-8;
/// - "unknown": a well-formed JSON line of the right protocol version but of an unknown type;
/// - "endless": one line without end, 1 MiB at a time, until the process is killed.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        guard let pipe = Self.eventPipe() else {
            FileHandle.standardError.write("GarbageWriter: no event pipe found\n".data(using: .utf8)!)
            return
        }
        let kind = request.content.userInfo["garbage"] as? String ?? "binary"
        FileHandle.standardError.write("GarbageWriter: writing \(kind) garbage to descriptor \(pipe)\n".data(using: .utf8)!)
        switch kind {
        case "unknown":
            Self.write(Array("{\"v\":1,\"type\":\"hello\",\"seq\":1}\n".utf8), to: pipe)
        case "endless":
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
            while Self.write(chunk, to: pipe) {}
        default:
            Self.write([0x00, 0xFF, 0xFE, 0x7B, 0x22, 0x76, 0x22, 0x3A, 0xC3, 0x28, 0x0A], to: pipe)
        }
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        content.body = "after \(kind) garbage"
        contentHandler(content)
    }

    /// Writes all of `bytes`; false once the pipe is gone.
    @discardableResult
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }

    /// The write-only pipe above descriptor 2 that is not standard error's.
    static func eventPipe() -> Int32? {
        let standardError = target(of: 2)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }.sorted().first { descriptor in
            guard descriptor > 2, let target = target(of: descriptor), target.hasPrefix("pipe:"),
                  target != standardError else { return false }
            return fcntl(descriptor, F_GETFL) & O_ACCMODE == O_WRONLY
        }
    }

    static func target(of descriptor: Int32) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")
    }
}
