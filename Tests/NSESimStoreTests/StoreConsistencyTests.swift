import Foundation
import Testing

/// The store under several processes at once and under SIGKILL at any moment
/// (docs/behaviour.md#the-attachment-store): whole files only, an index that agrees with the files, nothing lost.
@Suite("The attachment store under concurrency and kills")
struct StoreConsistencyTests {
    @Test("4 `nsesim store put` started at once into one store: every file stored, the index consistent")
    func concurrentPuts() async throws {
        let scratch = try Scratch("concurrent")
        let sources = try SourceFiles()
        var planned: [[SourceFiles.Source]] = []
        for process in 0..<4 {
            var files: [SourceFiles.Source] = []
            for _ in 0..<3 {
                let size = Int.random(in: 200_000...1_500_000)
                files.append(
                    try sources.create(
                        in: scratch.url.appendingPathComponent("sources/\(process)"), size: size, copy: false,
                        bundleId: "com.example.app"))
            }
            planned.append(files)
        }
        let results = try await withThrowingTaskGroup(of: (Int, CLIResult).self) { group in
            for (process, files) in planned.enumerated() {
                group.addTask {
                    (
                        process,
                        try await nsesim(["store", "put", "concurrent-\(process)"] + files.map(\.path) + ["--store", scratch.store.path])
                    )
                }
            }
            var results: [Int: CLIResult] = [:]
            for try await (process, result) in group { results[process] = result }
            return results
        }
        for (process, result) in results.sorted(by: { $0.key < $1.key }) {
            #expect(result.status == 0 && !result.crashed, "put \(process): \(result)")
            #expect(!result.stdout.contains("failed"), "put \(process): \(result)")
        }
        let listing = try await listStore(scratch.store)
        #expect(listing.notifications.count == 4, "\(listing.object)")
        for (process, files) in planned.enumerated() {
            let stored = listing.attachments(of: "concurrent-\(process)") ?? []
            #expect(stored.count == files.count, "notification concurrent-\(process): \(stored)")
            for file in files {
                #expect(!FileManager.default.fileExists(atPath: file.path), "\(file.path) was not moved")
            }
        }
        let check = sources.check(listing)
        #expect(check.problems.isEmpty, "\(check.problems.joined(separator: "\n"))")
        #expect(check.storedIDs == Set(planned.flatMap { $0.map(\.id) }))
        #expect(listing.usedBytes == planned.flatMap { $0 }.reduce(0) { $0 + $1.size })
    }

    @Test("SIGKILL at any moment of `nsesim store put` (moves, cross-file-system copies, copies): whole files only, nothing lost")
    func killedPuts() async throws {
        let scratch = try Scratch("kills")
        let sources = try SourceFiles()
        let sameFileSystem = try scratch.path("sources/x").deletingLastPathComponent()
        // A second file system (tmpfs), when there is one: moves from it are copy, fsync,
        // rename, unlink.
        let otherFileSystem = SourceFiles.otherFileSystemFolder(than: scratch.url)
        defer { if let otherFileSystem { try? FileManager.default.removeItem(at: otherFileSystem) } }
        let bundleIds = ["com.example.kills.one", "com.example.kills.two", "com.example.kills.three"]
        let store = scratch.store

        let summary = try await onThread { () throws -> KillSummary in
            var summary = KillSummary()
            // Each app's store folder, as `store ls` names it.
            var appFolders: [String: URL] = [:]
            for bundleId in bundleIds {
                let listed = try NSESimCommand.runBlocking(
                    ["store", "ls", "--store", store.path, "--bundle-id", bundleId, "--format", "json"],
                    environment: PipelineRun.environment)
                appFolders[bundleId] = (try listed.jsonObject()["store"] as? String).map { URL(fileURLWithPath: $0) }
            }
            // How long a whole put takes here and now (measured by the runs not killed). A third
            // of the kills land at a random moment spread over it; the others when the put is
            // seen reaching a stage (its delivery's journal, a partial copy in staging/), so
            // that kills inside deliveries do not depend on how loaded the machine is.
            var estimate = 0.045
            while summary.kills < 60 && summary.iterations < 400 {
                summary.iterations += 1
                let copy = Int.random(in: 0..<4) == 0
                let bundleId = bundleIds[summary.iterations % bundleIds.count]
                var files: [SourceFiles.Source] = []
                for _ in 0..<Int.random(in: 1...3) {
                    let folder = otherFileSystem.map { Bool.random() ? $0 : sameFileSystem } ?? sameFileSystem
                    files.append(
                        try sources.create(
                            in: folder, size: Int.random(in: 1_000_000...4_000_000),
                            copy: copy, bundleId: bundleId))
                }
                let started = Date()
                let process = try startStorePut(
                    "kill-\(summary.iterations)", files: files, copy: copy, store: store,
                    bundleId: bundleId)
                // Every sixth run is left alone, to measure.
                if summary.iterations % 6 != 0, let folder = appFolders[bundleId] {
                    switch summary.iterations % 3 {
                    case 0: usleep(UInt32(Double.random(in: 0...(estimate * 1.1)) * 1_000_000))
                    case 1:
                        // A journal a killed put left is recovered (removed) first: wait for its
                        // absence, then for this delivery's own.
                        let journal = folder.appendingPathComponent("journal.json").path
                        var recovered = false
                        waitWhileRunning(process) {
                            if !recovered {
                                recovered = !FileManager.default.fileExists(atPath: journal)
                                return false
                            }
                            return FileManager.default.fileExists(atPath: journal)
                        }
                    default:
                        waitWhileRunning(process) {
                            !((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("staging").path)) ?? [])
                                .isEmpty
                        }
                    }
                    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                }
                process.waitUntilExit()
                if process.terminationReason == .uncaughtSignal {
                    summary.kills += 1
                    // Killed inside a delivery: its journal is still there (until the next
                    // put recovers); killed inside a copy: a partial file in staging/.
                    if let folder = appFolders[bundleId] {
                        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("journal.json").path) {
                            summary.killsInDelivery += 1
                        }
                        if !((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("staging").path)) ?? [])
                            .isEmpty
                        {
                            summary.killsInCopy += 1
                        }
                    }
                } else if process.terminationStatus == 0 {
                    summary.completed += 1
                    estimate = 0.5 * estimate + 0.5 * Date().timeIntervalSince(started)
                } else {
                    summary.failures.append("put kill-\(summary.iterations) exited \(process.terminationStatus)")
                }
            }
            summary.estimate = estimate
            return summary
        }
        #expect(summary.kills >= 50, "only \(summary.kills) kills in \(summary.iterations) runs")
        #expect(summary.failures.isEmpty, "\(summary.failures)")

        var stored = 0
        for bundleId in bundleIds {
            let listing = try await listStore(store, bundleId: bundleId)
            let check = sources.check(listing, bundleId: bundleId)
            #expect(check.problems.isEmpty, "\(bundleId):\n\(check.problems.joined(separator: "\n"))")
            stored += check.storedIDs.count
        }
        // Some runs must have got far enough to store files, or the kills proved nothing.
        #expect(stored > 0, "no file was ever stored (\(summary))")
        // And some kills must have landed inside deliveries.
        #expect(summary.killsInDelivery >= 5, "\(summary)")
        print("\(summary); \(stored) files stored; cross-file-system sources: \(otherFileSystem?.path ?? "none")")
    }
}

