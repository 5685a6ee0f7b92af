import Foundation
import NSESimBuild
import NSESimCenter
import NSESimHost
import NSESimPayload
import NSESimProject
import NSESimRuntime
import NSESimStore
@_spi(NSESim) import UserNotifications

extension NotificationRun {
    /// The typed report of this notification (docs/behaviour.md#the-report, version 3).
    package var report: NotificationReport { NotificationReport(self) }

    /// The object of `nsesim run --format json`: ``report``, encoded.
    package var jsonValue: JSONValue { JSONValue(encoding: report) }

    /// The result of `nsesim run` for people: the outcome, the original and delivered
    /// content side by side, the timeline, memory and warnings.
    package var text: String {
        var lines: [String] = []
        lines.append("Payload   \(payload.path)")
        if let origin = built?.origin { lines.append("Extension \(origin.text)") }
        lines.append("Request   \(payload.request.identifier.printable)")
        if let reason = payload.gate.notInvokedReason {
            lines.append("Outcome   not-invoked: \(reason)")
        } else {
            lines.append("Outcome   \(outcome.rawValue): \(Self.explanation(outcome))")
        }
        // Where and why, first: the line a developer opens (docs/crashes-and-hangs.md).
        lines.append(contentsOf: Self.whereLines(extensionResult))
        if let sanitizer = built?.sanitizer, let result = extensionResult, result.sanitizer.isEmpty {
            lines.append("Sanitizer \(sanitizer.rawValue): nothing found")
        }
        lines.append("")
        let delivered = (try? UNNotificationContent.fromJSON(deliveredContent)) ?? UNMutableNotificationContent()
        let left = ContentRows.rows(of: payload.request.content)
        let right = ContentRows.rows(of: delivered)
        let labelWidth = left.map(\.label.count).max() ?? 0
        let valueWidth = min(40, max(8, left.filter { $0.label != "userInfo" }.map(\.value.count).max() ?? 0))
        lines.append(
            "  " + "".padding(toLength: labelWidth + 2, withPad: " ", startingAt: 0)
                + "original".padding(toLength: valueWidth + 2, withPad: " ", startingAt: 0) + "delivered")
        for (original, shown) in zip(left, right) where original.label != "userInfo" {
            let changed = original.value != shown.value ? "  *" : ""
            lines.append(
                "  " + original.label.padding(toLength: labelWidth + 2, withPad: " ", startingAt: 0)
                    + Self.clip(original.value, valueWidth).padding(toLength: valueWidth + 2, withPad: " ", startingAt: 0)
                    + shown.value + changed)
        }
        if let result = extensionResult {
            lines.append("")
            lines.append("Timeline")
            for event in result.timeline {
                let time = String(format: "%9.1f ms", event.tMs)
                lines.append("  \(time)  \(event.event.rawValue)\(event.detail.map { "  (\($0))" } ?? "")")
            }
            lines.append("")
            var memory =
                "Memory    peak \(Self.megabytes(result.peakMemoryBytes)), empty-extension baseline "
                + "\(Self.megabytes(result.baselineMemoryBytes)), added by the extension \(Self.megabytes(result.addedMemoryBytes))"
                + (result.memoryLimitBytes.map { " of the \(Self.megabytes($0)) limit (iOS's 24 MiB less the empty extension's own)" }
                    ?? ", no limit (--memory-limit none)")
            if let exit = result.processExit {
                memory += "\nProcess   \(exit)" + (result.prestarted ? "; started before the push (warm), its start not counted" : "")
            }
            memory += "\nPhone     \(result.lockState.rawValue)" + (result.lockState == .unlocked ? "" : " (--lock-state)")
            lines.append(memory)
            for error in result.errors { lines.append("Error     \(error)") }
            lines.append(contentsOf: Self.frameLines(result))
            if !result.attachments.isEmpty || !result.attachmentFailures.isEmpty {
                lines.append("Attachments")
                for attachment in result.attachments {
                    lines.append(
                        "  ✓ \(attachment.identifier.printable)  \(attachment.type)  \(attachment.size) bytes  → \(attachment.url.path)")
                }
                for failure in result.attachmentFailures {
                    lines.append(
                        "  ✗ \(failure.identifier.printable)  \(UNErrorDomain) \(failure.code) \(failure.codeName): \(failure.message)")
                }
            }
        }
        if !centerChanges.isEmpty {
            lines.append("Center    \(centerChanges.map(Self.centerLine).joined(separator: "; "))")
        }
        if let result = extensionResult {
            for call in result.records(from: .call) {
                let allowed = call.record["allowed"]?.boolValue == true
                lines.append(
                    String(format: "Call      at %.1f ms: ", call.tMs) + "\(call.record["api"]?.stringValue ?? "a call") "
                        + (allowed ? "reported; iOS shows the incoming call" : "refused: \(call.record["error"]?.stringValue ?? "")"))
            }
            for step in result.records(from: .sdk) {
                lines.append(
                    String(format: "SDK       at %.1f ms: ", step.tMs) + "\(step.record["sdk"]?.stringValue ?? "?") "
                        + "\(step.record["api"]?.stringValue ?? "?"): \(step.record["summary"]?.stringValue ?? "")")
            }
            let keychain = result.records(from: .keychain)
            if !keychain.isEmpty {
                lines.append("Keychain (\(keychain.count))")
                for record in keychain {
                    let fields = ["service", "account", "accessGroup", "server"].compactMap { key in
                        record.record[key]?.stringValue.map { "\(key) \($0.printable)" }
                    }
                    lines.append(
                        String(format: "  %9.1f ms  ", record.tMs) + "\(record.record["operation"]?.stringValue ?? "?") "
                            + "\(record.record["class"]?.stringValue ?? "?") \(fields.joined(separator: ", ")) → "
                            + (record.record["statusName"]?.stringValue ?? "")
                            + ((record.record["accessible"]?.arrayValue ?? []).compactMap(\.stringValue).map { "  [\($0)]" }.joined())
                            + ((record.record["accessControl"]?.arrayValue ?? []).compactMap(\.stringValue).isEmpty
                                ? ""
                                : "  [access control: \((record.record["accessControl"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ", "))]")
                            + (record.record["skipped"]?.integerValue.map { "  \($0) skipped (kSecUseAuthenticationUISkip)" } ?? "")
                            + (record.record["reason"]?.stringValue.map { "  (\($0))" } ?? "")
                            + (record.record["status"]?.integerValue == -25308 && result.lockState != .unlocked
                                ? "  refused: the phone is \(result.lockState.rawValue)" : ""))
                }
            }
            lines.append(contentsOf: Self.fileProtectionLines(result))
            let images = result.records(from: .image)
            if !images.isEmpty {
                lines.append("Images (\(images.count))")
                lines.append(contentsOf: images.map { String(format: "  %9.1f ms  ", $0.tMs) + Self.imageLine($0.record) })
            }
            let reachability = result.records(from: .reachability)
            if !reachability.isEmpty {
                lines.append("Reachability (\(reachability.count))")
                lines.append(contentsOf: reachability.map { String(format: "  %9.1f ms  ", $0.tMs) + Self.reachabilityLine($0.record) })
            }
            let sounds = result.records(from: .systemSound)
            if !sounds.isEmpty {
                lines.append("Sounds (\(sounds.count), none heard on Linux)")
                lines.append(contentsOf: sounds.map { String(format: "  %9.1f ms  ", $0.tMs) + Self.soundLine($0.record) })
            }
            let audio = result.records(from: .audio)
            if !audio.isEmpty {
                lines.append("Audio (\(audio.count))")
                lines.append(contentsOf: audio.map { String(format: "  %9.1f ms  ", $0.tMs) + Self.audioLine($0.record) })
            }
            let coreData = result.records(from: .coreDataStore)
            if !coreData.isEmpty {
                lines.append("Core Data (\(coreData.count))")
                lines.append(contentsOf: coreData.map { String(format: "  %9.1f ms  ", $0.tMs) + Self.coreDataLine($0.record) })
            }
            for (source, title) in [(NSESimReportSource.backgroundTasks, "Background tasks"), (.crypto, "Crypto"), (.notify, "Notify")] {
                let records = result.records(from: source)
                if records.isEmpty { continue }
                lines.append("\(title) (\(records.count))")
                lines.append(
                    contentsOf: records.map { String(format: "  %9.1f ms  ", $0.tMs) + Self.summaryLine($0.record) })
            }
            let log = LogRecords(result).lines(logOptions)
            if !log.isEmpty {
                lines.append("Log (\(log.count)\(logOptions.showPrivate ? "" : ", private values redacted"))")
                lines.append(contentsOf: log)
            }
        }
        let warnings = payload.warnings.map(\.description) + ((extensionResult?.warnings ?? []) + deliveryWarnings).map(\.description)
        lines.append(warnings.isEmpty ? "Warnings  none" : "Warnings (\(warnings.count))")
        lines.append(contentsOf: warnings.map { "  ! \($0)" })
        if let built, !built.warnings.isEmpty {
            lines.append("Build (\(built.warnings.count))")
            lines.append(contentsOf: built.warnings.map { "  ! \($0)" })
        }
        if let log = extensionResult?.log, !log.isEmpty {
            lines.append("Extension output (last lines)")
            lines.append(contentsOf: log.split(separator: "\n").suffix(10).map { "  | \($0)" })
        }
        return lines.joined(separator: "\n")
    }

