import Foundation
import NSESimRuntime
@_spi(NSESim) import UIKit
@_spi(NSESim) import UserNotifications

/// One notification's interface inside the extension process: its view controller, made as
/// iOS makes it, and the calls nsesim makes on it. Used on the main thread only.
@MainActor final class PresentedInterface {
    private let controller: UIViewController
    private let contentExtension: any UNNotificationContentExtension
    private let notification: UNNotification
    private let context: NSExtensionContext
    private let width: Double
    private let ratio: Double
    /// What was called on the view controller since the last answer.
    private var calls: [String] = []
    /// What the extension told its context since the last answer.
    private var contextCalls: [JSONValue] = []
    private var playing = false

    /// Makes the view controller for the `present` call's `arguments`: `identifier`, `content`
    /// (the delivered content's JSON), `date`, `width`, `ratio` and the category's `actions`.
    init(makePrincipal: () -> UIViewController, arguments: JSONValue) throws(ContentExtensionFailure) {
        let content: UNNotificationContent
        do {
            content = try UNNotificationContent.fromJSON(arguments["content"] ?? .object([:]))
        } catch {
            throw ContentExtensionFailure(description: "the delivered content is not valid: \(error)")
        }
        let request = UNNotificationRequest(
            identifier: arguments["identifier"]?.stringValue ?? UUID().uuidString,
            content: content, trigger: UNPushNotificationTrigger())
        notification = UNNotification(
            date: Date(timeIntervalSince1970: arguments["date"]?.numberValue ?? Date().timeIntervalSince1970),
            request: request)
        width = arguments["width"]?.numberValue ?? 377
        ratio = arguments["ratio"]?.numberValue ?? 1
        let storyboard = Self.mainStoryboard()
        controller = makePrincipal()
        calls.append(storyboard == nil ? "init()" : "init(coder:)")
        guard let conforming = controller as? any UNNotificationContentExtension else {
            throw ContentExtensionFailure(
                description: "\(type(of: controller)) does not adopt UNNotificationContentExtension: "
                    + "declare it as class \(type(of: controller)): UIViewController, UNNotificationContentExtension")
        }
        contentExtension = conforming
        context = NSExtensionContext()
        context.notificationActions = (arguments["actions"]?.arrayValue ?? []).compactMap(UNNotificationAction.fromJSON)
        controller._nsesimExtensionContext = context
        if let storyboard { try load(storyboard) }
        context._nsesimHandler = { [weak self] key, value in
            // Called on the thread that told the context; the report keeps them in order.
            nonisolated(unsafe) let value = value
            let change = MainThreadWork { MainActor.assumeIsolated { self?.contextChanged(key, value) } }
            if Thread.isMainThread { change.run() } else { DispatchQueue.main.async { change.run() } }
        }
    }

    // MARK: - nsesim's calls

    /// `viewDidLoad` (through `view` when built in code), `didReceive(_:)`, `viewWillAppear`,
    /// layout at iOS's size, `viewDidAppear`.
    func present() -> JSONValue {
        // loadView (the storyboard's view, outlets already connected, or the extension's own),
        // then viewDidLoad, as UIKit does on the first use of `view`.
        calls.append("loadView")
        calls.append("viewDidLoad")
        _ = controller.view
        calls.append("didReceive(_:)")
        contentExtension.didReceive(notification)
        calls.append("viewWillAppear(_:)")
        controller.viewWillAppear(false)
        layOut()
        calls.append("viewDidAppear(_:)")
        controller.viewDidAppear(false)
        return state()
    }

