import Foundation
import NSESimRuntime
import NSESimSDKSupport

/// What a file logger knows of one log file.
open class DDLogFileInfo: NSObject, @unchecked Sendable {
    /// The file's full path.
    public let filePath: String
    /// Its name.
    public var fileName: String { (filePath as NSString).lastPathComponent }
    /// Its attributes, as `FileManager` gives them.
    open var fileAttributes: [FileAttributeKey: Any] { (try? FileManager.default.attributesOfItem(atPath: filePath)) ?? [:] }
    /// When it was created.
    open var creationDate: Date? { fileAttributes[.creationDate] as? Date ?? modificationDate }
    /// When it was last written.
    open var modificationDate: Date? { fileAttributes[.modificationDate] as? Date }
    /// Its size in bytes.
    open var fileSize: UInt64 { (fileAttributes[.size] as? NSNumber)?.uint64Value ?? 0 }
    /// Seconds since it was created.
    open var age: TimeInterval { -(creationDate ?? Date()).timeIntervalSinceNow }
    /// Whether it is done with (rolled).
    open var isArchived = false

    /// The info of the file at `filePath`.
    public init(filePath: String) {
        self.filePath = filePath
        super.init()
    }
}

/// Where a file logger's files live and how many are kept.
public protocol DDLogFileManager: AnyObject {
    /// How many files are kept; older ones are deleted (0: no limit).
    var maximumNumberOfLogFiles: UInt { get set }
    /// How many bytes the files may take together; older ones are deleted (0: no limit).
    var logFilesDiskQuota: UInt64 { get set }
    /// The folder of the files.
    var logsDirectory: String { get }
    /// The files' paths, newest first.
    var sortedLogFilePaths: [String] { get }
    /// The files' names, newest first.
    var sortedLogFileNames: [String] { get }
    /// The files, newest first.
    var sortedLogFileInfos: [DDLogFileInfo] { get }
    /// Creates a new, empty log file and gives its path.
    func createNewLogFile() throws -> String
}

/// Log files in `Caches/Logs` (or a folder given), named "APP yyyy-MM-dd--HH-mm-ss-SSS.log",
/// five kept by default.
open class DDLogFileManagerDefault: NSObject, DDLogFileManager, @unchecked Sendable {
    private let lock = NSLock()
    private var maximumFiles: UInt = 5
    private var quota: UInt64 = 20 * 1024 * 1024
    /// The folder of the files.
    public let logsDirectory: String

    /// Files in the caches folder's `Logs`.
    public override convenience init() { self.init(logsDirectory: nil) }

    /// Files in `logsDirectory` (nil: the caches folder's `Logs`).
    public init(logsDirectory: String?) {
        let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first?.path ?? NSTemporaryDirectory()
        self.logsDirectory = logsDirectory ?? (caches as NSString).appendingPathComponent("Logs")
        super.init()
    }

    /// How many files are kept (0: no limit).
    open var maximumNumberOfLogFiles: UInt {
        get { lock.withLock { maximumFiles } }
        set { lock.withLock { maximumFiles = newValue } }
    }

    /// How many bytes the files may take together (0: no limit).
    open var logFilesDiskQuota: UInt64 {
        get { lock.withLock { quota } }
        set { lock.withLock { quota = newValue } }
    }

    /// The files' paths, newest first.
    open var sortedLogFilePaths: [String] { sortedLogFileInfos.map(\.filePath) }
    /// The files' names, newest first.
    open var sortedLogFileNames: [String] { sortedLogFileInfos.map(\.fileName) }

    /// The files, newest first (by when they were created, then by name).
    open var sortedLogFileInfos: [DDLogFileInfo] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: logsDirectory)) ?? []
        let files = names.filter(isLogFile).map { DDLogFileInfo(filePath: (logsDirectory as NSString).appendingPathComponent($0)) }
        let dated = files.map { (file: $0, date: $0.creationDate ?? .distantPast) }
        return dated.sorted { $0.date != $1.date ? $0.date > $1.date : $0.file.fileName > $1.file.fileName }.map(\.file)
    }

    /// The application's name the files start with (the bundle identifier, else the process's name).
    open var applicationName: String {
        Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
    }

    /// Whether `fileName` is one of this manager's files.
    open func isLogFile(_ fileName: String) -> Bool {
        fileName.hasPrefix(applicationName + " ") && fileName.hasSuffix(".log")
    }

    /// A new file's name: "APP yyyy-MM-dd--HH-mm-ss-SSS.log".
    open var newLogFileName: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy'-'MM'-'dd'--'HH'-'mm'-'ss'-'SSS"
        return "\(applicationName) \(formatter.string(from: Date())).log"
    }

    /// Creates a new, empty log file (a suffix when the name is taken) and deletes the files
    /// beyond the limits.
    open func createNewLogFile() throws -> String {
        try FileManager.default.createDirectory(atPath: logsDirectory, withIntermediateDirectories: true)
        let name = newLogFileName
        var path = (logsDirectory as NSString).appendingPathComponent(name)
        var attempt = 1
        while FileManager.default.fileExists(atPath: path) {
            attempt += 1
            path = (logsDirectory as NSString).appendingPathComponent((name as NSString).deletingPathExtension + " \(attempt).log")
        }
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        deleteOldLogFiles(keeping: path)
        return path
    }

    /// Deletes the oldest files beyond `maximumNumberOfLogFiles` and the disk quota (never `current`).
    func deleteOldLogFiles(keeping current: String) {
        let files = sortedLogFileInfos
        var kept: UInt = 0
        var bytes: UInt64 = 0
        for file in files {
            kept += 1
            bytes += file.fileSize
            let overCount = maximumNumberOfLogFiles > 0 && kept > maximumNumberOfLogFiles
            let overQuota = logFilesDiskQuota > 0 && bytes > logFilesDiskQuota && kept > 1
            guard file.filePath != current, overCount || overQuota else { continue }
            if (try? FileManager.default.removeItem(atPath: file.filePath)) != nil {
                SDKActivity.record(
                    sdk: "CocoaLumberjack", api: "DDLogFileManagerDefault", "deleted the old log file \(file.fileName)",
                    ["path": .string(file.filePath), "reason": .string(overCount ? "maximumNumberOfLogFiles" : "logFilesDiskQuota")])
            }
        }
    }
}

