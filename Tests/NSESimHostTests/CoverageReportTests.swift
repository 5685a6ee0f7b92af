import Foundation
import NSESimHost
import Testing

/// `--coverage`'s pure parts (docs/coverage.md): the lcov tracefile read, kept to the user's
/// files at their paths and written back; the per-file table; which files are the user's.
@Suite("Coverage: lcov and the summary")
struct CoverageReportTests {
    static let export = """
        SF:/work/app/Extension/NotificationService.swift
        FN:10,$s19NotificationServiceAAC10didReceive
        FNDA:2,$s19NotificationServiceAAC10didReceive
        FNF:1
        FNH:1
        DA:10,2
        DA:11,2
        DA:12,0
        DA:13,1
        BRF:0
        BRH:0
        LF:4
        LH:3
        end_of_record
        SF:/cache/extensions/abc/__NSESimEntry.swift
        DA:1,2
        LF:1
        LH:1
        end_of_record

        """

    @Test("A tracefile's records, their lines and counts; written back as read")
    func parse() {
        let file = LCOVFile(text: Self.export)
        #expect(file.records.map(\.path) == ["/work/app/Extension/NotificationService.swift", "/cache/extensions/abc/__NSESimEntry.swift"])
        #expect(file.records[0].lineCounts.map(\.line) == [10, 11, 12, 13])
        #expect(file.records[0].lineCounts.map(\.count) == [2, 2, 0, 1])
        #expect(file.text == Self.export.replacingOccurrences(of: "\n\n", with: "\n"))
        #expect(LCOVFile(text: file.text) == file)
    }

    @Test("Records mapped to the user's paths, the others dropped; the summary of what is kept")
    func mappedAndSummed() {
        let kept = LCOVFile(text: Self.export).mapped {
            $0.contains("__NSESim") ? nil : $0.replacingOccurrences(of: "/work/app", with: "/home/me/App")
        }
        #expect(kept.records.map(\.path) == ["/home/me/App/Extension/NotificationService.swift"])
        #expect(kept.text.hasPrefix("SF:/home/me/App/Extension/NotificationService.swift\nFN:10,"))
        let summary = kept.summary
        #expect(summary.linesFound == 4)
        #expect(summary.linesHit == 3)
        #expect(summary.percent == 75)
        #expect(summary.textLines == ["NotificationService.swift  75.0 % lines (3/4)", "Total                      75.0 % lines (3/4)"])
    }

    @Test("Several files: named relative to the folder they share; percentages rounded down")
    func table() {
        let summary = CoverageSummary(files: [
            .init(path: "/a/Ext/NotificationService.swift", linesFound: 37, linesHit: 29),
            .init(path: "/a/Ext/Helpers/Format.swift", linesFound: 3000, linesHit: 2999),
        ])
        #expect(
            summary.textLines == [
                "NotificationService.swift  78.3 % lines (29/37)",
                "Helpers/Format.swift       99.9 % lines (2999/3000)",
                "Total                      99.7 % lines (3028/3037)",
            ])
        #expect(CoverageSummary(files: []).percent == 0)
    }

    @Test("The user's files: a build copy mapped back, generated files and the build's folder left out")
    func ownFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-own-\(UUID().uuidString.prefix(6))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("Ext/NotificationService.swift")
        try FileManager.default.createDirectory(at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("// x\n".utf8).write(to: source)
        let cache = folder.appendingPathComponent("cache")
        let own = OwnCode(images: ["libExt.so"], sources: [source.path])
        func mapped(_ path: String) -> String? { CoverageCollection.ownFile(path, ownCode: [own], cacheDirectory: cache) }
        #expect(mapped(source.path) == source.path)
        #expect(mapped(cache.path + "/extensions/.staging-1/__NSESimSources/NotificationService.swift") == source.path)
        #expect(mapped(cache.path + "/extensions/.staging-1/__NSESimEntry.swift") == nil)
        #expect(mapped(cache.path + "/extensions/.staging-1/CoreDataClasses.swift") == nil)
        #expect(mapped("/nowhere/Generated.swift") == nil)
    }

    @Test("A missing tool is named with where it was looked for")
    func missingTool() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-tools-\(UUID().uuidString.prefix(6))")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(throws: CoverageError.self) {
            try CoverageTools.find(swiftc: folder.appendingPathComponent("swiftc"))
        }
        do {
            _ = try CoverageTools.find(swiftc: folder.appendingPathComponent("swiftc"))
        } catch {
            #expect(error.description.contains("llvm-profdata"))
            #expect(error.description.contains("(looked in \(folder.path))"))
            #expect(error.exitStatus.code == 70)
        }
    }
}
