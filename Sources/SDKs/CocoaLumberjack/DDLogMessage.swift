import Foundation

/// What a message's strings are copied of (the Swift functions copy the file and function).
public struct DDLogMessageOptions: OptionSet, Sendable {
    /// The bits.
    public let rawValue: Int
    /// Options of `rawValue`'s bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Copy the file name.
    public static let copyFile = DDLogMessageOptions(rawValue: 1 << 0)
    /// Copy the function name.
    public static let copyFunction = DDLogMessageOptions(rawValue: 1 << 1)
    /// Keep the message string as given.
    public static let dontCopyMessage = DDLogMessageOptions(rawValue: 1 << 2)
}

/// One message as loggers receive it: the text, its level and flag, where it was logged,
/// when and on which thread.
open class DDLogMessage: NSObject, @unchecked Sendable {
    /// The message text.
    public let message: String
    /// The level the message was logged at.
    public let level: DDLogLevel
    /// The message's flag (error, warning, …).
    public let flag: DDLogFlag
    /// The context the caller gave (0 by default).
    public let context: Int
    /// The full path of the file that logged it.
    public let file: String
    /// The file's name without folder and extension.
    public let fileName: String
    /// The function that logged it.
    public let function: String?
    /// The line that logged it.
    public let line: UInt
    /// The caller's tag.
    nonisolated(unsafe) public let tag: Any?
    /// The copy options.
    public let options: DDLogMessageOptions
    /// When it was logged.
    public let timestamp: Date
    /// The logging thread's ID, in hexadecimal.
    public let threadID: String
    /// The logging thread's name, when it has one.
    public let threadName: String?
    /// The label of the dispatch queue it was logged on.
    public let queueLabel: String

    /// A message, as the Swift functions build one.
    public init(
        message: String, level: DDLogLevel, flag: DDLogFlag, context: Int, file: String, function: String?, line: UInt,
        tag: Any?, options: DDLogMessageOptions = [], timestamp: Date? = nil
    ) {
        self.message = message
        self.level = level
        self.flag = flag
        self.context = context
        self.file = file
        self.fileName = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        self.function = function
        self.line = line
        self.tag = tag
        self.options = options
        self.timestamp = timestamp ?? Date()
        self.threadID = String(UInt(pthread_self()), radix: 16)
        let name = Thread.current.name
        self.threadName = name?.isEmpty == false ? name : nil
        self.queueLabel = Thread.isMainThread ? "com.apple.main-thread" : (Thread.current.name ?? "")
        super.init()
    }

    /// `NotificationService.swift:42`, as the report shows where a line came from.
    var place: String { "\((file as NSString).lastPathComponent):\(line)" }
}
