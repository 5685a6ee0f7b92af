import FixtureServer
import Foundation
import NSESimBuild
import NSESimCenter
import NSESimCore
import NSESimHost
import NSESimPayload
import NSESimRuntime
import NSESimStore
import Testing

/// The one path every command's pushes take (``NotificationPipeline``): configured once, it
/// builds once, then delivers through the gate, the extension, the store and the center.
@Suite("Notification pipeline")
struct NotificationPipelineTests {
    /// A pipeline for `extension` whose app data and stores live in a folder of their own.
    static func pipeline(
        _ input: ExtensionInput?, folder: URL, bundleIdentifier: String? = nil,
        intoCenter: Bool = true
    ) -> NotificationPipeline {
        var configuration = PipelineConfiguration(extensionInput: input)
        configuration.bundleIdentifier = bundleIdentifier
        configuration.dataDirectory = folder.appendingPathComponent("data")
        configuration.storeRoot = folder.appendingPathComponent("store")
        configuration.limits = RunConfiguration(deadline: .seconds(10), grace: .seconds(2))
        configuration.intoCenter = intoCenter
        return NotificationPipeline(configuration, toolchain: TestToolchain.shared)
    }

    static func scratch() -> URL {
        URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-pipeline-\(UUID().uuidString.prefix(8))")
    }

    static func payload(_ text: String, collapseID: String? = nil) throws -> ParsedPayload {
        try PayloadParser.parse(
            text: text, path: "push.json", server: nil,
            options: PayloadOptions(headers: PushHeaders(collapseID: collapseID)))
    }

    @Test("20 pushes, one build; each in its own process; every one in the app's center, newest first")
    func buildsOnceForManyPushes() async throws {
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipeline = Self.pipeline(.path(example("Template")), folder: folder, bundleIdentifier: "com.acme.pipeline")
        var identifiers: [String] = []
        for index in 0..<20 {
            let push = try Self.payload(
                #"{"aps": {"alert": {"title": "Push \#(index)"}, "mutable-content": 1}}"#,
                collapseID: "push-\(index)")
            let run = try await pipeline.deliver(push)
            #expect(run.outcome == .modified, "\(run.extensionResult?.errors ?? [])")
            identifiers.append(run.payload.request.identifier)
        }
        #expect(pipeline.buildCount == 1)
        let state = try pipeline.appCenter("com.acme.pipeline").read()
        #expect(state.delivered.map(\.identifier) == identifiers.reversed())
    }

    @Test("The app: the one given, else the .apns file's, else the extension's; store and center follow it")
    func appIdentity() async throws {
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipeline = Self.pipeline(.path(example("Template")), folder: folder)
        let plain = try Self.payload(#"{"aps": {"alert": "hi"}}"#)
        #expect(pipeline.appIdentifier(for: [plain]) == AppData.defaultBundleIdentifier)
        let simulator = try Self.payload(#"{"Simulator Target Bundle": "com.acme.sim", "aps": {"alert": "hi"}}"#)
        #expect(pipeline.appIdentifier(for: [simulator]) == "com.acme.sim")
        let given = Self.pipeline(.path(example("Template")), folder: folder, bundleIdentifier: "com.acme.given")
        #expect(given.appIdentifier(for: [simulator]) == "com.acme.given")
        // A push the extension does not see still lands in the app's center, and builds nothing.
        let run = try await pipeline.deliver(simulator)
        #expect(run.outcome == .notInvoked)
        #expect(pipeline.buildCount == 0)
        #expect(try pipeline.appCenter("com.acme.sim").read().delivered.map(\.identifier) == [run.payload.request.identifier])
    }

    @Test("A collapse id replaces the delivered notification, and its stored files leave the store")
    func collapseFollowsIntoTheStore() async throws {
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let media = URL(fileURLWithPath: repositoryPath("Fixtures/media"))
        let server = FixtureServer(root: media, profile: nil)
        _ = try await server.start()
        defer { Task { await server.stop() } }
        let base = try #require(server.baseURL)
        let pipeline = Self.pipeline(.path(example("ImageAttachment")), folder: folder, bundleIdentifier: "com.acme.photos")
        let text = #"{"aps": {"alert": {"title": "Photo"}, "mutable-content": 1}, "image-url": "{{server}}/sample.jpg"}"#
        let first = try await pipeline.deliver(
            try PayloadParser.parse(
                text: text, path: "photo.json", server: base,
                options: PayloadOptions(headers: PushHeaders(collapseID: "photo"))))
        #expect(first.extensionResult?.attachments.count == 1, "\(first.extensionResult?.errors ?? [])")
        let store = pipeline.store("com.acme.photos")
        #expect(try store.list().notifications.map(\.identifier) == ["photo"])
        let second = try await pipeline.deliver(
            try PayloadParser.parse(
                text: text, path: "photo.json", server: base,
                options: PayloadOptions(headers: PushHeaders(collapseID: "photo"))))
        #expect(second.extensionResult?.attachments.count == 1)
        // One notification, one file: the replaced one's file was removed by the follow-up.
        let listed = try store.list().notifications
        #expect(listed.count == 1 && listed[0].attachments.count == 1, "\(listed)")
    }

    @Test("No center: the run alone (replay's single cases, bench)")
    func withoutCenter() async throws {
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipeline = Self.pipeline(.path(example("Template")), folder: folder, bundleIdentifier: "com.acme.none", intoCenter: false)
        _ = try await pipeline.deliver(try Self.payload(#"{"aps": {"alert": {"title": "x"}, "mutable-content": 1}}"#))
        #expect(try pipeline.appCenter("com.acme.none").read().delivered.isEmpty)
    }

    @Test("{{server}} without a server is refused with the file and the fix (exit 64)")
    func serverPlaceholderNeedsAServer() throws {
        #expect(throws: PayloadError.needsServer(path: "push.json")) {
            try Self.payload(#"{"aps": {"alert": "{{server}}/a.jpg"}}"#)
        }
        #expect(PayloadError.needsServer(path: "push.json").exitStatus == .usage)
        #expect(PayloadError.needsServer(path: "push.json").description.contains("--serve DIR"))
    }
}