/// Polls (every 0.2 ms) until `reached` holds or `process` has ended: a kill placed by what the
/// process did, not by a guess of how long it takes.
private func waitWhileRunning(_ process: Process, until reached: () -> Bool) {
    while process.isRunning && !reached() { usleep(200) }
}

struct KillSummary: Sendable, CustomStringConvertible {
    var iterations = 0
    var kills = 0
    var completed = 0
    /// Kills that left a delivery's journal (killed between the journal and the index).
    var killsInDelivery = 0
    /// Kills that left a partial copy in staging/.
    var killsInCopy = 0
    /// The last estimate of a whole put's time, in seconds.
    var estimate = 0.0
    var failures: [String] = []

    var description: String {
        "\(iterations) runs: \(kills) killed (\(killsInDelivery) inside a delivery, \(killsInCopy) inside a copy), "
            + "\(completed) completed; a whole put took about \(Int(estimate * 1000)) ms"
    }
}

/// Source files with recognisable content: a header naming the source, then bytes of a
/// random pool, so that any stored file can be traced to its source and compared with
/// what it must hold, even after the source was moved away.
final class SourceFiles: @unchecked Sendable {
    struct Source: Sendable {
        let id: Int
        let path: String
        let size: Int
        let offset: Int
        let copy: Bool
        let bundleId: String
    }

    static let headerLength = 32
    private let pool: Data
    private let lock = NSLock()
    private var sources: [Int: Source] = [:]
    private var nextID = 1

    init() throws {
        guard let random = FileHandle(forReadingAtPath: "/dev/urandom") else {
            throw CocoaError(.fileReadNoPermission, userInfo: [NSDebugDescriptionErrorKey: "cannot read /dev/urandom"])
        }
        pool = random.readData(ofLength: 4_200_000)
        random.closeFile()
    }

    /// A new folder on another file system than `folder` (in /dev/shm), or nil when there
    /// is none; with `create: false` only whether there is one (the folder is not made).
    static func otherFileSystemFolder(than folder: URL, create: Bool = true) -> URL? {
        // Left by test processes that were killed before their cleanup ran.
        PipelineRun.removeStale(in: URL(fileURLWithPath: "/dev/shm"), prefix: "nsesim-pipeline-")
        let candidate = URL(fileURLWithPath: "/dev/shm/nsesim-pipeline-\(UUID().uuidString.prefix(8))")
        guard (try? FileManager.default.createDirectory(at: candidate, withIntermediateDirectories: true)) != nil else { return nil }
        var a = stat()
        var b = stat()
        let other = stat(candidate.path, &a) == 0 && stat(folder.path, &b) == 0 && a.st_dev != b.st_dev
        if !other || !create { try? FileManager.default.removeItem(at: candidate) }
        return other ? candidate : nil
    }

