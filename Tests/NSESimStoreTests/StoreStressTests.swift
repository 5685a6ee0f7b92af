import Foundation
import NSESimCore
import NSESimStore
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The attachment store under stress (docs/behaviour.md#the-attachment-store), with real `nsesim` processes:
/// several `nsesim run` writing into one store at once, a long SIGKILL loop, a full disk
/// (a 1 MB tmpfs) as the store and across file systems, and attachment identifiers that
/// look like paths. After each: the index agrees with the files, every stored file is
/// whole (byte for byte its source), `store ls` lists everything, `store gc` finds nothing
/// to fix, and nothing lies outside the store.
@Suite("The attachment store under stress")
struct StoreStressTests {
    static let bundleId = "com.example.stress"

    // MARK: - Several nsesim processes at once

    @Test(
        "2 and 4 `nsesim run` processes (6 notifications, 3 downloaded attachments each) into one store at once",
        arguments: [2, 4])
    func concurrentRuns(processes: Int) async throws {
        let scratch = try Scratch("stress-runs")
        let downloader = example("Downloader")
        _ = try await Builds.shared.library(downloader)
        let media = [
            "sample.jpg", "sample.png", "sample.gif", "sample.mp4", "sample.wav", "sample.mp3", "sample.aiff",
            "sample.m4a", "sample.avi", "sample.mpg",
        ]
        let perProcess = 6
        var argumentsPerProcess: [[String]] = []
        var planned: [String: [String]] = [:]  // body (unique per notification) -> media files in order
        for process in 0..<processes {
            var arguments = [
                "run", "--extension", downloader, "--serve", repositoryPath("Fixtures/media"),
                "--store", scratch.store.path, "--bundle-id", Self.bundleId, "--format", "json",
            ]
            for notification in 0..<perProcess {
                let files = (0..<3).map { media[(process * 7 + notification * 3 + $0) % media.count] }
                let body = "p\(process)-n\(notification)"
                planned[body] = files
                let file = try scratch.path("payloads/\(body).json")
                try JSONSerialization.data(withJSONObject: [
                    "aps": ["alert": ["title": "Stress", "body": body], "mutable-content": 1],
                    "media": files.map { "{{server}}/\($0)" },
                ]).write(to: file)
                arguments += ["--payload", file.path]
            }
            argumentsPerProcess.append(arguments)
        }

        let start = Date()
        let results = try await withThrowingTaskGroup(of: (Int, CLIResult).self) { group in
            for (process, arguments) in argumentsPerProcess.enumerated() {
                group.addTask { (process, try await nsesim(arguments)) }
            }
            var results: [Int: CLIResult] = [:]
            for try await (process, result) in group { results[process] = result }
            return results
        }
        let seconds = Date().timeIntervalSince(start)

        // Every run: modified, its three attachments in the store, byte for byte the served files.
        var delivered: [String: Set<String>] = [:]  // request identifier -> stored paths
        for (process, result) in results.sorted(by: { $0.key < $1.key }) {
            #expect(result.status == 0 && !result.crashed, "process \(process): \(result)")
            let runs = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]],
                "process \(process): \(result)")
            #expect(runs.count == perProcess)
            for run in runs {
                let report = Report(object: run, result: result)
                let body = report.delivered["body"] as? String ?? "?"
                let identifier = try #require((run["request"] as? [String: Any])?["identifier"] as? String)
                #expect(report.outcome == "modified", "\(body): \(run)")
                #expect(report.errors.isEmpty, "\(body): \(report.errors)")
                let files = planned[body] ?? []
                #expect(report.attachments.count == files.count, "\(body): \(report.attachments)")
                var paths = Set<String>()
                for (index, file) in files.enumerated() {
                    let url = try #require(fileURL(report.attachment("media-\(index)")), "\(body): media-\(index) missing")
                    #expect(isInside(url, scratch.store))
                    #expect(
                        FileManager.default.contents(atPath: url.path) == FileManager.default.contents(atPath: mediaPath(file)),
                        "\(body): \(url.path) is not a whole copy of \(file)")
                    paths.insert(url.standardizedFileURL.path)
                }
                delivered[identifier] = paths
            }
        }
        #expect(delivered.count == processes * perProcess)

        try await expectConsistentStore(scratch.store, bundleId: Self.bundleId, expected: delivered)
        print(
            "store stress: \(processes) nsesim run processes x \(perProcess) notifications x 3 attachments "
                + "into one store in \(String(format: "%.1f", seconds)) s")
    }

    @Test("4 `nsesim run` processes replacing one notification (same collapse id) at once: one notification, whole files")
    func concurrentReplacements() async throws {
        let scratch = try Scratch("stress-replace")
        let downloader = example("Downloader")
        _ = try await Builds.shared.library(downloader)
        let media = ["sample.jpg", "sample.png", "sample.gif"]
        let payload = try scratch.path("payload.json")
        try JSONSerialization.data(withJSONObject: [
            "aps": ["alert": ["title": "Stress", "body": "replace"], "mutable-content": 1],
            "media": media.map { "{{server}}/\($0)" },
        ]).write(to: payload)
        let arguments =
            [
                "run", "--extension", downloader, "--serve", repositoryPath("Fixtures/media"), "--store", scratch.store.path,
                "--bundle-id", Self.bundleId, "--collapse-id", "shared", "--format", "json",
            ]
            + Array(repeating: ["--payload", payload.path], count: 3).flatMap { $0 }
        let results = try await withThrowingTaskGroup(of: CLIResult.self) { group in
            for _ in 0..<4 { group.addTask { try await nsesim(arguments) } }
            return try await group.reduce(into: [CLIResult]()) { $0.append($1) }
        }
        for result in results {
            #expect(result.status == 0 && !result.crashed, "\(result)")
            let runs = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            for run in runs {
                #expect(run["outcome"] as? String == "modified")
                #expect((run["errors"] as? [Any])?.isEmpty == true, "\(run)")
            }
        }
        // The last delivery won; its three files are whole; every replaced one's files are gone.
        let listing = try await listStore(scratch.store, bundleId: Self.bundleId)
        #expect(listing.notifications.count == 1, "\(listing.object)")
        let stored = try #require(listing.attachments(of: "shared"))
        #expect(stored.count == 3)
        for (index, file) in media.enumerated() {
            let url = try #require(fileURL(stored.first { $0["identifier"] as? String == "media-\(index)" }))
            #expect(FileManager.default.contents(atPath: url.path) == FileManager.default.contents(atPath: mediaPath(file)))
        }
        try await expectConsistentStore(
            scratch.store, bundleId: Self.bundleId,
            expected: ["shared": Set(stored.compactMap { fileURL($0)?.standardizedFileURL.path })])
    }

    // MARK: - SIGKILL during moves, longer

    /// Kills (SIGKILL) of `nsesim store put` processes, two writing at once, at random
    /// moments spread over a put's duration (measured by the rounds left alone), moving
    /// within the file system and across it (/dev/shm) and copying. NSESIM_STRESS_KILLS sets
    /// the count (200); the loop stops after 50 s whatever the count.
    @Test("SIGKILL of two concurrent `nsesim store put` at random moments, 200 kills: whole files only, nothing lost, gc clean")
    func longKillLoop() async throws {
        let target = ProcessInfo.processInfo.environment["NSESIM_STRESS_KILLS"].flatMap(Int.init) ?? 200
        let timeLimit = 50.0
        let scratch = try Scratch("stress-kills")
        let sources = try SourceFiles()
        let sameFileSystem = scratch.url.appendingPathComponent("sources")
        let otherFileSystem = SourceFiles.otherFileSystemFolder(than: scratch.url)
        defer { if let otherFileSystem { try? FileManager.default.removeItem(at: otherFileSystem) } }
        let store = scratch.store
        // Three apps in turn (each with its own 100 MB quota, which the stored files stay
        // well below); the two processes of a round write into the same app's store.
        let bundleIds = ["com.example.stress.one", "com.example.stress.two", "com.example.stress.three"]
        var appFolders: [String: URL] = [:]
        for bundleId in bundleIds { appFolders[bundleId] = try await listStore(store, bundleId: bundleId).folder }
        let folders = appFolders

        let (summary, completedSources, seconds) = try await onThread { () throws -> (KillSummary, Set<Int>, Double) in
            var summary = KillSummary()
            var completedSources = Set<Int>()
            var estimate = 0.05
            let start = Date()
            while summary.kills < target && Date().timeIntervalSince(start) < timeLimit {
                summary.iterations += 1
                let bundleId = bundleIds[summary.iterations % bundleIds.count]
                let leaveAlone = summary.iterations % 8 == 0
                var processes: [(process: Process, started: Date, files: [SourceFiles.Source])] = []
                for slot in 0..<2 {
                    let copy = Int.random(in: 0..<4) == 0
                    var files: [SourceFiles.Source] = []
                    for _ in 0..<Int.random(in: 1...3) {
                        let folder = otherFileSystem.map { Bool.random() ? $0 : sameFileSystem } ?? sameFileSystem
                        files.append(
                            try sources.create(in: folder, size: Int.random(in: 50_000...1_200_000), copy: copy, bundleId: bundleId))
                    }
                    let process = try startStorePut(
                        "kill-\(summary.iterations)-\(slot)", files: files, copy: copy,
                        store: store, bundleId: bundleId)
                    processes.append((process, Date(), files))
                }
                if !leaveAlone {
                    // Each is killed at its own random moment within a put's usual duration.
                    let moments = processes.map { _ in Double.random(in: 0...(estimate * 1.2)) }
                    for (index, moment) in moments.enumerated().sorted(by: { $0.element < $1.element }) {
                        let wait = moment - Date().timeIntervalSince(processes[index].started)
                        if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
                        if processes[index].process.isRunning { kill(processes[index].process.processIdentifier, SIGKILL) }
                    }
                }
                for (process, started, files) in processes {
                    process.waitUntilExit()
                    if process.terminationReason == .uncaughtSignal {
                        summary.kills += 1
                    } else if process.terminationStatus == 0 {
                        summary.completed += 1
                        completedSources.formUnion(files.map(\.id))
                        if leaveAlone { estimate = 0.5 * estimate + 0.5 * Date().timeIntervalSince(started) }
                    } else {
                        summary.failures.append("put \(process.arguments?[2] ?? "?") exited \(process.terminationStatus)")
                    }
                }
                // Both are dead: what they left is what the next user of the store recovers.
                if let folder = folders[bundleId] {
                    if FileManager.default.fileExists(atPath: folder.appendingPathComponent("journal.json").path) {
                        summary.killsInDelivery += 1
                    }
                    if !((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("staging").path)) ?? [])
                        .isEmpty
                    {
                        summary.killsInCopy += 1
                    }
                }
            }
            summary.estimate = estimate
            return (summary, completedSources, Date().timeIntervalSince(start))
        }
        // The loop is bounded by time as well as by count: on a loaded machine a put takes
        // longer (205 ms a put once, at load 12, 58 rounds in 50 s) and fewer rounds fit.
        // What the test is about is kills that land inside deliveries and copies (below),
        // so a loop that ran its whole time needs only enough kills to have landed there.
        let ranItsTime = seconds >= timeLimit
        #expect(
            summary.kills >= (ranItsTime ? 25 : min(target, 100)),
            "only \(summary.kills) kills in \(summary.iterations) rounds (\(Int(seconds)) s)")
        #expect(summary.failures.isEmpty, "\(summary.failures)")
        #expect(summary.killsInDelivery >= 5, "\(summary)")

        var stored = Set<Int>()
        for bundleId in bundleIds {
            let listing = try await listStore(store, bundleId: bundleId)
            let check = sources.check(listing, bundleId: bundleId)
            #expect(check.problems.isEmpty, "\(bundleId):\n\(check.problems.joined(separator: "\n"))")
            stored.formUnion(check.storedIDs)
            let gc = try await nsesim(["store", "gc", "--store", store.path, "--bundle-id", bundleId])
            #expect(gc.status == 0 && gc.stdout.contains("is clean"), "\(gc)")
        }
        // Every put that finished stored all its files (none refused, e.g. by the quota).
        let missing = completedSources.subtracting(stored)
        #expect(missing.isEmpty, "files of finished puts that are not in the store: \(missing.sorted())")
        #expect(!stored.isEmpty, "no file was ever stored (\(summary))")
        print(
            "store stress: \(summary); \(String(format: "%.1f", seconds)) s; \(stored.count) files stored and checked byte for byte "
                + "(\(stored.subtracting(completedSources).count) of them from killed puts, rolled forward); "
                + "cross-file-system sources: \(otherFileSystem?.path ?? "none")")
    }

    // MARK: - A full disk

    @Test(
        "a full disk across file systems (container on disk, store on a 1 MB tmpfs): 104 naming ENOSPC and the path, nothing half-written",
        .enabled(if: SmallDisk.mountAllowed, "mounting a tmpfs needs root (CAP_SYS_ADMIN)"))
    func fullDiskAcrossFileSystems() async throws {
        let scratch = try Scratch("stress-full-cross")
        let disk = try await SmallDisk.mount(at: scratch.url.appendingPathComponent("tmpfs"))
        defer { disk.unmount() }
        let store = disk.mountPoint.appendingPathComponent("store")
        // Three 400 kB WAVs: two fit in 1 MB, the third does not.
        let sources = try (0..<3).map { index in try writeWAV(scratch.path("sources/sound-\(index).wav"), bytes: 400_000) }
        let report = try await runAttacher(
            payload(["files": sources.enumerated().map { ["id": "sound-\($0)", "path": $1.path] }]),
            scratch: scratch, store: store)
        #expect(report.outcome == "modified", "\(report)")
        #expect(report.attachments.count == 2, "\(report.attachments)")
        for (index, source) in sources.enumerated().prefix(2) {
            let url = try #require(fileURL(report.attachment("sound-\(index)")))
            #expect(isInside(url, store))
            #expect(FileManager.default.contents(atPath: url.path) == FileManager.default.contents(atPath: source.path))
        }
        let error = try #require(report.error(for: "sound-2"), "\(report.errors)")
        #expect((error["code"] as? NSNumber)?.intValue == 104)
        let message = report.message(for: "sound-2")
        #expect(message.contains("ENOSPC") && message.contains("No space left on device"), "\(message)")
        #expect(message.contains(store.path), "the message names the store path: \(message)")
        #expect(report.deliveredAttachments.count == 2)
        try await expectConsistentStore(
            store, bundleId: Self.bundleId,
            expected: [try requestIdentifier(report): Set(report.attachments.compactMap { fileURL($0)?.path })])

        // Then the disk is filled to the last byte: not even the journal fits. Every file
        // fails with 104 and the store stays as it was.
        let filler = try disk.fill()
        let before = try await listStore(store, bundleId: Self.bundleId).object as NSDictionary
        let full = try await runAttacher(
            payload(["files": [["id": "late", "path": mediaPath("sample.png")]]]),
            scratch: scratch, store: store)
        #expect(full.outcome == "modified")
        #expect(full.attachments.isEmpty)
        #expect((full.error(for: "late")?["code"] as? NSNumber)?.intValue == 104, "\(full.errors)")
        #expect(full.message(for: "late").contains("ENOSPC"), "\(full.message(for: "late"))")
        #expect(full.message(for: "late").contains(store.path), "\(full.message(for: "late"))")
        unlink(filler.path)
        let after = try await listStore(store, bundleId: Self.bundleId).object as NSDictionary
        #expect(after == before, "the store changed: \(after) vs \(before)")
        try await expectConsistentStore(
            store, bundleId: Self.bundleId,
            expected: [try requestIdentifier(report): Set(report.attachments.compactMap { fileURL($0)?.path })])
    }

    @Test(
        "a full disk shared by container and store (one 1 MB tmpfs): the journal or the index cannot be written; all 104, the store unchanged",
        .enabled(if: SmallDisk.mountAllowed, "mounting a tmpfs needs root (CAP_SYS_ADMIN)"), arguments: [0, 4096])
    func fullDiskSameFileSystem(leaveFree: Int) async throws {
        let scratch = try Scratch("stress-full-same")
        let disk = try await SmallDisk.mount(at: scratch.url.appendingPathComponent("tmpfs"))
        defer { disk.unmount() }
        let store = disk.mountPoint.appendingPathComponent("store")
        let temporary = disk.mountPoint.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        // The extension attaches two files from its container (on the tmpfs), then fills the
        // tmpfs, leaving `leaveFree` bytes: 0, the journal cannot be written; one page, the
        // journal takes it and the index (index.sqlite: SQLITE_FULL) cannot be written, so the
        // placed files are moved back.
        let report = try await runAttacher(
            payload([
                "files": [
                    ["id": "png", "path": mediaPath("sample.png")],
                    ["id": "jpg", "path": mediaPath("sample.jpg")],
                ],
                "fill": leaveFree,
            ]),
            scratch: scratch, store: store, environment: ["TMPDIR": temporary.path])
        #expect(report.outcome == "modified", "\(report)")
        #expect(report.delivered["body"] as? String == "attached 2", "\(report.delivered)")
        #expect(report.attachments.isEmpty, "\(report.attachments)")
        for identifier in ["png", "jpg"] {
            #expect((report.error(for: identifier)?["code"] as? NSNumber)?.intValue == 104, "\(report.errors)")
            let message = report.message(for: identifier)
            #expect(message.contains("No space left on device (ENOSPC)"), "\(message)")
            #expect(message.contains(store.path), "\(message)")
            #expect(message.contains(leaveFree == 0 ? "journal.json" : "index.sqlite"), "\(message)")
        }
        // The container (and its filler) is gone; the store holds no file, no journal, no partial.
        let left = allEntries(under: disk.mountPoint).filter { !$0.hasPrefix(store.path) && $0 != temporary.path }
        #expect(left.isEmpty, "left on the tmpfs: \(left)")
        try await expectConsistentStore(store, bundleId: Self.bundleId, expected: [:])
    }

    /// Where tmpfs cannot be mounted (no root), a full disk is approached with a file size
    /// limit (RLIMIT_FSIZE, set with bash's ulimit, SIGXFSZ ignored) on nsesim: its copy of a
    /// bundle file past the limit fails with EFBIG. Run everywhere: it also shows the store
    /// refuses cleanly on a write error that is not ENOSPC.
    @Test("a file size limit (RLIMIT_FSIZE) on nsesim: the bundle file's copy fails with 104 naming EFBIG, nothing half-written")
    func fileSizeLimit() async throws {
        let scratch = try Scratch("stress-rlimit")
        let bundle = scratch.url.appendingPathComponent("bundle")
        let small = try writeWAV(scratch.path("bundle/small.wav"), bytes: 100_000)
        let large = try writeWAV(scratch.path("bundle/large.wav"), bytes: 600_000)
        _ = try await Builds.shared.library(StressExtension.folder.path)
        let file = try scratch.path("payload.json")
        try JSONSerialization.data(
            withJSONObject: payload([
                "files": [
                    ["id": "small", "path": small.path, "inPlace": true],
                    ["id": "large", "path": large.path, "inPlace": true],
                ]
            ])
        )
        .write(to: file)
        let environment = PipelineRun.environment.map { "\($0.key)=\(shellQuoted($0.value))" }.joined(separator: " ")
        let command =
            "trap '' XFSZ; ulimit -f 400; exec env \(environment) \(shellQuoted(NSESimCommand.executable.path)) run "
            + "--extension \(shellQuoted(StressExtension.folder.path)) --payload \(shellQuoted(file.path)) "
            + "--store \(shellQuoted(scratch.store.path)) --bundle-id \(Self.bundleId) --bundle \(shellQuoted(bundle.path)) --format json"
        let result = try await onThread { try runTool(["bash", "-c", command]) }
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let report = Report(object: try result.jsonObject(), result: result)
        #expect(report.outcome == "modified")
        #expect(report.attachments.count == 1)
        #expect(
            FileManager.default.contents(atPath: fileURL(report.attachment("small"))?.path ?? "")
                == FileManager.default.contents(atPath: small.path))
        #expect((report.error(for: "large")?["code"] as? NSNumber)?.intValue == 104, "\(report.errors)")
        #expect(report.message(for: "large").contains("EFBIG"), "\(report.message(for: "large"))")
        #expect(FileManager.default.contents(atPath: large.path)?.count == 600_000, "the bundle file was changed")
        try await expectConsistentStore(
            scratch.store, bundleId: Self.bundleId,
            expected: [try requestIdentifier(report): Set(report.attachments.compactMap { fileURL($0)?.path })])
    }

    // MARK: - Identifiers that look like paths

    @Test(
        "attachment identifiers with /, .., NUL and 300 characters: nothing escapes the store, names ≤ 255 bytes, identifiers kept, rm works"
    )
    func pathLikeIdentifiers() async throws {
        let scratch = try Scratch("stress-ids")
        let identifiers = [
            "a/b/c", "../../../../../../../../tmp/nsesim-escape", "..", "/", ".", "x\u{0}y", "\u{0}",
            String(repeating: "i", count: 300), String(repeating: "é", count: 300),
            String(repeating: "../", count: 100), "tab\tnew\nline", "",
        ]
        let collapseID = "../../../escape/../.."
        let report = try await runAttacher(
            payload(["files": identifiers.map { ["id": $0, "path": mediaPath("sample.png")] }]),
            scratch: scratch, store: scratch.store, arguments: ["--collapse-id", collapseID])
        #expect(report.outcome == "modified", "\(report)")
        #expect(report.errors.isEmpty, "\(report.errors)")
        #expect(report.attachments.count == identifiers.count)
        let appFolder = try await listStore(scratch.store, bundleId: Self.bundleId).folder
        for (index, identifier) in identifiers.enumerated() where index < report.attachments.count {
            let attachment = report.attachments[index]
            let reported = attachment["identifier"] as? String ?? "?"
            if identifier.isEmpty {
                #expect(!reported.isEmpty, "an empty identifier gets a generated one")
            } else {
                #expect(reported == identifier, "identifier \(index) came back as \(reported.debugDescription)")
            }
            let url = try #require(fileURL(attachment))
            let real = try #require(realPath(url), "\(url.path) does not exist")
            #expect(real.hasPrefix(appFolder.appendingPathComponent("files").path + "/"), "\(real) is outside the store")
            for component in url.pathComponents {
                #expect(component.utf8.count <= 255, "a name of \(component.utf8.count) bytes")
            }
            #expect(!url.path.contains("/../") && !url.path.contains("/./"))
            #expect(FileManager.default.contents(atPath: real) == FileManager.default.contents(atPath: mediaPath("sample.png")))
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/nsesim-escape"))
        // Nothing outside the app's folder in the store root, nothing unexpected in the scratch folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.store.path) == [appFolder.lastPathComponent])
        let strays = allEntries(under: scratch.url).filter { !$0.hasPrefix(scratch.store.path) && !$0.contains("/payload-") }
        #expect(strays.isEmpty, "\(strays)")

        // The index (read from index.sqlite) and `store ls` keep every identifier as given.
        let index = try AttachmentStore(root: scratch.store, bundleIdentifier: Self.bundleId).list()
        let stored = try #require(index.notifications.first { $0.identifier == collapseID })
        #expect(Array(stored.attachments.map(\.identifier).dropLast()) == Array(identifiers.dropLast()))
        let listing = try await listStore(scratch.store, bundleId: Self.bundleId)
        let listed = try #require(listing.attachments(of: collapseID), "\(listing.object)")
        #expect(Array(listed.compactMap { $0["identifier"] as? String }.dropLast()) == Array(identifiers.dropLast()))
        try await expectConsistentStore(
            scratch.store, bundleId: Self.bundleId,
            expected: [collapseID: Set(report.attachments.compactMap { fileURL($0)?.path })])
        // The text report and `store ls` in text show them without breaking.
        let text = try await nsesim(["store", "ls", "--store", scratch.store.path, "--bundle-id", Self.bundleId])
        #expect(text.status == 0 && !text.crashed, "\(text)")

        let removed = try await nsesim(["store", "rm", collapseID, "--store", scratch.store.path, "--bundle-id", Self.bundleId])
        #expect(removed.status == 0, "\(removed)")
        #expect(removed.stdout.contains("\(identifiers.count) file(s)"), "\(removed)")
        #expect(regularFiles(under: appFolder.appendingPathComponent("files")).isEmpty)
        #expect(try await listStore(scratch.store, bundleId: Self.bundleId).notifications.isEmpty)
        try await expectConsistentStore(scratch.store, bundleId: Self.bundleId, expected: [:])
    }
}

