import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing
@_spi(NSESim) import UserNotifications

@testable import NSESimHost

/// Where and why (docs/crashes-and-hangs.md): the Swift runtime's crash report and reason line,
/// eu-stack's stacks, own code, the one-line summaries, and the lifecycle's two moments of
/// stack taking; no process. The real extensions' crashes and hangs are in
/// Tests/nsesimTests/CrashAndHangRunTests.swift.
@Suite("Crash and hang reports")
struct CrashAndHangReportTests {
    let ownCode = OwnCode(
        images: ["libNotificationService.so"],
        sources: ["/Users/dev/App/NotificationService/NotificationService.swift"])

    /// The runtime's report of a force-unwrap in `didReceive`, as the backtracer prints it (one
    /// line; the line tables give line 0 for the trap's return address).
    let reportLine =
        #"{ "timestamp": "2026-11-28T11:02:27.063588Z", "kind": "crashReport", "description": "Illegal instruction", "faultAddress": "0x00007f5be5f6df7f", "platform": "Linux", "architecture": "x86_64", "threads": [ { "name": "nsesim-extensio", "crashed": true, "frames": [ { "kind": "programCounter", "address": "0x00007f5be5f6df7f", "symbol": "$ss17_assertionFailure", "offset": 623, "description": "closure #1 in closure #1 in _assertionFailure(_:_:file:line:flags:) + 623", "image": "libswiftCore.so" }, { "kind": "returnAddress", "address": "0x000055de993c8463", "symbol": "$s19NotificationService0aB0C10didReceive", "offset": 226, "description": "NotificationService.didReceive(_:withContentHandler:) + 226", "image": "libNotificationService.so", "sourceLocation": { "file": "/Users/dev/App/NotificationService/NotificationService.swift", "line": 0, "column": 0 } }, { "kind": "returnAddress", "address": "0x000055de993c8657", "symbol": "$s19NotificationService15nsesimEntry", "offset": 182, "description": "nsesimEntry + 182", "image": "libNotificationService.so", "sourceLocation": { "file": "/cache/.staging-1/__NSESimEntry.swift", "line": 12, "column": 7 } }, { "kind": "truncated" } ] } ], "images": [], "backtraceTime": 0.03 }"#

    @Test("A frame whose line tables still name the build copy of a rewritten source is the user's file, with the message's line")
    func buildCopyFrame() {
        let copy = "/cache/extensions/.staging-1/__NSESimSources/NotificationService/NotificationService.swift"
        #expect(ownCode.userPath(of: copy) == "/Users/dev/App/NotificationService/NotificationService.swift")
        #expect(ownCode.userPath(of: "/elsewhere/Other.swift") == "/elsewhere/Other.swift")
        let frame = ownCode.marked(StackFrame(module: "libNotificationService.so", file: copy))
        #expect(frame.file == "/Users/dev/App/NotificationService/NotificationService.swift")
        #expect(frame.isOwnCode)
    }

    @Test("The backtracer's JSON line is recognised and read: the crashed thread's frames, the fault")
    func backtraceLine() throws {
        #expect(SwiftBacktrace.isReportLine(reportLine))
        #expect(!SwiftBacktrace.isReportLine("{\"v\":1,\"type\":\"ready\"}"))
        let backtrace = try #require(SwiftBacktrace(reportLine: reportLine))
        #expect(backtrace.description == "Illegal instruction")
        let frames = try #require(backtrace.crashedThread?.frames)
        #expect(frames.count == 3)
        #expect(frames[1].function == "NotificationService.didReceive(_:withContentHandler:)")
        #expect(frames[1].module == "libNotificationService.so")
        #expect(frames[1].line == nil)  // line 0: none
        #expect(SwiftBacktrace(reportLine: "{ not json") == nil)
    }

    @Test(
        "The runtime's reason lines: with a #fileID and line, without, casts, preconditions; other lines are none",
        arguments: [
            (
                "NotificationService/NotificationService.swift:8: Fatal error: Unexpectedly found nil while unwrapping an Optional value",
                "Fatal error: Unexpectedly found nil while unwrapping an Optional value", "NotificationService/NotificationService.swift", 8
            ),
            (
                "Swift/ContiguousArrayBuffer.swift:691: Fatal error: Index out of range", "Fatal error: Index out of range",
                "Swift/ContiguousArrayBuffer.swift", 691
            ),
            ("Fatal error: unsupported payload version: none", "Fatal error: unsupported payload version: none", nil, nil),
            ("App/Parser.swift:12: Precondition failed: empty key", "Precondition failed: empty key", "App/Parser.swift", 12),
            (
                "Could not cast value of type 'Swift.Int' (0x7f) to 'Swift.String' (0x7f).",
                "Could not cast value of type 'Swift.Int' (0x7f) to 'Swift.String' (0x7f).", nil, nil
            ),
        ] as [(String, String, String?, Int?)])
    func reasons(line: String, reason: String, file: String?, number: Int?) throws {
        let message = try #require(RuntimeFailureMessage(line: line))
        #expect(message == RuntimeFailureMessage(reason: reason, file: file, line: number))
    }

