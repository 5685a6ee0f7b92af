import Foundation

/// Turns a message into the line a logger writes (nil leaves the message out).
public protocol DDLogFormatter: AnyObject {
    /// The line for `logMessage`, or nil to drop it.
    func format(message logMessage: DDLogMessage) -> String?
}

/// Something that writes messages somewhere: the console, unified logging, a file.
public protocol DDLogger: AnyObject {
    /// Writes one message.
    func log(message logMessage: DDLogMessage)
    /// The formatter the logger applies (nil: the message as it is).
    var logFormatter: (any DDLogFormatter)? { get set }
    /// Called when the logger is added to a `DDLog`.
    func didAdd()
    /// Called before the logger is removed.
    func willRemove()
    /// Writes out what the logger holds back.
    func flush()
    /// The logger's name.
    var loggerName: String { get }
}

extension DDLogger {
    /// Does nothing.
    public func didAdd() {}
    /// Does nothing.
    public func willRemove() {}
    /// Does nothing.
    public func flush() {}
    /// The class's name.
    public var loggerName: String { String(describing: type(of: self)) }
}

/// A logger's common part, to subclass: the formatter and the line a message becomes.
open class DDAbstractLogger: NSObject, DDLogger {
    private let formatterLock = NSLock()
    private var formatter: (any DDLogFormatter)?

    /// A logger without a formatter.
    public override init() { super.init() }

    /// The formatter applied to each message.
    open var logFormatter: (any DDLogFormatter)? {
        get { formatterLock.withLock { formatter } }
        set { formatterLock.withLock { formatter = newValue } }
    }

    /// Subclasses write the message; this one does nothing.
    open func log(message logMessage: DDLogMessage) {}

    /// Does nothing.
    open func didAdd() {}
    /// Does nothing.
    open func willRemove() {}
    /// Does nothing.
    open func flush() {}
    /// The class's name.
    open var loggerName: String { String(describing: type(of: self)) }

    /// The formatted line, or the message when there is no formatter; nil when the
    /// formatter drops it.
    func line(for message: DDLogMessage) -> String? {
        guard let formatter = logFormatter else { return message.message }
        return formatter.format(message: message)
    }
}
