import Foundation
import NSESimRuntime
import Testing

/// iOS's Data Protection rule for files, as a pure function of the class and the lock state,
/// and the class kept with a file.
@Suite("File protection classes")
struct FileProtectionClassTests {
    @Test(
        "complete: only unlocked; completeUnlessOpen: created any time, opened only unlocked; completeUntilFirstUserAuthentication: not before the first unlock; none: always",
        arguments: FileProtectionClass.allCases)
    func availability(protection: FileProtectionClass) {
        let opened: [LockState: Bool]
        let created: [LockState: Bool]
        switch protection {
        case .complete:
            opened = [.unlocked: true, .locked: false, .beforeFirstUnlock: false]
            created = opened
        case .completeUnlessOpen:
            opened = [.unlocked: true, .locked: false, .beforeFirstUnlock: false]
            created = [.unlocked: true, .locked: true, .beforeFirstUnlock: true]
        case .completeUntilFirstUserAuthentication:
            opened = [.unlocked: true, .locked: true, .beforeFirstUnlock: false]
            created = opened
        case .none:
            opened = [.unlocked: true, .locked: true, .beforeFirstUnlock: true]
            created = opened
        }
        for state in LockState.allCases {
            #expect(protection.isAvailable(in: state) == opened[state], "\(protection) opened in \(state)")
            #expect(protection.isAvailable(in: state, creating: true) == created[state], "\(protection) created in \(state)")
        }
    }

    @Test("Names: FileProtectionType's member, Foundation's constant, the write option; iOS's default")
    func names() {
        #expect(FileProtectionClass(name: "complete") == .complete)
        #expect(FileProtectionClass(name: "NSFileProtectionCompleteUnlessOpen") == .completeUnlessOpen)
        #expect(FileProtectionClass(name: ".completeFileProtectionUntilFirstUserAuthentication") == .completeUntilFirstUserAuthentication)
        #expect(FileProtectionClass(name: "noFileProtection") == FileProtectionClass.none)
        #expect(FileProtectionClass(name: "onTuesdays") == nil)
        #expect(FileProtectionClass.default == .completeUntilFirstUserAuthentication)
        #expect(FileProtectionClass.accepted == "complete, completeUnlessOpen, completeUntilFirstUserAuthentication, none")
        #expect(FileProtectionClass.complete.firstRefusedIn == .locked)
        #expect(FileProtectionClass.completeUntilFirstUserAuthentication.firstRefusedIn == .beforeFirstUnlock)
        #expect(FileProtectionClass.none.firstRefusedIn == nil)
    }

    @Test("The class is kept with the file (an extended attribute) and read back; a file without one has the default")
    func kept() throws {
        let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-protection-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(FileProtectionClass.of(file) == .default)
        try FileProtectionClass.complete.set(on: file)
        #expect(FileProtectionClass.of(file) == .complete)
    }
}
