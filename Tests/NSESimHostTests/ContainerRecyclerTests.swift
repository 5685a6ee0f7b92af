import Foundation
import Testing

@testable import NSESimHost

#if canImport(Glibc)
import Glibc
#endif

/// The extension's container is kept for a later notification only when the extension left
/// it exactly as made; anything else is removed with all it holds (making one per case was much of replay's cost).
@Suite("Container recycling")
struct ContainerRecyclerTests {
    /// A folder of its own for one test's containers.
    private func base(_ name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recycler-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.path
    }

    /// A container made in `base` as `ExtensionContainer.create()` makes one.
    private func made(in base: String) throws -> ExtensionContainer {
        let container = ExtensionContainer(rootPath: base + "/nsesim-container-\(UUID().uuidString.prefix(13))")
        for (folder, _) in ExtensionContainer.layout {
            try FileManager.default.createDirectory(atPath: container.path(folder), withIntermediateDirectories: true)
        }
        return container
    }

    private func isEmptyLayout(_ root: String) -> Bool {
        ExtensionContainer.layout.allSatisfy { folder, entries in
            (try? Set(FileManager.default.contentsOfDirectory(atPath: ExtensionContainer(rootPath: root).path(folder)))) == entries
        }
    }

    @Test(
        "A container handed back as made is kept under a new name (the old one gone at once); the next one is it: every folder there and empty"
    )
    func keptAndTaken() throws {
        let base = try base("kept")
        defer { try? FileManager.default.removeItem(atPath: base) }
        let recycler = ContainerRecycler()
        let first = try made(in: base)
        // The extension wrote a file and nsesim moved it out (an attachment into the store).
        try Data("x".utf8).write(to: first.temporaryDirectory.appendingPathComponent("image.png"))
        try FileManager.default.removeItem(at: first.temporaryDirectory.appendingPathComponent("image.png"))
        #expect(recycler.keep(first, base: base))
        #expect(!FileManager.default.fileExists(atPath: first.rootPath), "the old name is gone")
        let next = try #require(recycler.take(base: base))
        #expect(next != first.rootPath && next.hasPrefix(base + "/nsesim-container-"))
        #expect(isEmptyLayout(next))
        #expect(recycler.take(base: base) == nil, "one kept, one taken")
        // One removed meanwhile (a cleaner of the temporary folder) is not handed out.
        let second = try made(in: base)
        #expect(recycler.keep(second, base: base))
        let kept = try FileManager.default.contentsOfDirectory(atPath: base).filter { base + "/" + $0 != next }
        for name in kept { try FileManager.default.removeItem(atPath: base + "/" + name) }
        #expect(recycler.take(base: base) == nil)
    }

    @Test(
        "A container the extension changed is not kept: a file, an extra folder, a link for a folder, a folder's mode, a folder gone",
        arguments: [
            "file in tmp", "file in Documents", "file in the root", "folder in Caches", "link for tmp", "mode of Library",
            "Documents gone",
        ])
    func changedNotKept(change: String) throws {
        let base = try base("changed")
        defer { try? FileManager.default.removeItem(atPath: base) }
        let recycler = ContainerRecycler()
        let container = try made(in: base)
        let root = container.rootPath
        switch change {
        case "file in tmp": try Data().write(to: URL(fileURLWithPath: root + "/tmp/left.txt"))
        case "file in Documents": try Data().write(to: URL(fileURLWithPath: root + "/Documents/notes.db"))
        case "file in the root": try Data().write(to: URL(fileURLWithPath: root + "/.hidden"))
        case "folder in Caches":
            try FileManager.default.createDirectory(atPath: root + "/Library/Caches/images", withIntermediateDirectories: false)
        case "link for tmp":
            try FileManager.default.removeItem(atPath: root + "/tmp")
            try FileManager.default.createSymbolicLink(atPath: root + "/tmp", withDestinationPath: base)
        case "mode of Library": #expect(chmod(root + "/Library", 0o700) == 0)
        default: try FileManager.default.removeItem(atPath: root + "/Documents")
        }
        #expect(!ContainerRecycler.isAsMade(container))
        #expect(!recycler.keep(container, base: base))
        #expect(FileManager.default.fileExists(atPath: root), "left for the caller to remove")
        #expect(recycler.take(base: base) == nil)
    }

    @Test("At most the capacity is kept; the kept ones are removed by removeAll (as at nsesim's exit)")
    func capacityAndRemoval() throws {
        let base = try base("capacity")
        defer { try? FileManager.default.removeItem(atPath: base) }
        let recycler = ContainerRecycler()
        let containers = try (0...ContainerRecycler.capacity).map { _ in try made(in: base) }
        let kept = containers.filter { recycler.keep($0, base: base) }
        #expect(kept.count == ContainerRecycler.capacity)
        #expect(try FileManager.default.contentsOfDirectory(atPath: base).count == ContainerRecycler.capacity + 1)
        recycler.removeAll()
        #expect(try FileManager.default.contentsOfDirectory(atPath: base).count == 1, "the one not kept is the caller's")
        #expect(recycler.take(base: base) == nil)
    }

    @Test("Through create and recycle: a container is always as made; one left changed is removed with what it holds")
    func createAndRecycle() throws {
        for _ in 0..<3 {
            let container = try ExtensionContainer.create()
            #expect(isEmptyLayout(container.rootPath))
            try Data("secret".utf8).write(to: container.documentsDirectory.appendingPathComponent("left.txt"))
            container.recycle()
            #expect(!FileManager.default.fileExists(atPath: container.rootPath))
        }
        let clean = try ExtensionContainer.create()
        clean.recycle()
        #expect(!FileManager.default.fileExists(atPath: clean.rootPath), "kept under another name, or removed")
        let next = try ExtensionContainer.create()
        defer { next.remove() }
        #expect(isEmptyLayout(next.rootPath))
    }
}