    /// `didReceive(_:completionHandler:)` with the action; `answer` gets the option chosen
    /// and the interface after, when the extension calls the handler.
    func respond(actionIdentifier: String, userText: String?, answer: @escaping @Sendable (JSONValue) -> Void) {
        let response: UNNotificationResponse =
            userText.map {
                UNTextInputNotificationResponse(notification: notification, actionIdentifier: actionIdentifier, userText: $0)
            } ?? UNNotificationResponse(notification: notification, actionIdentifier: actionIdentifier)
        calls.append("didReceive(_:completionHandler:)")
        _ = ResponseHandling.takeDefault()
        let answered = AnswerOnce()
        contentExtension.didReceive(response) { option in
            let work = MainThreadWork { [self] in
                guard answered.first() else { return }
                let usedDefault = ResponseHandling.takeDefault()
                layOut()
                guard case .object(var value) = state() else { return }
                value["option"] = .string(Self.name(of: option))
                value["implemented"] = .bool(!usedDefault)
                answer(.object(value))
            }
            if Thread.isMainThread { work.run() } else { DispatchQueue.main.async { work.run() } }
        }
    }

    /// The play/pause button tapped.
    func media(play: Bool) -> JSONValue {
        calls.append(play ? "mediaPlay()" : "mediaPause()")
        if play { contentExtension.mediaPlay() } else { contentExtension.mediaPause() }
        playing = play
        layOut()
        return state()
    }

    /// The interface closes.
    func dismiss() -> JSONValue {
        calls.append("viewWillDisappear(_:)")
        controller.viewWillDisappear(false)
        calls.append("viewDidDisappear(_:)")
        controller.viewDidDisappear(false)
        return state()
    }

    // MARK: - Views

    /// The size iOS gives: the platter's width, and the height from
    /// `UNNotificationExtensionInitialContentSizeRatio` until `preferredContentSize` says.
    private var size: CGSize {
        let preferred = controller.preferredContentSize
        let height = preferred.height > 0 ? Double(preferred.height) : width * ratio
        return CGSize(width: width, height: height)
    }

    private func layOut() {
        let view = controller.view!
        view.frame = CGRect(origin: .zero, size: size)
        calls.append("viewWillLayoutSubviews")
        controller.viewWillLayoutSubviews()
        view.layoutIfNeeded()
        calls.append("viewDidLayoutSubviews")
        controller.viewDidLayoutSubviews()
    }

    /// The interface as nsesim reports it, with what was called since the last answer.
    private func state() -> JSONValue {
        var object: [String: JSONValue] = [:]
        let outlets = OutletNames(of: controller)
        object["interface"] = outlets.annotate(controller.view._nsesimSnapshot(), view: controller.view)
        object["title"] = controller.title.map(JSONValue.string) ?? .null
        let preferred = controller.preferredContentSize
        object["preferredContentSize"] = .object(["width": .double(Double(preferred.width)), "height": .double(Double(preferred.height))])
        object["size"] = .object(["width": .double(Double(size.width)), "height": .double(Double(size.height))])
        let type = contentExtension.mediaPlayPauseButtonType
        if type != .none {
            let frame = contentExtension.mediaPlayPauseButtonFrame
            object["mediaButton"] = .object([
                "type": .string(type == .overlay ? "overlay" : "default"),
                "frame": .array([frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].map { .double(Double($0)) }),
                "tintColor": .string(Self.hex(contentExtension.mediaPlayPauseButtonTintColor)),
                "playing": .bool(playing),
            ])
        }
        object["notificationActions"] = .array(context.notificationActions.map(\.jsonValue))
        object["calls"] = .array(calls.map(JSONValue.string))
        object["contextCalls"] = .array(contextCalls)
        calls.removeAll()
        contextCalls.removeAll()
        return .object(object)
    }

    private func contextChanged(_ key: String, _ value: Any?) {
        switch key {
        case ContextKey.actions:
            let actions = (value as? [UNNotificationAction]) ?? []
            contextCalls.append(.object(["call": .string("notificationActions"), "actions": .array(actions.map(\.jsonValue))]))
        case ContextKey.playing:
            playing = value as? Bool ?? false
            contextCalls.append(.object(["call": .string(playing ? "mediaPlayingStarted()" : "mediaPlayingPaused()")]))
        case ContextKey.defaultAction:
            contextCalls.append(.object(["call": .string("performNotificationDefaultAction()")]))
        case ContextKey.dismiss:
            contextCalls.append(.object(["call": .string("dismissNotificationContentExtension()")]))
        default:
            break
        }
    }