    @Test("Lines that are not the runtime's reason are none; the last reason in a log is the one")
    func notReasons() {
        #expect(RuntimeFailureMessage(line: "downloading https://example.com/a.jpg") == nil)
        #expect(RuntimeFailureMessage(line: "the Fatal errors of yesterday") == nil)
        let log = "starting\nA/B.swift:1: Fatal error: first\n*** Signal 4: Backtracing ***\nA/B.swift:2: Fatal error: second\n"
        #expect(RuntimeFailureMessage.last(in: log)?.line == 2)
    }

    @Test("The crash: the first own frame, its line from the runtime's reason; the one-line summary")
    func crashSummary() throws {
        let crash = ExtensionCrash(
            signal: SIGILL,
            reason: RuntimeFailureMessage(
                line:
                    "NotificationService/NotificationService.swift:8: Fatal error: Unexpectedly found nil while unwrapping an Optional value"
            ),
            backtrace: SwiftBacktrace(reportLine: reportLine), ownCode: ownCode)
        #expect(crash.signal == "SIGILL")
        #expect(crash.signalNumber == Int(SIGILL))
        #expect(crash.frames.map(\.isOwnCode) == [false, true, false])  // the generated entry point is not own code
        let own = try #require(crash.ownFrame)
        #expect(own.file == "/Users/dev/App/NotificationService/NotificationService.swift")
        #expect(own.line == 8)
        #expect(
            crash.summary == "NotificationService.swift:8 in NotificationService.didReceive(_:withContentHandler:) — "
                + "Fatal error: Unexpectedly found nil while unwrapping an Optional value (SIGILL)")
    }

    @Test("A crash without a backtrace or reason (a stripped library, SIGSEGV) still says the signal")
    func crashWithoutBacktrace() {
        let crash = ExtensionCrash(signal: SIGSEGV, ownCode: ownCode)
        #expect(crash.ownFrame == nil)
        #expect(crash.summary == "no backtrace — killed by SIGSEGV (SIGSEGV)")
        let named = ExtensionCrash(
            signal: SIGILL, reason: RuntimeFailureMessage(line: "NotificationService/NotificationService.swift:3: Fatal error: x"),
            ownCode: ownCode)
        #expect(named.ownFrame?.site == "NotificationService.swift:3")
    }

    /// eu-stack's output for a thread blocked on a semaphore (trimmed).
    let euStack = """
        PID 1137 - process
        TID 1137:
        #0  0x00007f6f3cccae96 __futex_abstimed_wait_common - /usr/lib/x86_64-linux-gnu/libc.so.6
            [93ac61ec5a8eb1396f9fbd350e3169a558528a40]@0x7f6f3cc45000+0x85e96
        #1  0x00007f6f3e95aa60 _dispatch_semaphore_wait_slow - /opt/swift/usr/lib/swift/linux/libdispatch.so
            [cb8d2d3cfa8e51d96b2da370bac3f34f88b57c92]@0x7f6f3e925000+0x35a5f
        #2  0x00007f6f3e95aa70 $s8Dispatch0A9SemaphoreC4waityyF - /opt/swift/usr/lib/swift/linux/libswiftDispatch.so
            [cb8d2d3cfa8e51d96b2da370bac3f34f88b57c93]@0x7f6f3e925000+0x1000
        #3  0x000055acc035936b $s19NotificationService0aB0C15waitForDownloadySS10Foundation3URLVF - /cache/ext/libNotificationService.so
            [a277b327ca14b2aa6c23b2fdc642f4c6257c8305]@0x55acc0358000+0x136a
        #4  0x000055acc035946b $s19NotificationService0aB0C10didReceive - /cache/ext/libNotificationService.so
            [a277b327ca14b2aa6c23b2fdc642f4c6257c8305]@0x55acc0358000+0x146a
        TID 1140:
        #0  0x00007f6f3cccae96 epoll_wait - /usr/lib/x86_64-linux-gnu/libc.so.6
            [93ac61ec5a8eb1396f9fbd350e3169a558528a40]@0x7f6f3cc45000+0x85e96
        #1  0x00007f6f3cccae97
        """

    @Test("eu-stack's output: threads, frames, symbols, modules and offsets")
    func euStackParsing() {
        let parsed = EuStackOutput(euStack)
        #expect(parsed.threads.map(\.id) == [1137, 1140])
        #expect(parsed.threads[0].frames.count == 5)
        #expect(parsed.threads[0].frames[3].symbol == "$s19NotificationService0aB0C15waitForDownloadySS10Foundation3URLVF")
        #expect(parsed.threads[0].frames[3].modulePath == "/cache/ext/libNotificationService.so")
        #expect(parsed.threads[0].frames[3].offset == 0x136a)
        #expect(parsed.threads[1].frames[1] == EuStackOutput.Frame(address: "0x00007f6f3cccae97"))
    }

    @Test("The stuck thread: its first own frame, what it waits in, at which moments; the summary")
    func stuckThread() async throws {
        let own = OwnCode(images: ["libNotificationService.so"])
        let raw = StackSampler.threads(of: EuStackOutput(euStack), pid: 1, ownCode: own)
        #expect(raw[0].frames[3].modulePath == "/cache/ext/libNotificationService.so" && raw[0].frames[3].moduleOffset == 0x136a)
        let threads = await StackSampler(tool: nil).symbolicated(
            ExtensionHang(samples: [StackSample(moment: .deadline, threads: raw)]),
            ownCode: own, symbolication: StackSymbolication(symbolizer: nil, demangler: nil)
        )
        .samples[0].threads
        #expect(threads[0].frames[3].modulePath == nil)  // symbolicated: no longer needed
        var withLine = threads
        withLine[0].frames[3].file = "/Users/dev/App/NotificationService/NotificationService.swift"
        withLine[0].frames[3].line = 27
        withLine[0].frames[3].function = "NotificationService.waitForDownload(_:)"
        withLine[0].frames[2].function = "DispatchSemaphore.wait()"
        let hang = ExtensionHang()
            .adding(StackSample(moment: .deadline, tMs: 500.04, threads: withLine))
            .adding(StackSample(moment: .kill, tMs: 3512.3, threads: withLine))
        let stuck = try #require(hang.stuck)
        #expect(stuck.threadID == 1137)
        #expect(stuck.waitingIn == "DispatchSemaphore.wait()")
        #expect(stuck.moments == [.deadline, .kill])
        #expect(
            hang.summary == "NotificationService.swift:27 in NotificationService.waitForDownload(_:) — DispatchSemaphore.wait() "
                + "at the deadline (500.0 ms) and at the kill (3512.3 ms)")
        // No thread in own code: no stuck thread, no summary.
        #expect(ExtensionHang().adding(StackSample(moment: .deadline, threads: [ThreadStack(id: 1, frames: [])])).summary == nil)
    }

    @Test("A missing stack tool is a sentence, not a failure; `none` takes no stacks")
    func missingTool() async {
        let missing = await StackSampler(tool: "/nonexistent/eu-stack").sample(pid: getpid(), ownCode: ownCode)
        guard case .failure(let failure) = missing else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.message.contains("/nonexistent/eu-stack"))
        let notInstalled = await StackSampler(tool: "no-such-stack-tool").sample(pid: getpid(), ownCode: ownCode)
        guard case .failure(let reason) = notInstalled else {
            Issue.record("expected a failure")
            return
        }
        #expect(reason.message.contains("apt-get install elfutils"))
        #expect(StackSampler(environment: ["NSESIM_STACK_TOOL": "none"]).tool == nil)
        #expect(StackSampler(environment: [:]).tool == "eu-stack")
    }

    @Test("The lifecycle keeps each moment's stacks in the request's hang and warns once when none could be taken")
    func lifecycleKeepsSamples() {
        let t0 = ContinuousClock.now
        let content = UNMutableNotificationContent()
        let request = ExtensionRequest(UNNotificationRequest(identifier: "n1", content: content, trigger: nil))
        var machine = LifecycleStateMachine(
            requests: [(1, request)], configuration: RunConfiguration(deadline: .seconds(1), grace: .seconds(1)),
            spawnedAt: t0)
        _ = machine.handle(.event(.ready(pid: 42, memory: ProcessMemory(residentBytes: 1, peakBytes: 1))), at: t0)
        #expect(
            machine.handle(.timer(.deadline(1)), at: t0 + .seconds(1))
                == [.send(.timeWillExpire(sequence: 1)), .arm(.deadlineStacks(1), at: t0 + .milliseconds(1_050))])
        #expect(
            machine.handle(.event(.timeWillExpire(sequence: 1)), at: t0 + .seconds(1)) == [.sampleStacks(sequence: 1, moment: .deadline)])
        let failed = StackSample(moment: .deadline, error: "eu-stack is not installed")
        #expect(
            machine.handle(.stacksSampled(sequence: 1, moment: .deadline, sample: failed), at: t0 + .milliseconds(1_020))
                == [.arm(.graceOver(1), at: t0 + .milliseconds(2_020))])
        #expect(machine.handle(.timer(.graceOver(1)), at: t0 + .milliseconds(2_020)) == [.sampleStacks(sequence: 1, moment: .kill)])
        let again = StackSample(moment: .kill, error: "eu-stack is not installed")
        #expect(
            machine.handle(.stacksSampled(sequence: 1, moment: .kill, sample: again), at: t0 + .milliseconds(2_030)) == [.killAll, .stop])
        let result = machine.finishedResults(log: "")[0]
        #expect(result.outcome == .originalTimeout)
        #expect(result.hang?.samples.map(\.moment) == [.deadline, .kill])
        #expect(result.hang?.samples[0].tMs == 1_000)
        #expect(result.hang?.samples[0].durationMs == 20)
        #expect(result.warnings.filter { $0.code == .stacksNotTaken }.count == 1)
    }

    @Test("A crash goes to the request the process crashed in")
    func lifecycleKeepsTheCrash() {
        let t0 = ContinuousClock.now
        let request = ExtensionRequest(UNNotificationRequest(identifier: "n1", content: UNMutableNotificationContent(), trigger: nil))
        var machine = LifecycleStateMachine(requests: [(1, request)], configuration: RunConfiguration(), spawnedAt: t0)
        _ = machine.handle(.event(.ready(pid: 42, memory: ProcessMemory(residentBytes: 1, peakBytes: 1))), at: t0)
        #expect(machine.handle(.outputClosed, at: t0 + .milliseconds(5)) == [.checkLiveness])
        _ = machine.handle(.livenessChecked(running: false), at: t0 + .milliseconds(6))
        machine.processEnded("killed by signal 4 (SIGILL)", signaled: true, crash: ExtensionCrash(signal: SIGILL, ownCode: ownCode))
        #expect(machine.finishedResults(log: "")[0].crash?.signal == "SIGILL")
    }
}

