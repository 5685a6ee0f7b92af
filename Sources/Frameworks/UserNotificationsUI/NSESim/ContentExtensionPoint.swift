import Foundation
import NSESimRuntime
@_spi(NSESim) import UIKit
@_spi(NSESim) import UserNotifications

/// The content extension point (`com.apple.usernotifications.content-extension`), driven by
/// nsesim's calls for one request, one at a time:
/// - `present`: the view controller is made (from the main storyboard with its outlets, or
///   the principal class), then `viewDidLoad`, `didReceive(_:)`, `viewWillAppear`, layout at
///   the size iOS gives, `viewDidAppear`; the answer is the interface (``InterfaceState``).
/// - `response`: `didReceive(_:completionHandler:)` with the tapped action; the answer, when
///   the extension calls the handler, is the option and the interface after.
/// - `mediaPlay` / `mediaPause`: the play/pause button tapped.
/// - `dismiss`: the interface closes (`viewWillDisappear`, `viewDidDisappear`).
/// UIKit work runs on the main thread, as on iOS.
final class ContentExtensionPoint: NSESimExtensionPoint, @unchecked Sendable {
    private let makePrincipal: () -> UIViewController
    private let lock = NSLock()
    private var sessions: [Int64: PresentedInterface] = [:]

    init(makePrincipal: @escaping () -> UIViewController) {
        self.makePrincipal = makePrincipal
    }

    func receive(sequence: Int64, identifier: String, content: JSONValue, events: any NSESimEventSink) {
        events.fail("a content extension is presented with the call present, not a request")
    }

    func timeWillExpire(sequence: Int64, events: any NSESimEventSink) {}

    func call(sequence: Int64, name: String, arguments: JSONValue, events: any NSESimEventSink) {
        if name == "present" {
            let made: Result<PresentedInterface, ContentExtensionFailure> = onMain {
                Result { () throws(ContentExtensionFailure) in
                    try PresentedInterface(makePrincipal: self.makePrincipal, arguments: arguments)
                }
            }
            let session: PresentedInterface
            switch made {
            case .success(let presented): session = presented
            case .failure(let failure): events.fail(failure.description)
            }
            lock.withLock { sessions[sequence] = session }
            events.send(.answer(sequence: sequence, name: name, value: onMain { session.present() }))
            return
        }
        guard let session = lock.withLock({ sessions[sequence] }) else {
            events.fail("\(name) for a notification that was not presented")
        }
        switch name {
        case "response":
            let identifier = arguments["actionIdentifier"]?.stringValue ?? UNNotificationDefaultActionIdentifier
            let text = arguments["userText"]?.stringValue
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    session.respond(actionIdentifier: identifier, userText: text) { answer in
                        events.send(.answer(sequence: sequence, name: name, value: answer))
                    }
                }
            }
        case "mediaPlay", "mediaPause":
            events.send(.answer(sequence: sequence, name: name, value: onMain { session.media(play: name == "mediaPlay") }))
        case "dismiss":
            events.send(.answer(sequence: sequence, name: name, value: onMain { session.dismiss() }))
        default:
            events.fail("unknown call \(name)")
        }
    }

    /// Runs `work` on the main thread, where UIKit runs, and returns its value.
    private func onMain<T: Sendable>(_ work: @MainActor () -> T) -> T {
        if Thread.isMainThread { return MainActor.assumeIsolated(work) }
        return withoutActuallyEscaping(work) { work in
            let box = MainThreadWork { MainActor.assumeIsolated(work) }
            return DispatchQueue.main.sync { box.run() }
        }
    }
}

/// Work handed to the main thread; the caller waits for it, so nothing runs concurrently.
struct MainThreadWork<T>: @unchecked Sendable {
    let run: () -> T

    init(_ run: @escaping () -> T) {
        self.run = run
    }
}

/// The content extension cannot be presented: what is wrong, for the report.
struct ContentExtensionFailure: Error, CustomStringConvertible {
    let description: String
}
