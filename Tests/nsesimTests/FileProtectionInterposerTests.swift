import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing

/// The preloaded interposer on its own (`libNSESimFileProtection.so`), under C programs that use
/// the C library's calls directly: `cat` (open), the shell's redirections (open with O_CREAT,
/// O_APPEND), relative paths from a working folder inside the container, and files outside the
/// governed folders.
@Suite("File protection interposer")
struct FileProtectionInterposerTests {
    static let library = NSESimCommand.executable.deletingLastPathComponent().appendingPathComponent("libNSESimFileProtection.so")

    struct Place {
        let root: URL
        var groups: URL { root.appendingPathComponent("AppGroups") }
        var container: URL { root.appendingPathComponent("container") }
        var outside: URL { root.appendingPathComponent("outside") }
        var log: URL { root.appendingPathComponent("log.jsonl") }

        init() throws {
            root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-interposer-\(UUID().uuidString)")
            for folder in [groups.appendingPathComponent("group.x"), container.appendingPathComponent("tmp"), outside] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
        }

        func file(_ path: String, _ protection: FileProtectionClass?) throws -> URL {
            let url = root.appendingPathComponent(path)
            try Data("data\n".utf8).write(to: url)
            try protection?.set(on: url)
            return url
        }

        /// Runs `sh -c SCRIPT` with the interposer preloaded in `state`, from `folder`.
        func shell(
            _ script: String, _ state: LockState, in folder: URL? = nil
        ) async throws -> (status: Int32, stdout: String, stderr: String) {
            let child = try ChildProcess(
                URL(fileURLWithPath: "/bin/sh"), ["-c", (folder.map { "cd '\($0.path)' && " } ?? "") + script],
                environment: [
                    "LD_PRELOAD": FileProtectionInterposerTests.library.path,
                    "NSESIM_LOCK_STATE": state.rawValue, "NSESIM_APP_GROUPS": groups.path,
                    "NSESIM_CONTAINER": container.path, "NSESIM_FILE_PROTECTION_LOG": log.path,
                ])
            #expect(await child.waitForExit())
            return (child.process.terminationStatus, child.stdout, child.stderr)
        }

        var records: [JSONValue] {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
                try? JSONValue.parse(Data($0.utf8))
            }
        }
    }

    @Test("Locked: a complete file is refused with EPERM (read, append), a default-class one and files outside are not")
    func locked() async throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.root) }
        let secret = try place.file("AppGroups/group.x/secret.txt", .complete)
        let plain = try place.file("AppGroups/group.x/plain.txt", nil)
        let outside = try place.file("outside/secret.txt", .complete)
        var result = try await place.shell("cat '\(secret.path)'", .locked)
        #expect(result.status != 0 && result.stderr.contains("Operation not permitted"), "\(result)")
        result = try await place.shell("echo more >> '\(secret.path)'", .locked)
        #expect(result.status != 0 && result.stderr.contains("Operation not permitted"), "\(result)")
        result = try await place.shell("cat '\(plain.path)' '\(outside.path)'", .locked)
        #expect(result.status == 0 && result.stdout == "data\ndata\n", "\(result)")
        let records = place.records
        #expect(records.count == 2, "\(records)")
        #expect(records.first?["path"]?.stringValue == "group.x/secret.txt" && records.first?["area"]?.stringValue == "appGroup")
        #expect(records.first?["operation"]?.stringValue == "read" && records.last?["operation"]?.stringValue == "write")
        #expect(records.allSatisfy { $0["refused"]?.boolValue == true && $0["protection"]?.stringValue == "complete" })
    }

    @Test("Before the first unlock: a relative path in the container is governed, a new file there cannot be created; none always works")
    func beforeFirstUnlock() async throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.root) }
        _ = try place.file("container/tmp/always.txt", FileProtectionClass.none)
        var result = try await place.shell(
            "cat always.txt && echo new > new.txt", .beforeFirstUnlock, in: place.container.appendingPathComponent("tmp"))
        #expect(result.status != 0 && result.stdout == "data\n" && result.stderr.contains("Operation not permitted"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: place.container.appendingPathComponent("tmp/new.txt").path))
        #expect(place.records.first?["path"]?.stringValue == "tmp/new.txt" && place.records.first?["area"]?.stringValue == "container")
        result = try await place.shell("echo new > new.txt", .locked, in: place.container.appendingPathComponent("tmp"))
        #expect(result.status == 0, "\(result)")
    }

    @Test("Unlocked: nothing is refused; a complete file is recorded as failing when locked, a default one not at all")
    func unlocked() async throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.root) }
        let secret = try place.file("AppGroups/group.x/secret.txt", .complete)
        let plain = try place.file("AppGroups/group.x/plain.txt", nil)
        let result = try await place.shell("cat '\(secret.path)' '\(plain.path)'", .unlocked)
        #expect(result.status == 0 && result.stdout == "data\ndata\n", "\(result)")
        let records = place.records
        #expect(
            records.count == 1 && records.first?["refused"]?.boolValue == false
                && records.first?["failsWhen"]?.stringValue == "locked", "\(records)")
    }
}
