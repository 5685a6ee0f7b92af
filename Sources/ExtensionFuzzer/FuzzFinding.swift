import NSESimCore
import NSESimHost
import NSESimRuntime

/// What one run came to, as the fuzzer compares it with the seed's: read off the run's report.
package struct FuzzRunSummary: Sendable, Equatable {
    package var outcome: Outcome
    package var handlerCalls: Int
    /// The `UNError` names of the attachments iOS refused (`attachmentInvalidFileSize`).
    package var attachmentErrors: [String]
    package var attachmentCount: Int
    /// Whether the delivered content has a title, subtitle or body.
    package var shows: Bool
    /// Whether the payload's own content (what iOS shows without the extension) has one.
    package var payloadShows: Bool
    /// Where it crashed: the extension's own frame (`NotificationService.swift:18`), else the
    /// first frame with a file; nil when it did not crash.
    package var crashSite: String?
    package var crashReason: String?
    /// True when the crash is in nsesim's own code (a stand-in or the runtime), not the extension's.
    package var crashInNSESim = false
    /// The line the extension was stuck on at the deadline, when it was.
    package var hangSite: String?
    package var hangWaitingIn: String?
    package var addedMemoryBytes: Int64?
    package var memoryLimitBytes: Int64?
    /// The title, subtitle and body delivered.
    package var content: [String: String] = [:]
    /// The extension process's id (nil: none ran).
    package var processIdentifier: Int32?
    /// With `--coverage`: the counters of the extension's own code the process reached.
    package var counters: ProfileCounters?

    package init(
        outcome: Outcome, handlerCalls: Int = 1, attachmentErrors: [String] = [], attachmentCount: Int = 0,
        shows: Bool = true, payloadShows: Bool = true
    ) {
        self.outcome = outcome
        self.handlerCalls = handlerCalls
        self.attachmentErrors = attachmentErrors
        self.attachmentCount = attachmentCount
        self.shows = shows
        self.payloadShows = payloadShows
    }

    /// The summary of a report.
    package init(_ report: NotificationReport) {
        self.init(
            outcome: report.outcome, handlerCalls: report.handlerCalls ?? 0,
            attachmentErrors: report.errors.filter { $0.domain == "UNErrorDomain" }.map { $0.name ?? "code \($0.code)" },
            attachmentCount: report.attachments.count,
            shows: Self.hasText(report.delivered), payloadShows: Self.hasText(report.request.content))
        for key in ["title", "subtitle", "body"] {
            if let text = report.delivered[key]?.stringValue { content[key] = text }
        }
        if let crash = report.crash {
            let frame = crash.ownFrame ?? crash.frames.first { $0.file != nil }
            crashSite =
                frame?.site
                ?? crash.reasonFile.map { file in
                    let name = file.split(separator: "/").last.map(String.init) ?? file
                    return crash.reasonLine.map { "\(name):\($0)" } ?? name
                } ?? crash.signal
            crashReason = crash.reason ?? crash.fault ?? crash.signal
            crashInNSESim = crash.ownFrame == nil && (frame?.file.map(Self.isNSESimSource) ?? false)
        }
        if let stuck = report.hang?.stuck {
            hangSite = stuck.ownFrame.site
            hangWaitingIn = stuck.waitingIn
        }
        addedMemoryBytes = report.addedMemoryBytes
        memoryLimitBytes = report.memoryLimitBytes?.wrappedValue
    }

    /// True for a title, subtitle or body that is not empty.
    static func hasText(_ content: JSONValue) -> Bool {
        ["title", "subtitle", "body"].contains { !(content[$0]?.stringValue ?? "").isEmpty }
    }

    /// nsesim's stand-ins and runtime, by where their sources are.
    static func isNSESimSource(_ path: String) -> Bool {
        ["/Sources/Frameworks/", "/Sources/SDKs/", "/Sources/Runtime/", "/Sources/nsesim-extension-host/"].contains { path.contains($0) }
    }

    /// Why the seed itself is not a good start (it crashes, misses the deadline…); nil when it runs well.
    package var failure: String? {
        guard let kind = FuzzFinding.Kind.of(self, seed: nil) else { return nil }
        var text = kind.meaning
        if let crashSite { text += " at \(crashSite)" + (crashReason.map { " (\($0))" } ?? "") }
        if let hangSite { text += ", stuck at \(hangSite)" + (hangWaitingIn.map { " in \($0)" } ?? "") }
        return text
    }
}

