import Foundation
import NSESimPayload
import NSESimTestSupport
import Testing

@testable import NSESimProject

/// A corrupt or odd project never crashes nsesim: it is read or refused with an error.
@Suite("Damaged projects")
struct DamagedProjectTests {
    @Test("250 damaged copies of ChatApp's project.pbxproj: each parses and resolves, or is a typed error")
    func damaged() throws {
        let original = try String(
            contentsOfFile: repositoryRoot.appendingPathComponent(
                "Fixtures/projects/ChatApp/ChatApp.xcodeproj/project.pbxproj"
            ).path, encoding: .utf8)
        let bytes = Array(original.utf8)
        var random = SplitMix64(seed: 13)
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-damaged-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Fixtures/projects/ChatApp"), to: folder)
        let file = folder.appendingPathComponent("ChatApp.xcodeproj/project.pbxproj")
        let replacements: [[UInt8]] = [
            [], Array("(".utf8), Array("}".utf8), Array("\"".utf8), Array(";".utf8),
            Array("AA0000000000000000000G00".utf8), Array("/*".utf8), [0xFF],
        ]
        var refused = 0
        for _ in 0..<250 {
            var damaged = bytes
            let start = Int(random.next() % UInt64(damaged.count))
            let length = min(Int(random.next() % 40), damaged.count - start)
            damaged.replaceSubrange(start..<(start + length), with: replacements[Int(random.next() % UInt64(replacements.count))])
            try Data(damaged).write(to: file)
            do {
                _ = try resolveTarget(folder.path)
            } catch {
                refused += 1
                #expect(!error.description.isEmpty && [.badInput, .missingFile].contains(error.exitStatus))
            }
        }
        #expect(refused > 60)
    }

    @Test("Groups that contain each other do not loop")
    func groupCycle() throws {
        let text = """
            { objects = {
                R = { isa = PBXProject; mainGroup = A; targets = (T); };
                A = { isa = PBXGroup; children = (B, F); path = a; sourceTree = "<group>"; };
                B = { isa = PBXGroup; children = (A); path = b; sourceTree = "<group>"; };
                F = { isa = PBXFileReference; path = x.swift; sourceTree = "<group>"; };
                T = { isa = PBXNativeTarget; name = T; productType = "com.apple.product-type.app-extension"; };
            }; rootObject = R; }
            """
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-cycle-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Cycle.xcodeproj"), withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("Cycle.xcodeproj/project.pbxproj"), atomically: true, encoding: .utf8)
        let resolver = ProjectTargetResolver(project: try XcodeProject(path: folder.path), context: projectResolver())
        _ = resolver.path(of: "F")
        let target = try resolver.resolve(target: "T", configuration: nil)
        #expect(target.sources.isEmpty)
    }
}