// MARK: - Checks

/// The store of `bundleId` after `store ls`: exactly the `expected` notifications (request
/// identifier -> stored paths), the index agreeing with the files under files/ (no other
/// file there, each entry's size the file's), no journal, no partial or temporary file,
/// staging empty, and `store gc` finding nothing to fix.
func expectConsistentStore(
    _ store: URL, bundleId: String, expected: [String: Set<String>],
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let listing = try await listStore(store, bundleId: bundleId, sourceLocation: sourceLocation)
    var listed: [String: Set<String>] = [:]
    for notification in listing.notifications {
        let identifier = notification["identifier"] as? String ?? "?"
        let attachments = notification["attachments"] as? [[String: Any]] ?? []
        listed[identifier] = Set(attachments.compactMap { fileURL($0)?.standardizedFileURL.path })
        for attachment in attachments {
            let path = fileURL(attachment)?.path ?? ""
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
            #expect(
                size == (attachment["size"] as? NSNumber)?.intValue, "\(path): size \(String(describing: size)) vs index \(attachment)",
                sourceLocation: sourceLocation)
        }
    }
    let expectedPaths = expected.mapValues { Set($0.map { URL(fileURLWithPath: $0).standardizedFileURL.path }) }
    #expect(listed == expectedPaths, "store ls lists \(listed), expected \(expectedPaths)", sourceLocation: sourceLocation)
    let folder = listing.folder
    let files = Set(regularFiles(under: folder.appendingPathComponent("files")))
    #expect(files == Set(listed.values.flatMap { $0 }), "files under files/ \(files) vs the index", sourceLocation: sourceLocation)
    let staging = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("staging").path)) ?? []
    #expect(staging.isEmpty, "staging/: \(staging)", sourceLocation: sourceLocation)
    let temporary = allEntries(under: folder).filter { $0.hasSuffix(".tmp") || $0.hasSuffix(".part") || $0.hasSuffix("journal.json") }
    #expect(temporary.isEmpty, "\(temporary)", sourceLocation: sourceLocation)
    let gc = try await nsesim(["store", "gc", "--store", store.path, "--bundle-id", bundleId])
    #expect(gc.status == 0 && gc.stdout.contains("is clean"), "\(gc)", sourceLocation: sourceLocation)
}