    // MARK: - The storyboard

    /// `NSExtensionMainStoryboard` of the extension's Info.plist.
    private static func mainStoryboard() -> String? {
        let attributes = Bundle.main.infoDictionary?["NSExtension"] as? [String: Any]
        return (attributes?["NSExtensionMainStoryboard"] as? String).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The compiled storyboard's view tree as the view controller's view, and its outlets
    /// connected by name, as UIKit does when it loads a nib.
    private func load(_ name: String) throws(ContentExtensionFailure) {
        let file = Bundle.main.bundleURL.appendingPathComponent("\(name).storyboardc")
        guard let data = try? Data(contentsOf: file), let interface = try? JSONDecoder().decode(JSONValue.self, from: data),
            let root = interface["view"]
        else {
            throw ContentExtensionFailure(
                description: "\(name).storyboardc is missing from the extension's bundle: build it again with nsesim build")
        }
        let storyboard = interface["file"]?.stringValue ?? "\(name).storyboard"
        let module = String(reflecting: type(of: controller)).split(separator: ".").first.map(String.init) ?? ""
        let built = _NSESimInterfaceBuilder.build(root, bundle: Bundle.main, module: module)
        controller._nsesimStoryboardView = built.root
        for warning in built.warnings {
            NSESimReport.send(source: NSESimReportSource.contentExtensionWarning, .string("\(storyboard): \(warning)"))
        }
        if let title = interface["viewController"]?["title"]?.stringValue { controller.title = title }
        for outlet in interface["outlets"]?.arrayValue ?? [] {
            guard let property = outlet["property"]?.stringValue, let destination = outlet["destination"]?.stringValue else { continue }
            let line = outlet["line"]?.integerValue.map { ":\($0)" } ?? ""
            let object = built.objects[destination]
            let settable = controller as? any _NSESimKeyValueSettable
            if settable?._nsesimSetValue(object, forKey: property) == true { continue }
            let className = String(describing: type(of: controller))
            let exists = OutletNames.hasProperty(property, in: controller)
            throw ContentExtensionFailure(
                description: "\(storyboard)\(line): the outlet \(property) of \(className) "
                    + (exists
                        ? "cannot hold the \(object.map { String(describing: type(of: $0)) } ?? "object") the storyboard connects to it: "
                            + "give the property that type (e.g. @IBOutlet weak var \(property): \(object.map { String(describing: type(of: $0)) } ?? "UIView")!)"
                        : "is not a property of the class: [<\(className)> setValue:forUndefinedKey:]: this class is not key value "
                            + "coding-compliant for the key \(property). Add @IBOutlet weak var \(property) to \(className), or remove "
                            + "the outlet in Interface Builder's Connections inspector"))
        }
    }

    // MARK: - Values

    static func name(of option: UNNotificationContentExtensionResponseOption) -> String {
        switch option {
        case .doNotDismiss: "doNotDismiss"
        case .dismiss: "dismiss"
        case .dismissAndForwardAction: "dismissAndForwardAction"
        }
    }

    static func hex(_ color: UIColor) -> String {
        var red: CGFloat = 0
        var green: CGFloat = 0
        var blue: CGFloat = 0
        var alpha: CGFloat = 0
        _ = color.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
        let bytes = [red, green, blue, alpha].map { Int((max(0, min(1, Double($0))) * 255).rounded()) }
        return "#" + bytes.map { String(format: "%02X", $0) }.joined()
    }
}

/// The completion handler counts once, as on iOS; later calls are ignored.
private final class AnswerOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var answered = false

    /// True for the first call only.
    func first() -> Bool {
        lock.withLock {
            defer { answered = true }
            return !answered
        }
    }
}