    /// `Crash` and `Stuck`: the extension's own file and line where it crashed or was stuck.
    static func whereLines(_ result: ExtensionRunResult?) -> [String] {
        var lines: [String] = []
        if let crash = result?.crash { lines.append("Crash     \(crash.summary)") }
        if let hang = result?.hang {
            if let summary = hang.summary {
                lines.append("Stuck     \(summary)")
            } else if let sample = hang.samples.last(where: { $0.error == nil }) {
                lines.append(
                    "Stacks    at the \(sample.moment == .deadline ? "deadline" : "kill"): no thread in the extension's "
                        + "code (\(sample.threads.count) thread\(sample.threads.count == 1 ? "" : "s"), waiting for the run loop or a callback)"
                )
            }
        }
        // What the sanitizer found (`--sanitize`; docs/sanitizers.md), one line each.
        for finding in result?.sanitizer ?? [] { lines.append("Sanitizer \(finding.line)") }
        return lines
    }

    /// The crashed or stuck thread's frames, innermost first, the own ones marked `>`.
    static func frameLines(_ result: ExtensionRunResult) -> [String] {
        let (title, frames): (String, [StackFrame])
        if let crash = result.crash, !crash.frames.isEmpty {
            (title, frames) = ("Crashed thread\(crash.thread.map { " \"\($0)\"" } ?? "")", crash.frames)
        } else if let hang = result.hang, let sample = hang.samples.last(where: { $0.stuckThreadIndex != nil }),
            let index = sample.stuckThreadIndex
        {
            let thread = sample.threads[index]
            (title, frames) = (
                "Stuck thread\(thread.name.map { " \"\($0)\"" } ?? "") at the \(sample.moment == .deadline ? "deadline" : "kill")",
                thread.frames
            )
        } else {
            return []
        }
        var lines = [title]
        for (index, frame) in frames.prefix(12).enumerated() {
            let location = frame.file.map { " at \($0)\(frame.line.map { ":\($0)" } ?? "")" } ?? ""
            lines.append(
                "  \(frame.isOwnCode ? ">" : " ") \(String(index).padding(toLength: 3, withPad: " ", startingAt: 0))"
                    + "\(frame.function ?? "?") in \(frame.module ?? "?")\(location)")
        }
        if frames.count > 12 { lines.append("    … \(frames.count - 12) more") }
        return lines
    }

    /// One image operation of UIKit's, CoreGraphics' or ImageIO's, for the text report: "decode public.jpeg 1440×1080 from 1003283 bytes".
    static func imageLine(_ record: JSONValue) -> String {
        let operation = record["operation"]?.stringValue ?? "?"
        if let error = record["error"]?.stringValue {
            return "\(operation) failed: \(error)" + (record["path"]?.stringValue.map { " (\($0.printable))" } ?? "")
                + (record["api"]?.stringValue.map { " [\($0)]" } ?? "")
        }
        let pixels = "\(record["width"]?.integerValue ?? 0)×\(record["height"]?.integerValue ?? 0) px"
        let api = record["api"]?.stringValue.map { " (\($0))" } ?? ""
        switch operation {
        case "decode":
            return "decode \(record["format"]?.stringValue ?? "?") \(pixels) from \(record["bytes"]?.integerValue ?? 0) bytes "
                + "(\(record["source"]?.stringValue ?? "data")), \(record["decodedBytes"]?.integerValue ?? 0) bytes decoded"
                + api
        case "source":
            return "image source \(record["format"]?.stringValue ?? "?") \(pixels), \(record["frames"]?.integerValue ?? 0) image(s), "
                + "\(record["bytes"]?.integerValue ?? 0) bytes, header only\(api)"
        case "thumbnail":
            let image = "\(record["imageWidth"]?.integerValue ?? 0)×\(record["imageHeight"]?.integerValue ?? 0)"
            let decoded = "\(record["decodedWidth"]?.integerValue ?? 0)×\(record["decodedHeight"]?.integerValue ?? 0)"
            return "thumbnail \(pixels) of a \(image) \(record["format"]?.stringValue ?? "?"), decoded at \(decoded): "
                + "\(record["decodedBytes"]?.integerValue ?? 0) bytes (the full image: \(record["fullImageBytes"]?.integerValue ?? 0))\(api)"
        case "image":
            return "image \(pixels) made, \(record["decodedBytes"]?.integerValue ?? 0) bytes\(api)"
        case "asset":
            // AVFoundation's asset: "asset public.mpeg-4 0.2 s: video mpeg4 64×48, audio aac (AVAsset)".
            let tracks = (record["tracks"]?.arrayValue ?? []).map { track in
                let kind = track["kind"]?.stringValue == "vide" ? "video" : track["kind"]?.stringValue == "soun" ? "audio" : "other"
                let size = kind == "video" ? " \(track["width"]?.integerValue ?? 0)×\(track["height"]?.integerValue ?? 0)" : ""
                return "\(kind) \(track["codec"]?.stringValue ?? "?")\(size)"
            }
            let seconds = record["duration"]?.numberValue.map { String(format: "%g s", $0) } ?? "? s"
            let load = record["libraryLoadSeconds"]?.numberValue.map { String(format: ", FFmpeg loaded in %.1f ms", $0 * 1000) } ?? ""
            return "asset \(record["format"]?.stringValue ?? "?") \(seconds): \(tracks.joined(separator: ", "))\(load)\(api)"
        case "convolve":
            return "convolve \(pixels), kernel \(record["kernel"]?.stringValue ?? "?")\(api)"
        case "render":
            return "draw into \(pixels) at scale \(record["scale"]?.numberValue.map { String(format: "%g", $0) } ?? "?") "
                + "(\(record["api"]?.stringValue ?? "?"))"
        case "encode":
            let quality = record["quality"]?.numberValue.map { String(format: " quality %g", $0) } ?? ""
            return "encode \(record["format"]?.stringValue ?? "?") \(pixels)\(quality) → \(record["bytes"]?.integerValue ?? 0) bytes"
                + api
        default:
            // Calls that say what they did in a summary (Photos' Live Photos, CoreImage's filters).
            if let summary = record["summary"]?.stringValue { return "\(operation) \(summary)\(api)" }
            return record.serializedString()
        }
    }

    /// One change to the center, for the text report: "categories set: chat (reply, like)".
    static func centerLine(_ change: JSONValue) -> String {
        let identifiers = (change["identifiers"]?.arrayValue ?? []).compactMap(\.stringValue).map(\.printable)
        switch change["change"]?.stringValue {
        case "categoriesSet":
            let categories = (change["categories"]?.arrayValue ?? []).map { category in
                let actions = (category["actions"]?.arrayValue ?? []).compactMap { $0["identifier"]?.stringValue?.printable }
                return "\(category["identifier"]?.stringValue?.printable ?? "?") (\(actions.joined(separator: ", ")))"
            }
            return "categories set: \(categories.joined(separator: ", "))"
        case "delivered":
            return "delivered \(change["identifier"]?.stringValue?.printable ?? "")"
                + (change["replaced"]?.boolValue == true ? " (replacing the one before)" : "")
        case "deliveredRemoved": return "delivered removed: \(identifiers.isEmpty ? "none" : identifiers.joined(separator: ", "))"
        case "requestAdded": return "local request added: \(change["identifier"]?.stringValue?.printable ?? "")"
        case "requestsRemoved": return "pending removed: \(identifiers.isEmpty ? "none" : identifiers.joined(separator: ", "))"
        case "badgeSet": return "badge set to \(change["badge"]?.integerValue ?? 0)"
        default: return change.serializedString()
        }
    }

    static func explanation(_ outcome: Outcome) -> String {
        switch outcome {
        case .modified: "the extension called the content handler before the deadline"
        case .bestAttempt: "the content handler was called during the grace after serviceExtensionTimeWillExpire"
        case .originalTimeout: "no content handler call by the end of the grace; killed, original content delivered"
        case .originalCrash: "the extension crashed before calling the content handler; original content delivered"
        case .killedMemory: "the extension went over the memory limit and was killed; original content delivered"
        case .notInvoked: "iOS would not run the extension"
        case .filtered:
            "the extension handed an empty content and has the filtering entitlement: iOS shows nothing; "
                + "nothing entered the notification center or the attachment store"
        }
    }

    static func megabytes(_ bytes: Int64) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }

    static func clip(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }
}
