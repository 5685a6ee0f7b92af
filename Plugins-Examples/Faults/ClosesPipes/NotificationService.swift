import UserNotifications

/// Closes the pipes that connect it to the system (on iOS, its XPC connection; in nsesim,
/// the two protocol pipes the extension runtime was started with), then calls the content
/// handler, which can no longer reach anyone. nsesim sees its connection to the extension
/// end while the process still runs: the extension broke the protocol, so nsesim kills it
/// and delivers the original content (outcome original-crash).
///
/// The pipes are found the way any process finds its descriptors on Linux: the entries of
/// /proc/self/fd above 2 that are pipes, other than the one standard error writes to.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let pipes = Self.protocolPipes()
        for descriptor in pipes { close(descriptor) }
        FileHandle.standardError.write("ClosesPipes: closed \(pipes)\n".data(using: .utf8)!)
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        content.body = "closed descriptors \(pipes)"
        contentHandler(content)
    }

    /// Descriptors above 2 that are pipes, except standard error's.
    static func protocolPipes() -> [Int32] {
        let standardError = target(of: 2)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }.filter { descriptor in
            guard descriptor > 2, let target = target(of: descriptor) else { return false }
            return target.hasPrefix("pipe:") && target != standardError
        }.sorted()
    }

    static func target(of descriptor: Int32) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")
    }
}
