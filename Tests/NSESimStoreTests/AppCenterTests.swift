import Foundation
import NSESimCenter
import NSESimCore
import NSESimRuntime
import NSESimStore
import Testing

/// The center and the attachment store kept in step: real center and store files.
@Suite("App center and store")
struct AppCenterTests {
    func temporaryCenter() -> (AppCenter, URL) {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-appcenter-\(UUID().uuidString)")
        let center = AppCenter(
            center: CenterStore(appFolder: folder.appendingPathComponent("app")),
            store: AttachmentStore(root: folder.appendingPathComponent("store"), bundleIdentifier: "com.example.app"))
        return (center, folder)
    }

    /// A push delivered as the pipeline does: its file into the store, its content into the center.
    func push(_ center: AppCenter, identifier: String, in folder: URL) throws {
        let file = folder.appendingPathComponent("\(UUID().uuidString).jpg")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(contentsOf: URL(fileURLWithPath: mediaPath("sample.jpg"))).write(to: file)
        _ = try center.store.deliver(
            notification: identifier,
            files: [
                AttachmentStore.Placement(identifier: "image", source: file, type: "public.jpeg", size: 1397, move: true)
            ])
        try center.update { [$0.deliver(.init(identifier: identifier, content: .object(["title": .string(identifier)]), date: 1))] }
    }

    @Test("Two pushes with one collapse id leave one notification and one set of files; removing and reset delete files")
    func collapseAndRemoval() throws {
        let (center, folder) = temporaryCenter()
        defer { try? FileManager.default.removeItem(at: folder) }
        try push(center, identifier: "photo", in: folder.appendingPathComponent("in"))
        try push(center, identifier: "photo", in: folder.appendingPathComponent("in"))
        try push(center, identifier: "other", in: folder.appendingPathComponent("in"))
        #expect(try center.read().delivered.map(\.identifier) == ["other", "photo"])
        let index = try center.store.list()
        #expect(index.notifications.map(\.identifier).sorted() == ["other", "photo"])
        #expect(index.notifications.first { $0.identifier == "photo" }?.attachments.count == 1)
        let files = try FileManager.default.subpathsOfDirectory(atPath: center.store.folder.appendingPathComponent("files").path)
            .filter { $0.hasSuffix(".jpg") }
        #expect(files.count == 2)

        _ = try center.remove("photo")
        #expect(try center.store.list().notifications.map(\.identifier) == ["other"])
        #expect(throws: AppCenterError.self) { try center.remove("photo") }
        try center.reset()
        #expect(try center.store.list().notifications.isEmpty)
        #expect(try center.read().delivered.isEmpty)
    }
}
