import UserNotifications

/// Starts helper processes that outlive it, in every way a process can try to get away
/// from its parent, then calls the content handler and ends:
///
/// - `process`:  `sleep 1000` with Foundation's Process (which gives it a process group of its own);
/// - `spawn`:    `sleep 1000` with posix_spawn (same process group);
/// - `orphan`:   `sleep 1000` started in the background by a shell that then exits (a double fork);
/// - `detached`: the same, through `setsid`: a session of its own;
/// - `scrubbed`: the same, through `setsid env -i`: a session of its own and no environment.
///
/// iOS extensions cannot start processes at all; on Linux they can, and nsesim kills every
/// one of them when the notification is done. The pids go to standard error (the report's
/// log) as `Orphans: process=PID spawn=PID orphan=PID detached=PID scrubbed=PID`, and into
/// the body. The payload's "then" says what happens after: "handler" (the default) calls
/// the content handler, "crash" calls abort() instead, "hang" does nothing.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        var started: [String] = []

        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.sleepPath)
        process.arguments = ["1000"]
        do {
            try process.run()
            started.append("process=\(process.processIdentifier)")
        } catch {
            print("Orphans: cannot start \(Self.sleepPath): \(error)")
        }
        if let pid = Self.spawn([Self.sleepPath, "1000"]) {
            started.append("spawn=\(pid)")
        }
        let shellLines = [
            ("orphan", "sleep 1000 &"),
            ("detached", "setsid sleep 1000 &"),
            ("scrubbed", "setsid env -i sleep 1000 &"),
        ]
        for (name, line) in shellLines {
            if let pid = Self.background(line) { started.append("\(name)=\(pid)") }
        }

        let line = "Orphans: " + started.joined(separator: " ") + "\n"
        FileHandle.standardError.write(line.data(using: .utf8)!)
        content.body = started.joined(separator: " ")
        switch request.content.userInfo["then"] as? String {
        case "crash": abort()
        case "hang": return
        default: contentHandler(content)
        }
    }

    static let sleepPath = ["/bin/sleep", "/usr/bin/sleep"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/bin/sleep"

    /// Starts `arguments` with posix_spawn, inheriting the environment; its pid.
    static func spawn(_ arguments: [String]) -> pid_t? {
        var pid: pid_t = 0
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let status = posix_spawn(&pid, arguments[0], nil, nil, &argv, environ)
        guard status == 0 else {
            print("Orphans: posix_spawn \(arguments[0]) failed: \(String(cString: strerror(status)))")
            return nil
        }
        return pid
    }

    /// Runs `line` (which starts something in the background) in a shell that exits at once,
    /// leaving what it started behind; the background process's pid, as the shell saw it.
    static func background(_ line: String) -> pid_t? {
        let pidFile = NSTemporaryDirectory() + "orphans-\(UUID().uuidString).pid"
        guard let shell = spawn(["/bin/sh", "-c", "\(line) echo $! > \"$0\"", pidFile]) else { return nil }
        var status: Int32 = 0
        _ = waitpid(shell, &status, 0)
        let text = (try? String(contentsOfFile: pidFile, encoding: .utf8)) ?? ""
        return pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
