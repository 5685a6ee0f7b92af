import CocoaLumberjack
import Foundation
import Testing
import UserNotifications

/// CocoaLumberjack's stand-in: levels and flags as the library defines them, loggers with their
/// own levels and formatters, real log files rolled and pruned.
@Suite struct CocoaLumberjackBehaviourTests {
    func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lumberjack-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func levelsAndFlagsAreTheLibrarys() {
        #expect(DDLogLevel.warning.rawValue == DDLogFlag.error.rawValue | DDLogFlag.warning.rawValue)
        #expect(DDLogLevel.verbose.rawValue == 31)
        #expect(DDLogFlag.from(.info) == [.error, .warning, .info])
        #expect(DDLogFlag(.debug).toLogLevel() == .debug)
        #expect(DDDefaultLogLevel == dynamicLogLevel)
    }

    @Test func sampleLogsEachLevelToItsLoggers() async throws {
        let logs = try folder()
        let service = LumberjackNotificationService(logsDirectory: logs)
        let delivered = await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            service.didReceive(UNNotificationRequest(identifier: "p-1", content: UNMutableNotificationContent(), trigger: nil)) {
                continuation.resume(returning: $0)
            }
        }
        // The collector takes .info and up, and its formatter leaves out what it does not name.
        #expect(service.collector.lines.count == 3)
        #expect(service.collector.lines[0].hasPrefix("LumberjackNotificationService:"))
        #expect(service.collector.lines[0].hasSuffix("I didReceive p-1"))
        #expect(service.collector.lines[1].hasSuffix("W no sender"))
        #expect(service.collector.lines[2].contains("E "))
        #expect(delivered.subtitle == "3 lines")
        // The file logger takes every level the call lets through (not the verbose line).
        let file = try #require(service.fileLogger.currentLogFileInfo)
        #expect(file.filePath.hasPrefix(logs))
        #expect(file.fileName.hasSuffix(".log"))
        let text = try String(contentsOfFile: file.filePath, encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0].hasSuffix("  didReceive p-1"))
        #expect(lines[0].range(of: #"^\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2}:\d{3}  "#, options: .regularExpression) != nil)
        #expect(!text.contains("left out"))
    }

    @Test func fileLoggerRollsAndKeepsTheNewestFiles() throws {
        let logs = try folder()
        let manager = DDLogFileManagerDefault(logsDirectory: logs)
        manager.maximumNumberOfLogFiles = 2
        let logger = DDFileLogger(logFileManager: manager)
        logger.maximumFileSize = 200
        logger.doNotReuseLogFiles = true
        let log = DDLog()
        log.add(logger)
        for index in 0..<40 {
            DDLogInfo("line \(index) with some padding to fill the file", ddlog: log)
            if index % 10 == 9 { Thread.sleep(forTimeInterval: 0.002) }  // distinct file names
        }
        log.flushLog()
        let files = manager.sortedLogFileInfos
        #expect(files.count == 2)
        #expect(files.allSatisfy { $0.fileSize <= 200 + 80 })
        let newest = try String(contentsOfFile: files[0].filePath, encoding: .utf8)
        #expect(newest.contains("line 39"))
    }

    @Test func asyncAndSynchronousCallsBothArriveInOrder() {
        let log = DDLog()
        let collector = CollectingLogger()
        log.add(collector)
        DDLogInfo("one", asynchronous: true, ddlog: log)
        DDLogError("two", ddlog: log)
        DDLogDebug("three", level: .info, ddlog: log)  // below the call's level
        #expect(collector.lines.map { $0.split(separator: " ", maxSplits: 1).last.map(String.init) } == ["one", "two"])
    }
}
