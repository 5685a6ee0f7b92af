import Foundation

/// The file logger's default line: "yyyy/MM/dd HH:mm:ss:SSS  message".
open class DDLogFileFormatterDefault: NSObject, DDLogFormatter, @unchecked Sendable {
    private let formatter: DateFormatter

    /// The default formatter.
    public override convenience init() { self.init(dateFormatter: nil) }

    /// A formatter with its own date format (nil: "yyyy/MM/dd HH:mm:ss:SSS").
    public init(dateFormatter: DateFormatter?) {
        if let dateFormatter {
            formatter = dateFormatter
        } else {
            formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "yyyy/MM/dd HH:mm:ss:SSS"
        }
        super.init()
    }

    /// The line for `logMessage`.
    open func format(message logMessage: DDLogMessage) -> String? {
        "\(formatter.string(from: logMessage.timestamp))  \(logMessage.message)"
    }
}
