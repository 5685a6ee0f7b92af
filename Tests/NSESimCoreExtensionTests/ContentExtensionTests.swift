import Foundation
import NSESimCore
import Testing

/// `nsesim show` end to end: the real binary builds and runs the Article pair and the
/// content extension fixtures, `--format json`; the interface, the steps, what the app gets, the
/// render, and the messages for bad input.
@Suite("Content extensions (nsesim show)")
struct ContentExtensionTests {
    /// One `nsesim show` run with its own data folder (the center keeps an app's categories
    /// between runs).
    struct Shown {
        let run: CLIResult
        let report: [String: Any]
        var section: [String: Any] { report["contentExtension"] as? [String: Any] ?? [:] }
        var presented: [String: Any] { section["presented"] as? [String: Any] ?? [:] }
        var interface: [String: Any] { presented["interface"] as? [String: Any] ?? [:] }
        var steps: [[String: Any]] { section["steps"] as? [[String: Any]] ?? [] }
        var errors: [String] { section["errors"] as? [String] ?? [] }
        var warnings: [String] { section["warnings"] as? [String] ?? [] }
        var appDelegate: [[String: Any]] { section["appDelegate"] as? [[String: Any]] ?? [] }
        var calls: [String] { presented["calls"] as? [String] ?? [] }
    }

    static func show(_ arguments: [String]) async throws -> CLIResult {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-show-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        return try await nsesim(["show"] + arguments, dataDirectory: data)
    }

    /// The Article pair with the article payload, served media and the app's categories.
    static func article(_ extra: String...) async throws -> Shown {
        let run = try await show(
            [
                "--extension", example("Article/ArticleContent"),
                "--service-extension", example("Article/ArticleService"),
                "--payload", payloadPath("article.json"), "--serve", repositoryPath("Fixtures/media"),
                "--categories", example("Article/categories.json"), "--format", "json",
            ] + extra)
        return Shown(run: run, report: (try? run.jsonObject()) ?? [:])
    }

    static func fixture(_ name: String, payload: String, _ extra: String...) async throws -> Shown {
        let run = try await show(["--extension", testExtension(name), "--payload", payloadPath(payload), "--format", "json"] + extra)
        return Shown(run: run, report: (try? run.jsonObject()) ?? [:])
    }

    /// The views of a snapshot tree, depth first.
    static func nodes(_ node: [String: Any]) -> [[String: Any]] {
        [node] + ((node["subviews"] as? [[String: Any]]) ?? []).flatMap(nodes)
    }

    /// The view connected to `outlet`.
    static func view(_ outlet: String, in tree: [String: Any]) -> [String: Any]? {
        nodes(tree).first { $0["outlet"] as? String == outlet }
    }

    static func text(_ outlet: String, in tree: [String: Any]) -> String? {
        view(outlet, in: tree)?["text"] as? String
    }

    /// The frame of the view connected to `outlet` in the root view's coordinates (x, y, width, height).
    static func frameInRoot(_ outlet: String, in node: [String: Any], origin: (Double, Double) = (0, 0), isRoot: Bool = true) -> [Double]? {
        let frame = node["frame"] as? [String: Any] ?? [:]
        func number(_ key: String) -> Double { (frame[key] as? NSNumber)?.doubleValue ?? 0 }
        let here = isRoot ? (0.0, 0.0) : (origin.0 + number("x"), origin.1 + number("y"))
        if node["outlet"] as? String == outlet { return [here.0, here.1, number("width"), number("height")] }
        for child in (node["subviews"] as? [[String: Any]]) ?? [] {
            if let found = frameInRoot(outlet, in: child, origin: here, isRoot: false) { return found }
        }
        return nil
    }

    static func actionIdentifiers(_ list: Any?) -> [String] {
        ((list as? [Any]) ?? []).compactMap { ($0 as? [String: Any])?["identifier"] as? String ?? $0 as? String }
    }

