import Foundation
import Testing

@testable import AttachmentValidation

@Suite("MagicSniffer (libmagic)")
struct MagicSnifferTests {
    @Test("libmagic reads the MIME type of every sample from its head", arguments: Fixtures.samples)
    func mimeType(file: String, uti: String, mime: String) throws {
        let bytes = try Fixtures.bytes(file)
        #expect(try MagicSniffer.mimeType(of: Array(bytes.prefix(MagicSniffer.sniffLength))) == mime)
        #expect(try MagicSniffer.mimeType(of: Array(bytes.prefix(512))) == mime, "512 bytes are enough")
    }

    @Test(
        "libmagic names the near misses",
        arguments: [
            ("near-miss.webp", "image/webp"), ("near-miss.mov", "video/quicktime"), ("near-miss.flac", "audio/flac"),
            ("near-miss.ogg", "audio/ogg"), ("near-miss-html.jpg", "text/html"),
        ])
    func nearMissMimeType(file: String, mime: String) throws {
        #expect(try MagicSniffer.mimeType(of: try Fixtures.bytes(file)) == mime)
    }

    @Test("empty input is not an error")
    func empty() throws {
        let mime = try MagicSniffer.mimeType(of: [])
        #expect(!mime.isEmpty)
        #expect(AttachmentType(mimeType: mime) == nil)
    }

    @Test("one cookie per thread: the same on one thread, another on another thread")
    func cookiePerThread() throws {
        let here = try MagicCookie.forCurrentThread()
        #expect(try MagicCookie.forCurrentThread() === here)
        let box = CookieBox()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.cookie = try? MagicCookie.forCurrentThread()
            box.again = try? MagicCookie.forCurrentThread()
            done.signal()
        }
        thread.start()
        done.wait()
        let other = try #require(box.cookie)
        #expect(other !== here)
        #expect(box.again === other)
        #expect(other.handle != here.handle)
    }

    /// The answers of one thread, computed once, against which the concurrent runs are checked.
    static func expectedAnswers() throws -> [String: String] {
        var answers: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: Fixtures.media.path)
        where name.hasPrefix("sample.") || name.hasPrefix("near-miss") {
            answers[name] = answer(for: name)
        }
        return answers
    }

    /// "ok public.jpeg video/mp4", or "error 105".
    static func answer(for name: String) -> String {
        do {
            let validated = try AttachmentValidator.validate(fileAt: Fixtures.url(name))
            return "ok \(validated.type.identifier) \(validated.mimeType)"
        } catch {
            return "error \(error.code)"
        }
    }

    @Test("8 concurrent tasks validating every fixture in a loop get the right answers")
    func concurrentTasks() async throws {
        let expected = try Self.expectedAnswers()
        #expect(expected.count == 20)
        let mismatches = await withTaskGroup(of: [String].self) { group in
            for task in 0..<8 {
                group.addTask {
                    var wrong: [String] = []
                    for round in 0..<25 {
                        for (name, answer) in expected.shuffled() {
                            let got = Self.answer(for: name)
                            if got != answer { wrong.append("task \(task) round \(round) \(name): \(got) != \(answer)") }
                        }
                    }
                    return wrong
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test("8 threads sniffing at once get the right answers (one magic_t per thread)")
    func concurrentThreads() throws {
        let expected = try Self.expectedAnswers()
        var heads: [(String, [UInt8], String)] = []
        for sample in Fixtures.samples {
            heads.append((sample.file, try Fixtures.bytes(sample.file), sample.mime))
        }
        let inputs = heads
        let results = ResultBox()
        let group = DispatchGroup()
        for index in 0..<8 {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                for round in 0..<40 {
                    for (name, bytes, mime) in inputs {
                        let got = (try? MagicSniffer.mimeType(of: bytes)) ?? "error"
                        if got != mime { results.add("thread \(index) round \(round) \(name): \(got) != \(mime)") }
                    }
                    for (name, answer) in expected where round % 8 == 0 {
                        let got = Self.answer(for: name)
                        if got != answer { results.add("thread \(index) round \(round) \(name): \(got) != \(answer)") }
                    }
                }
            }
            thread.start()
        }
        #expect(group.wait(timeout: .now() + 60) == .success, "the threads finished")
        #expect(results.all.isEmpty, "\(results.all.prefix(5))")
    }
}

/// Passes values out of a thread; the semaphore orders the accesses.
private final class CookieBox: @unchecked Sendable {
    var cookie: MagicCookie?
    var again: MagicCookie?
}

private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func add(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}