    /// Writes a new source file of `size` bytes in `folder`.
    func create(in folder: URL, size: Int, copy: Bool, bundleId: String) throws -> Source {
        lock.lock()
        let id = nextID
        nextID += 1
        lock.unlock()
        let offset = Int.random(in: 0...(pool.count - size))
        let source = Source(
            id: id, path: folder.appendingPathComponent("source-\(id).bin").path, size: size, offset: offset,
            copy: copy, bundleId: bundleId)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try contents(of: source).write(to: URL(fileURLWithPath: source.path))
        lock.lock()
        sources[id] = source
        lock.unlock()
        return source
    }

    func contents(of source: Source) -> Data {
        var header = Data("nsesim-source \(source.id)\n".utf8)
        header.append(Data(repeating: UInt8(ascii: " "), count: Self.headerLength - header.count))
        let start = pool.startIndex + source.offset
        return header + pool[start..<(start + source.size - Self.headerLength)]
    }

    /// The source a file's header names.
    func source(ofFileAt path: String) -> Source? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { handle.closeFile() }
        let header = String(decoding: handle.readData(ofLength: Self.headerLength), as: UTF8.self)
        guard header.hasPrefix("nsesim-source "),
            let id = Int(header.dropFirst("nsesim-source ".count).prefix { $0.isNumber })
        else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return sources[id]
    }

    var all: [Source] {
        lock.lock()
        defer { lock.unlock() }
        return sources.values.sorted { $0.id < $1.id }
    }

    /// Checks an app's store after `store ls` (which recovers first): every index entry's
    /// file exists with exactly the recorded size and the bytes of its source; every file
    /// under files/ is indexed; staging/ is empty; no temporary file, partial copy or
    /// journal is left; every moved source that left its path is in the store; sources
    /// to copy are untouched.
    func check(_ listing: Listing, bundleId: String = "com.example.app") -> (problems: [String], storedIDs: Set<Int>) {
        var problems: [String] = []
        var storedIDs = Set<Int>()
        var indexed = Set<String>()
        let folder = listing.folder
        for notification in listing.notifications {
            let name = notification["identifier"] as? String ?? "?"
            for attachment in notification["attachments"] as? [[String: Any]] ?? [] {
                guard let url = fileURL(attachment), let size = (attachment["size"] as? NSNumber)?.intValue else {
                    problems.append("\(name): an entry without url or size: \(attachment)")
                    continue
                }
                let path = url.standardizedFileURL.path
                indexed.insert(path)
                guard isInside(url, folder.appendingPathComponent("files")) else {
                    problems.append("\(name): \(path) is not under the store's files/")
                    continue
                }
                guard let data = FileManager.default.contents(atPath: path) else {
                    problems.append("\(name): the indexed file \(path) is missing")
                    continue
                }
                if data.count != size { problems.append("\(name): \(path) holds \(data.count) bytes, the index says \(size)") }
                guard let source = source(ofFileAt: path) else {
                    problems.append("\(name): \(path) is no source's file")
                    continue
                }
                if source.size != size { problems.append("\(name): \(path) is recorded with \(size) bytes, its source had \(source.size)") }
                if data != contents(of: source) { problems.append("\(name): \(path) differs from source \(source.id)") }
                if source.bundleId != bundleId {
                    problems.append("\(name): source \(source.id) of \(source.bundleId) is in \(bundleId)'s store")
                }
                if storedIDs.contains(source.id) { problems.append("source \(source.id) is stored twice") }
                storedIDs.insert(source.id)
            }
        }
        let files = Set(regularFiles(under: folder.appendingPathComponent("files")))
        for file in files.subtracting(indexed).sorted() { problems.append("\(file) is under files/ but not in the index") }
        let staging = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("staging").path)) ?? []
        if !staging.isEmpty { problems.append("staging/ is not empty: \(staging)") }
        for entry in allEntries(under: folder) where entry.hasSuffix(".tmp") || entry.hasSuffix(".part") {
            problems.append("a temporary file is left: \(entry)")
        }
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("journal.json").path) {
            problems.append("journal.json is left after recovery")
        }
        for source in all where source.bundleId == bundleId {
            let exists = FileManager.default.fileExists(atPath: source.path)
            if source.copy {
                let size = (try? FileManager.default.attributesOfItem(atPath: source.path)[.size] as? Int) ?? nil
                if size != source.size { problems.append("source \(source.id) to copy was changed or removed: \(source.path)") }
            } else if !exists && !storedIDs.contains(source.id) {
                problems.append("source \(source.id) was moved away from \(source.path) but is not in the store: lost")
            }
        }
        return (problems, storedIDs)
    }
}