/// A payload that makes iOS show the user something the seed did not lead to
/// (docs/fuzz.md#findings), grouped by its kind and site.
package struct FuzzFinding: Sendable, Equatable {
    /// What iOS would show, worst first.
    package enum Kind: String, Sendable, CaseIterable, Comparable, Codable {
        case crash
        case memoryKill = "memory-kill"
        case deadline
        case handlerNeverCalled = "handler-never-called"
        case handlerCalledTwice = "handler-called-twice"
        case attachmentRefused = "attachment-refused"
        case filtered
        case empty

        /// What it means for the user, in a few words.
        package var meaning: String {
            switch self {
            case .crash: "the extension crashed: iOS shows the original content"
            case .memoryKill: "the extension went over the memory limit and was killed: iOS shows the original content"
            case .deadline: "the extension missed the deadline: iOS needed serviceExtensionTimeWillExpire() or showed the original"
            case .handlerNeverCalled: "the content handler was never called: iOS showed the original at the timeout"
            case .handlerCalledTwice: "the content handler was called more than once"
            case .attachmentRefused: "iOS refused an attachment the seed's run kept"
            case .filtered: "the notification was filtered: iOS shows nothing"
            case .empty: "the notification shows an empty title and body"
            }
        }

        package static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }

        /// The worst kind `run` shows that `seed` (nil: a run that went well) did not.
        static func of(_ run: FuzzRunSummary, seed: FuzzRunSummary?) -> Kind? {
            let kinds = found(in: run).subtracting(seed.map(found) ?? [])
            return kinds.min()
        }

        /// Every kind of trouble in a run; a push iOS does not hand to the extension has none.
        private static func found(in run: FuzzRunSummary) -> Set<Kind> {
            var kinds: Set<Kind> = []
            switch run.outcome {
            case .originalCrash: kinds.insert(.crash)
            case .killedMemory: kinds.insert(.memoryKill)
            case .bestAttempt: kinds.insert(.deadline)
            case .originalTimeout: kinds.insert(run.hangSite == nil ? .handlerNeverCalled : .deadline)
            case .filtered: kinds.insert(.filtered)
            case .notInvoked: return []
            case .modified: break
            }
            if run.handlerCalls > 1 { kinds.insert(.handlerCalledTwice) }
            if !run.attachmentErrors.isEmpty { kinds.insert(.attachmentRefused) }
            if run.outcome.deliversExtensionContent, !run.shows, run.payloadShows { kinds.insert(.empty) }
            return kinds
        }
    }

    /// What makes two findings one: the kind and where.
    package struct Signature: Hashable, Sendable, Comparable, CustomStringConvertible {
        package var kind: Kind
        /// The crash site, the line stuck at the deadline, the refused attachment's error; empty when none.
        package var site: String

        package init(kind: Kind, site: String) {
            self.kind = kind
            self.site = site
        }

        package var description: String { site.isEmpty ? kind.rawValue : "\(kind.rawValue) \(site)" }

        package static func < (lhs: Signature, rhs: Signature) -> Bool {
            (lhs.kind, lhs.site) < (rhs.kind, rhs.site)
        }
    }

    package var signature: Signature
    /// The changes to the seed that show it.
    package var mutations: [PayloadMutation]
    /// The run's summary.
    package var run: FuzzRunSummary

    /// The finding `run` is, against the seed's run; nil when it shows nothing the seed did not.
    package static func classify(_ run: FuzzRunSummary, against seed: FuzzRunSummary, mutations: [PayloadMutation]) -> FuzzFinding? {
        guard let kind = Kind.of(run, seed: seed) else { return nil }
        let site: String
        switch kind {
        case .crash: site = run.crashSite ?? ""
        case .deadline, .handlerNeverCalled: site = run.hangSite ?? ""
        case .attachmentRefused:
            site = Set(run.attachmentErrors).subtracting(seed.attachmentErrors).sorted().first ?? run.attachmentErrors[0]
        default: site = ""
        }
        return FuzzFinding(signature: Signature(kind: kind, site: site), mutations: mutations, run: run)
    }

    /// `crash NotificationService.swift:18 — "unread": 3 (a number where the seed had "3")`.
    package var line: String {
        "\(signature) — " + (mutations.isEmpty ? "the seed itself" : mutations.map(\.description).joined(separator: "; "))
    }
}