/// Writes each message as a line of a real log file (`logFileManager`'s folder), rolling to a
/// new file when the current one is older than `rollingFrequency` or larger than
/// `maximumFileSize`. Each file created and rolled is in the report.
open class DDFileLogger: DDAbstractLogger, @unchecked Sendable {
    /// Where the files are and how many are kept.
    public let logFileManager: any DDLogFileManager
    private let lock = NSRecursiveLock()
    private var handle: FileHandle?
    private var current: DDLogFileInfo?
    private var opened: Date?
    private var settings = (maximumFileSize: UInt64(1024 * 1024), rollingFrequency: TimeInterval(60 * 60 * 24), doNotReuse: false)

    /// A logger with the default file manager (`Caches/Logs`).
    public convenience override init() { self.init(logFileManager: DDLogFileManagerDefault()) }

    /// A logger with its own file manager.
    public init(logFileManager: any DDLogFileManager) {
        self.logFileManager = logFileManager
        super.init()
        logFormatter = DDLogFileFormatterDefault()
    }

    /// A file larger than this is rolled (bytes; 0: never for size). 1 MiB by default.
    open var maximumFileSize: UInt64 {
        get { lock.withLock { settings.maximumFileSize } }
        set { lock.withLock { settings.maximumFileSize = newValue } }
    }

    /// A file older than this is rolled (seconds; 0 or less: never for age). A day by default.
    open var rollingFrequency: TimeInterval {
        get { lock.withLock { settings.rollingFrequency } }
        set { lock.withLock { settings.rollingFrequency = newValue } }
    }

    /// Whether a new file is started rather than the newest one continued.
    open var doNotReuseLogFiles: Bool {
        get { lock.withLock { settings.doNotReuse } }
        set { lock.withLock { settings.doNotReuse = newValue } }
    }

    /// The file being written (created or reused when asked).
    open var currentLogFileInfo: DDLogFileInfo? {
        lock.withLock {
            try? openFileIfNeeded()
            return current
        }
    }

    /// Writes the message as a line of the current file.
    open override func log(message logMessage: DDLogMessage) {
        guard let text = line(for: logMessage) else { return }
        lock.withLock {
            do {
                try rollIfNeeded()
                try openFileIfNeeded()
                handle?.seekToEndOfFile()
                handle?.write(Data((text + "\n").utf8))
            } catch {
                FileHandle.standardError.write(Data("DDFileLogger: cannot write a log file: \(error)\n".utf8))
            }
        }
    }

    /// Writes out the file's data.
    open override func flush() {
        lock.withLock { try? handle?.synchronize() }
    }

    /// Closes the current file; the next message starts a new one.
    open func rollLogFile(withCompletion completionBlock: (() -> Void)? = nil) {
        lock.withLock { roll(reason: "rollLogFile(withCompletion:)") }
        completionBlock?()
    }

    open override func willRemove() {
        lock.withLock {
            try? handle?.close()
            handle = nil
        }
    }

    private func rollIfNeeded() throws {
        guard let current, let opened else { return }
        if settings.maximumFileSize > 0, current.fileSize >= settings.maximumFileSize {
            roll(reason: "maximumFileSize \(settings.maximumFileSize) bytes")
        } else if settings.rollingFrequency > 0, -opened.timeIntervalSinceNow >= settings.rollingFrequency {
            roll(reason: "rollingFrequency \(settings.rollingFrequency) s")
        }
    }

    private func roll(reason: String) {
        guard let current else { return }
        try? handle?.close()
        handle = nil
        current.isArchived = true
        self.current = nil
        opened = nil
        SDKActivity.record(
            sdk: "CocoaLumberjack", api: "DDFileLogger", "rolled \(current.fileName) (\(reason))",
            ["path": .string(current.filePath), "bytes": .integer(Int64(current.fileSize))])
    }

    private func openFileIfNeeded() throws {
        guard handle == nil else { return }
        var path: String?
        var reused = false
        if !settings.doNotReuse, let newest = logFileManager.sortedLogFileInfos.first, !newest.isArchived,
            settings.maximumFileSize == 0 || newest.fileSize < settings.maximumFileSize,
            settings.rollingFrequency <= 0 || newest.age < settings.rollingFrequency
        {
            path = newest.filePath
            reused = true
        }
        let filePath = try path ?? logFileManager.createNewLogFile()
        guard let opened = FileHandle(forWritingAtPath: filePath) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: filePath])
        }
        handle = opened
        let info = DDLogFileInfo(filePath: filePath)
        current = info
        self.opened = reused ? (info.creationDate ?? Date()) : Date()
        SDKActivity.record(
            sdk: "CocoaLumberjack", api: "DDFileLogger", "\(reused ? "continued" : "created") the log file \(info.fileName)",
            ["path": .string(filePath), "maximumNumberOfLogFiles": .integer(Int64(logFileManager.maximumNumberOfLogFiles))])
    }
}