    static func actionTitles(_ list: Any?) -> [String] {
        ((list as? [Any]) ?? []).compactMap { ($0 as? [String: Any])?["title"] as? String }
    }

    // MARK: The pair

    @Test(
        "Article pair: after didReceive(_:) the storyboard's labels hold the payload's texts, the image view the picture; iOS's call order; title and size"
    )
    func interfaceAfterDidReceive() async throws {
        let shown = try await Self.article()
        #expect(shown.run.status == 0, "\(shown.run)")
        #expect(shown.section["matched"] as? Bool == true)
        #expect(shown.section["category"] as? String == "article")
        let tree = shown.interface
        #expect(Self.text("titleLabel", in: tree) == "A lunar eclipse tonight", "\(tree)")
        #expect(Self.text("subtitleLabel", in: tree) == "Science")
        #expect(
            Self.text("bodyLabel", in: tree) == "The Moon turns red for 58 minutes from 21:40. Here is where to look, and why it happens.")
        let image = Self.view("imageView", in: tree)?["image"] as? [String: Any]
        #expect((image?["width"] as? Int ?? 0) > 0 && (image?["height"] as? Int ?? 0) > 0, "\(String(describing: image))")
        #expect((image?["pngBytes"] as? Int ?? 0) > 0)

        let calls = shown.calls
        #expect(Array(calls.prefix(5)) == ["init(coder:)", "loadView", "viewDidLoad", "didReceive(_:)", "viewWillAppear(_:)"], "\(calls)")
        #expect(shown.section["titleShown"] as? String == "Today's article")
        #expect(shown.section["defaultContentHidden"] as? Bool == true)
        let size = shown.presented["size"] as? [String: Any]
        #expect((size?["width"] as? NSNumber)?.doubleValue == 377, "\(String(describing: size))")
        #expect(Self.actionIdentifiers(shown.section["actionsShown"]) == ["like", "reply", "save"], "\(shown.section)")
        #expect(shown.errors.isEmpty, "\(shown.errors)")
    }

    @Test("like: .doNotDismiss, statusLabel ♥ Liked, the actions become Unlike/Reply/Save, the app gets nothing")
    func like() async throws {
        let shown = try await Self.article("--action", "like")
        #expect(shown.run.status == 0, "\(shown.run)")
        let step = try #require(shown.steps.first, "\(shown.section)")
        #expect(shown.steps.count == 1)
        #expect(step["option"] as? String == "doNotDismiss")
        #expect(step["forwardedToApp"] as? Bool == false)
        #expect(step["implemented"] as? Bool == true)
        let after = step["after"] as? [String: Any] ?? [:]
        #expect(Self.text("statusLabel", in: after["interface"] as? [String: Any] ?? [:]) == "♥ Liked", "\(after)")
        #expect(Self.actionTitles(after["notificationActions"]).first == "Unlike", "\(after["notificationActions"] ?? "none")")
        #expect(shown.appDelegate.isEmpty, "\(shown.appDelegate)")
    }

    @Test("reply with text: .dismissAndForwardAction, the app's delegate gets reply with the text")
    func reply() async throws {
        let shown = try await Self.article("--text-input", "reply=Great piece")
        #expect(shown.run.status == 0, "\(shown.run)")
        let step = try #require(shown.steps.first, "\(shown.section)")
        #expect(step["option"] as? String == "dismissAndForwardAction")
        #expect(step["forwardedToApp"] as? Bool == true)
        let after = step["after"] as? [String: Any] ?? [:]
        #expect(Self.text("statusLabel", in: after["interface"] as? [String: Any] ?? [:]) == "Sent: Great piece")
        #expect(shown.appDelegate.count == 1, "\(shown.appDelegate)")
        #expect(shown.appDelegate.first?["actionIdentifier"] as? String == "reply")
        #expect(shown.appDelegate.first?["userText"] as? String == "Great piece")
    }

    @Test("save: .dismiss, not forwarded, the app gets nothing")
    func save() async throws {
        let shown = try await Self.article("--action", "save")
        #expect(shown.run.status == 0, "\(shown.run)")
        let step = try #require(shown.steps.first, "\(shown.section)")
        #expect(step["option"] as? String == "dismiss")
        #expect(step["forwardedToApp"] as? Bool == false)
        #expect(shown.appDelegate.isEmpty, "\(shown.appDelegate)")
    }

    @Test("like then save in one run: two steps, the second after the first's state")
    func likeThenSave() async throws {
        let shown = try await Self.article("--action", "like", "--action", "save")
        #expect(shown.run.status == 0, "\(shown.run)")
        #expect(shown.steps.map { $0["option"] as? String } == ["doNotDismiss", "dismiss"], "\(shown.steps)")
        let after = shown.steps.last?["after"] as? [String: Any] ?? [:]
        #expect(Self.text("statusLabel", in: after["interface"] as? [String: Any] ?? [:]) == "Saved")
        #expect(shown.appDelegate.isEmpty)
    }

    @Test("--media play: mediaPlay() runs, statusLabel Playing, the media button is playing")
    func mediaPlay() async throws {
        let shown = try await Self.article("--media", "play")
        #expect(shown.run.status == 0, "\(shown.run)")
        let step = try #require(shown.steps.first, "\(shown.section)")
        let after = step["after"] as? [String: Any] ?? [:]
        #expect(Self.text("statusLabel", in: after["interface"] as? [String: Any] ?? [:]) == "Playing", "\(after)")
        let button = after["mediaButton"] as? [String: Any]
        #expect(button?["playing"] as? Bool == true, "\(String(describing: button))")
        #expect(button?["type"] as? String == "default")
        #expect(button?["tintColor"] as? String == "#FF9500FF", "systemOrange")
        // mediaPlayPauseButtonFrame: 50×50, centred on the picture (converted to the view's coordinates).
        let frame = ((button?["frame"] as? [Any]) ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
        let picture = try #require(Self.frameInRoot("imageView", in: shown.interface), "\(shown.interface)")
        #expect(frame.count == 4 && frame[2] == 50 && frame[3] == 50, "\(frame)")
        // The snapshot's frames are rounded to half a point, the button's frame is not: within 0.5.
        if frame.count == 4 {
            #expect(
                abs(frame[0] + 25 - (picture[0] + picture[2] / 2)) <= 0.5 && abs(frame[1] + 25 - (picture[1] + picture[3] / 2)) <= 0.5,
                "button \(frame), picture \(picture)")
        }
        #expect(shown.presented["mediaButton"].flatMap { ($0 as? [String: Any])?["playing"] as? Bool } == false, "before the tap")
    }

    @Test("--dismiss: the category has customDismissAction, so the app's delegate gets the dismiss action")
    func dismiss() async throws {
        let shown = try await Self.article("--dismiss")
        #expect(shown.run.status == 0, "\(shown.run)")
        #expect(
            shown.appDelegate.map { $0["actionIdentifier"] as? String } == ["com.apple.UNNotificationDismissActionIdentifier"],
            "\(shown.appDelegate)")
    }

    @Test("--dismiss without customDismissAction in the category: the interface closes, the app gets nothing")
    func dismissWithoutCustomDismissAction() async throws {
        let shown = try await Self.fixture(
            "ContentInCode", payload: "content-message.json",
            "--categories", repositoryPath("Fixtures/categories/content-message-categories.json"), "--dismiss")
        #expect(shown.run.status == 0, "\(shown.run)")
        #expect(shown.steps.count == 1)
        #expect((shown.section["closedBy"] as? String)?.contains("dismiss") == true, "\(shown.section["closedBy"] ?? "nil")")
        #expect(shown.appDelegate.isEmpty, "\(shown.appDelegate)")
    }

    // MARK: The render

    @Test("--render X.html: the label texts, the picture as a data: PNG, one data-action per action shown")
    func renderHTML() async throws {
        let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-show-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: file) }
        let shown = try await Self.article("--render", file.path)
        #expect(shown.run.status == 0, "\(shown.run)")
        let html = try String(contentsOf: file, encoding: .utf8)
        #expect(html.contains("A lunar eclipse tonight"))
        #expect(html.contains("Science"))
        #expect(html.contains("The Moon turns red for 58 minutes"))
        #expect(html.contains("data:image/png"))
        #expect(html.components(separatedBy: "data-action").count - 1 == 3, "\(html)")
    }

    @Test("--render X.png: a PNG 393 pixels wide (the iPhone's width), drawn by headless Chromium")
    func renderPNG() async throws {
        let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-show-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        let shown = try await Self.article("--render", file.path)
        #expect(shown.run.status == 0, "\(shown.run)")
        let data = try Data(contentsOf: file)
        #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(data.count > 24 && String(decoding: data[12..<16], as: UTF8.self) == "IHDR")
        let width = data.count > 24 ? data[16..<20].reduce(0) { $0 << 8 | Int($1) } : 0
        #expect(width == 393)
    }

    // MARK: Bad input

    @Test("A storyboard that is not XML (merge conflict markers): exit 65, the message names MainInterface.storyboard and the line")
    func brokenStoryboard() async throws {
        let run = try await Self.show([
            "--extension", testExtension("ContentBrokenStoryboard"),
            "--payload", payloadPath("content-message.json"), "--format", "json",
        ])
        #expect(run.status == 65, "\(run)")
        // Line 20 holds the first conflict marker.
        #expect(run.stderr.contains("ContentBrokenStoryboard/Base.lproj/MainInterface.storyboard:20:"), "\(run)")
        #expect(run.stderr.contains("not well-formed XML"))
    }

    @Test("An outlet the class lacks: exit 1, NSUnknownKeyException's message naming the key and the class")
    func missingOutlet() async throws {
        let shown = try await Self.fixture("ContentMissingOutlet", payload: "content-message.json")
        #expect(shown.run.status == 1, "\(shown.run)")
        let error = shown.errors.joined(separator: "\n")
        #expect(error.contains("this class is not key value coding-compliant for the key"), "\(shown.section)")
        #expect(error.contains("for the key label"))
        #expect(error.contains("the outlet label of NotificationViewController"))
        #expect(error.contains("MainInterface.storyboard:40"), "the storyboard line of the outlet connection")
    }

    @Test("A category no content extension draws: exit 0, not matched, a warning; iOS shows the default interface")
    func otherCategory() async throws {
        let run = try await Self.show([
            "--extension", example("Article/ArticleContent"),
            "--payload", payloadPath("content-other-category.json"),
            "--categories", example("Article/categories.json"), "--format", "json",
        ])
        let shown = Shown(run: run, report: (try? run.jsonObject()) ?? [:])
        #expect(run.status == 0, "\(run)")
        #expect(shown.section["matched"] as? Bool == false)
        let warnings = shown.warnings + ((shown.report["warnings"] as? [String]) ?? [])
        #expect(warnings.contains { $0.contains("no content extension draws the category \"other\"") }, "\(warnings)")
    }

    @Test("--action share (not in the category): exit 1, the error lists the actions shown")
    func unknownAction() async throws {
        let shown = try await Self.article("--action", "share")
        #expect(shown.run.status == 1, "\(shown.run)")
        #expect(shown.errors.contains { $0.contains("not among the actions the interface shows (like, reply, save)") }, "\(shown.errors)")
    }

    @Test("--text-input like=x: like is not a text-input action")
    func textInputOnPlainAction() async throws {
        let shown = try await Self.article("--text-input", "like=x")
        #expect(shown.run.status == 1, "\(shown.run)")
        #expect(shown.errors.contains { $0.contains("the text input like is not a text-input action") }, "\(shown.errors)")
        #expect(shown.steps.isEmpty)
    }

    @Test("Neither NSExtensionMainStoryboard nor NSExtensionPrincipalClass: exit 65, the message says which keys")
    func noInterface() async throws {
        let run = try await Self.show([
            "--extension", testExtension("ContentNoInterface"),
            "--payload", payloadPath("content-message.json"), "--format", "json",
        ])
        #expect(run.status == 65, "\(run)")
        #expect(run.stderr.contains("NSExtensionMainStoryboard") && run.stderr.contains("NSExtensionPrincipalClass"), "\(run)")
    }

    // MARK: Built in code

    @Test(
        "Built in code (NSExtensionPrincipalClass, loadView, a label with constraints): the label's text; without didReceive(_:completionHandler:) an action closes and goes to the app"
    )
    func builtInCode() async throws {
        let shown = try await Self.fixture(
            "ContentInCode", payload: "content-message.json",
            "--categories", repositoryPath("Fixtures/categories/content-message-categories.json"), "--action", "mark-read")
        #expect(shown.run.status == 0, "\(shown.run)")
        #expect(shown.section["matched"] as? Bool == true)
        let texts = Self.nodes(shown.interface).compactMap { $0["text"] as? String }
        #expect(texts.contains("Ana: Are we still on for lunch?"), "\(shown.interface)")
        // Pinned 16 points from each side of the 377-point-wide interface, 12 from the top.
        let frame = Self.view("messageLabel", in: shown.interface)?["frame"] as? [String: Any]
        #expect(
            (frame?["x"] as? NSNumber)?.doubleValue == 16 && (frame?["y"] as? NSNumber)?.doubleValue == 12, "\(String(describing: frame))")
        #expect((frame?["width"] as? NSNumber)?.doubleValue == 345)
        #expect(Array(shown.calls.prefix(4)) == ["init()", "loadView", "viewDidLoad", "didReceive(_:)"], "\(shown.calls)")
        let step = try #require(shown.steps.first, "\(shown.section)")
        #expect(step["option"] as? String == "dismissAndForwardAction")
        #expect(step["implemented"] as? Bool == false)
        #expect(step["forwardedToApp"] as? Bool == true)
        #expect(shown.appDelegate.map { $0["actionIdentifier"] as? String } == ["mark-read"], "\(shown.appDelegate)")
    }

    // MARK: Size

    @Test(
        "The size: width 377 × UNNotificationExtensionInitialContentSizeRatio, then the height of preferredContentSize, after didReceive(_:) and after an action"
    )
    func size() async throws {
        func size(_ answer: [String: Any]?) -> [Double] {
            let size = answer?["size"] as? [String: Any]
            return [(size?["width"] as? NSNumber)?.doubleValue ?? -1, (size?["height"] as? NSNumber)?.doubleValue ?? -1]
        }
        // Ratio 0.5, no preferredContentSize: 377 × 188.5.
        let ratio = try await Self.fixture("ContentInCode", payload: "content-message.json")
        #expect(ratio.run.status == 0, "\(ratio.run)")
        #expect(size(ratio.presented) == [377, 188.5], "\(ratio.presented)")
        // preferredContentSize set in didReceive(_:) (120), then in the response (200); the view follows.
        let preferred = try await Self.fixture(
            "ContentPreferredSize", payload: "content-message.json",
            "--categories", repositoryPath("Fixtures/categories/content-message-categories.json"), "--action", "mark-read")
        #expect(preferred.run.status == 0, "\(preferred.run)")
        #expect(size(preferred.presented) == [377, 120], "\(preferred.presented)")
        #expect((preferred.interface["frame"] as? [String: Any])?["height"] as? NSNumber == 120)
        let label = Self.view("messageLabel", in: preferred.interface)?["frame"] as? [String: Any]
        let labelBottom = ((label?["y"] as? NSNumber)?.doubleValue ?? 0) + ((label?["height"] as? NSNumber)?.doubleValue ?? 0)
        #expect(labelBottom == 112, "\(String(describing: label))")
        let step = try #require(preferred.steps.first, "\(preferred.section)")
        #expect(size(step["after"] as? [String: Any]) == [377, 200], "\(step)")
    }
}