func requestIdentifier(_ report: Report) throws -> String {
    try #require((report.object["request"] as? [String: Any])?["identifier"] as? String)
}

// MARK: - The extension of these tests

/// An extension written for these tests (into the run's folder): it attaches copies of the
/// files the payload lists, made in its container (`"files": [{"id", "path"}]`; with
/// `"inPlace": true` the file itself, e.g. one in `--bundle`), and with `"fill": N` then
/// fills its container's file system, leaving N bytes free. Its body says what it did.
enum StressExtension {
    static let folder = writeTestExtension(at: PipelineRun.folder.appendingPathComponent("StressAttacher"), source: source)

    static let source = #"""
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                let folder = URL(fileURLWithPath: NSTemporaryDirectory())
                var problems: [String] = []
                for (index, item) in (request.content.userInfo["files"] as? [[String: Any]] ?? []).enumerated() {
                    let source = URL(fileURLWithPath: item["path"] as? String ?? "")
                    let file = folder.appendingPathComponent("file-\(index).\(source.pathExtension)")
                    do {
                        if item["inPlace"] as? Bool != true { try FileManager.default.copyItem(at: source, to: file) }
                        let url = item["inPlace"] as? Bool == true ? source : file
                        content.attachments.append(try UNNotificationAttachment(identifier: item["id"] as? String ?? "", url: url, options: nil))
                    } catch {
                        problems.append("\(index): \(error)")
                    }
                }
                if let free = request.content.userInfo["fill"] as? Int {
                    fill(folder.appendingPathComponent("filler"), leaving: free)
                }
                content.body = problems.isEmpty ? "attached \(content.attachments.count)" : problems.joined(separator: "; ")
                contentHandler(content)
            }

            /// Writes until the file system is full, then gives back `free` bytes.
            private func fill(_ file: URL, leaving free: Int) {
                let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                guard descriptor >= 0 else { return }
                let chunk = [UInt8](repeating: 0x5a, count: 65536)
                var size = 0
                while true {
                    let written = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                    if written <= 0 { break }
                    size += written
                }
                if free > 0 { _ = ftruncate(descriptor, off_t(max(0, size - free))) }
                fsync(descriptor)
                close(descriptor)
            }
        }
        """#
}

/// Runs the test extension on `payload` with `--store STORE --bundle-id com.example.stress`.
func runAttacher(
    _ payload: [String: Any], scratch: Scratch, store: URL, arguments: [String] = [],
    environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
) async throws -> Report {
    _ = try await Builds.shared.library(StressExtension.folder.path)
    let file = try scratch.path("payload-\(UUID().uuidString.prefix(8)).json")
    try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys]).write(to: file)
    let result = try await NSESimCommand.run(
        [
            "run", "--extension", StressExtension.folder.path, "--payload", file.path,
            "--store", store.path, "--bundle-id", StoreStressTests.bundleId, "--format", "json",
        ]
            + arguments,
        environment: PipelineRun.environment.merging(environment) { $1 })
    #expect(result.status == 0 && !result.crashed, "\(result)", sourceLocation: sourceLocation)
    return Report(object: try result.jsonObject(), result: result)
}

/// A valid WAV file (8-bit mono PCM, random samples) of exactly `bytes` bytes.
@discardableResult
func writeWAV(_ url: URL, bytes: Int) throws -> URL {
    func le32(_ value: Int) -> Data { withUnsafeBytes(of: UInt32(value).littleEndian) { Data($0) } }
    func le16(_ value: Int) -> Data { withUnsafeBytes(of: UInt16(value).littleEndian) { Data($0) } }
    var data = Data("RIFF".utf8) + le32(bytes - 8) + Data("WAVEfmt ".utf8) + le32(16)
    data += le16(1) + le16(1) + le32(8000) + le32(8000) + le16(1) + le16(8)
    data += Data("data".utf8) + le32(bytes - 44)
    data += Data((0..<(bytes - 44)).map { _ in UInt8.random(in: 0...255) })
    try data.write(to: url)
    return url
}

/// The path with every symlink resolved; nil when nothing is there.
func realPath(_ url: URL) -> String? {
    guard let pointer = realpath(url.path, nil) else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
}

func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

// MARK: - A small file system

/// A 1 MB tmpfs mounted for one test (`mount -t tmpfs -o size=1m`), for full-disk tests.
/// Needs root (CAP_SYS_ADMIN); CI runs as root. Unmounted by ``unmount()``.
final class SmallDisk: @unchecked Sendable {
    let mountPoint: URL

    private init(mountPoint: URL) {
        self.mountPoint = mountPoint
    }

    /// Whether this machine lets the tests mount a tmpfs (tried once, in a folder of the run).
    static let mountAllowed: Bool = {
        let probe = PipelineRun.folder.appendingPathComponent("mount-probe-\(UUID().uuidString.prefix(6))")
        guard (try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)) != nil,
            let mounted = try? runTool(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path]), mounted.status == 0
        else {
            return false
        }
        _ = try? runTool(["umount", probe.path])
        try? FileManager.default.removeItem(at: probe)
        return true
    }()

    static func mount(at folder: URL) async throws -> SmallDisk {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try await onThread { try runTool(["mount", "-t", "tmpfs", "-o", "size=1m,mode=0755", "tmpfs", folder.path]) }
        guard result.status == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSDebugDescriptionErrorKey: "mount -t tmpfs failed: \(result)"])
        }
        return SmallDisk(mountPoint: folder)
    }

    /// Fills the file system to the last byte with one file, returned.
    func fill() throws -> URL {
        let file = mountPoint.appendingPathComponent("filler-\(UUID().uuidString.prefix(6))")
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0x5a, count: 65536)
        while chunk.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        return file
    }

    /// Unmounts (lazily, should something still hold it open).
    func unmount() {
        if (try? runTool(["umount", mountPoint.path]))?.status != 0 {
            _ = try? runTool(["umount", "-l", mountPoint.path])
        }
    }
}