/// The runtime's report of a real `-O` build without debug information: the frame in the
/// code still has its function (from the symbol table).
@Suite("Crash reports of an optimised build")
struct OptimisedCrashReportTests {
    @Test("swiftc -O, no -g: the backtracer's JSON line still names didReceive")
    func optimised() async throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-optimised-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("NotificationService.swift")
        try """
        final class NotificationService {
            @inline(never) func didReceive(_ userInfo: [String: Any]) -> String {
                let sender = userInfo["sender"] as! String
                return "From \\(sender)"
            }
        }
        print(NotificationService().didReceive(CommandLine.arguments.count > 5 ? ["sender": "Anna"] : [:]))
        """.write(to: source, atomically: true, encoding: .utf8)
        let program = folder.appendingPathComponent("service").path
        let compiled = try runTool(["swiftc", "-O", "-module-name", "NotificationService", source.path, "-o", program])
        #expect(compiled.status == 0, "\(compiled)")
        let crashed = try runTool(["env", "SWIFT_BACKTRACE=\(SwiftBacktrace.environmentValue)", program])
        #expect(crashed.status != 0)
        let line = try #require(
            crashed.stderr.split(separator: "\n").map(String.init).first(where: SwiftBacktrace.isReportLine),
            "\(crashed)")
        let crash = ExtensionCrash(
            signal: SIGILL, reason: RuntimeFailureMessage.last(in: crashed.stderr),
            backtrace: SwiftBacktrace(reportLine: line),
            ownCode: OwnCode(images: ["service"], sources: [source.path]))
        let own = try #require(crash.ownFrame, "\(crashed)")
        #expect(own.function?.contains("didReceive") == true, "\(crash.frames)")
        // An optimised build traps without a message (the force-unwrap is a bare ud2): the
        // summary says the fault; when a message is there, its line is the line.
        #expect(crash.summary.contains("didReceive"), "\(crash.summary)")
        if crash.reasonLine != nil {
            #expect(crash.reasonLine == 3)
            #expect(own.line == 3 && own.file == source.path)
        }
    }
}
