import NSESimRuntime

/// The decisions of showing a notification with a content extension (docs/behaviour.md#content-extensions), as a
/// pure state machine: the process says it is ready, nsesim presents the notification, then
/// plays the user's steps one at a time, each after the previous answer; an action the
/// interface does not show is refused, a closed interface takes no more steps; a failure, a
/// crash or a missing answer ends it. ``ContentExtensionSession`` does the I/O.
package struct ContentExtensionStateMachine: Sendable {
    /// What the machine asks the I/O layer to do.
    package enum Action: Equatable, Sendable {
        /// Write this command to the extension.
        case send(HostCommand)
        /// Fire ``Input/timedOut`` after this long, unless an answer comes first.
        case armTimer(Duration)
        /// Done: kill the process and return the result.
        case stop
    }

    /// What the I/O layer tells the machine.
    package enum Input: Equatable, Sendable {
        case event(HostEvent)
        /// The extension's output ended (it exited or crashed).
        case outputClosed
        /// The armed timer fired.
        case timedOut
    }

    private enum State: Equatable, Sendable {
        case starting
        /// Waiting for the answer to this call (`present`, `response`, `mediaPlay`, `dismiss`).
        case waiting(call: String)
        case done
    }

    /// The `present` call's arguments: identifier, content, date, width, ratio, actions.
    private let presentArguments: JSONValue
    private var steps: [ContentExtensionStep]
    private let timeout: Duration
    private var state = State.starting
    /// The step being answered.
    private var current: ContentExtensionStep?
    /// The actions the interface shows now (the category's, or the extension's
    /// `notificationActions`), by identifier, with their JSON.
    private var shownActions: [JSONValue]

    /// What happened, for the report.
    package private(set) var result = ContentExtensionResult()

    /// A machine that presents with `presentArguments` (whose `actions` are the category's)
    /// and then plays `steps`; each call gets `timeout` to be answered.
    package init(presentArguments: JSONValue, steps: [ContentExtensionStep], timeout: Duration = .seconds(10)) {
        self.presentArguments = presentArguments
        self.steps = steps
        self.timeout = timeout
        shownActions = presentArguments["actions"]?.arrayValue ?? []
    }

    /// The first actions: wait for the process to be ready.
    package func start() -> [Action] { [.armTimer(timeout)] }

    /// Feeds one input; returns what to do.
    package mutating func handle(_ input: Input) -> [Action] {
        guard state != .done else { return [] }
        switch input {
        case .event(let event): return handle(event)
        case .outputClosed:
            let during = if case .waiting(let call) = state { " during \(Self.describe(call, current))" } else { " before it was ready" }
            return fail("the content extension's process ended\(during) (a crash: its output is in the log)")
        case .timedOut:
            let what = if case .waiting(let call) = state { Self.describe(call, current) } else { "starting" }
            let silent =
                state == .waiting(call: "response")
                ? "the extension did not call the completion handler of didReceive(_:completionHandler:)" : "the extension did not answer"
            return fail("\(silent) within \(timeout) (\(what)); iOS would close the interface")
        }
    }

    private mutating func handle(_ event: HostEvent) -> [Action] {
        switch event {
        case .ready(_, let memory):
            result.startMemory = memory
            state = .waiting(call: "present")
            return [.send(.call(sequence: 1, name: "present", arguments: presentArguments)), .armTimer(timeout)]
        case .failed(let message):
            return fail(message)
        case .record(let source, let record):
            result.records.append(ExtensionRecord(source: source, record: record, tMs: 0))
            return []
        case .answer(_, let name, let value):
            guard case .waiting(let call) = state, call == name else {
                return fail("the extension answered \(name), which nsesim did not ask for")
            }
            return answered(name, value)
        case .finished(let memory):
            result.peakMemory = memory
            return []
        case .didReceive, .contentHandler, .timeWillExpire:
            return fail("the extension sent a service extension's event to a content extension's session")
        }
    }

    private mutating func answered(_ name: String, _ value: JSONValue) -> [Action] {
        if let actions = value["notificationActions"]?.arrayValue { shownActions = actions }
        let closedBy = (value["contextCalls"]?.arrayValue ?? []).compactMap { $0["call"]?.stringValue }
            .first { $0 == "dismissNotificationContentExtension()" || $0 == "performNotificationDefaultAction()" }
        if name == "present" {
            result.presented = value
        } else if let step = current {
            result.steps.append(ContentExtensionStepResult(step: step, answer: value, actions: shownActionsBefore))
        }
        current = nil
        if let option = value["option"]?.stringValue, option != "doNotDismiss" {
            return closed(by: ".\(option)")
        }
        if let closedBy { return closed(by: closedBy) }
        if name == "dismiss" { return closed(by: nil) }
        return next()
    }

    /// The actions shown when the current step was taken.
    private var shownActionsBefore: [JSONValue] = []

    private mutating func next() -> [Action] {
        guard !steps.isEmpty else {
            state = .done
            return [.stop]
        }
        let step = steps.removeFirst()
        current = step
        shownActionsBefore = shownActions
        let identifier: String
        var arguments: [String: JSONValue] = [:]
        switch step {
        case .dismiss:
            state = .waiting(call: "dismiss")
            return [.send(.call(sequence: 1, name: "dismiss", arguments: .object([:]))), .armTimer(timeout)]
        case .media(let play):
            state = .waiting(call: play ? "mediaPlay" : "mediaPause")
            return [.send(.call(sequence: 1, name: play ? "mediaPlay" : "mediaPause", arguments: .object([:]))), .armTimer(timeout)]
        case .action(let id):
            identifier = id
        case .textInput(let id, let text):
            identifier = id
            arguments["userText"] = .string(text)
        }
        guard let action = shownActions.first(where: { $0["identifier"]?.stringValue == identifier }) else {
            let shown = shownActions.compactMap { $0["identifier"]?.stringValue }
            return fail(
                "the \(step.name) is not among the actions the interface shows ("
                    + (shown.isEmpty ? "none: the notification's category registers no actions" : shown.joined(separator: ", "))
                    + "): tap one of those, or register the action in the category (--categories FILE, or the app's "
                    + "setNotificationCategories)")
        }
        if case .textInput = step, action["textInputButtonTitle"] == nil {
            return fail("the \(step.name) is not a text-input action (UNTextInputNotificationAction): use --action \(identifier)")
        }
        if case .action = step, action["textInputButtonTitle"] != nil {
            return fail(
                "the action \(identifier) is a text-input action (UNTextInputNotificationAction), so a tap alone sends "
                    + "nothing: give what the user typed with --text-input \(identifier)=TEXT instead of --action \(identifier)")
        }
        arguments["actionIdentifier"] = .string(identifier)
        state = .waiting(call: "response")
        return [.send(.call(sequence: 1, name: "response", arguments: .object(arguments))), .armTimer(timeout)]
    }

    private mutating func closed(by cause: String?) -> [Action] {
        result.closedBy = cause ?? "the user (dismiss)"
        if !steps.isEmpty {
            result.warnings.append(
                "the interface was closed by \(result.closedBy!): "
                    + "\(steps.map(\.name).joined(separator: ", ")) not played")
            steps.removeAll()
        }
        state = .done
        return [.stop]
    }

    private mutating func fail(_ message: String) -> [Action] {
        result.errors.append(message)
        state = .done
        return [.stop]
    }

    private static func describe(_ call: String, _ step: ContentExtensionStep?) -> String {
        switch call {
        case "present": "presenting the notification: viewDidLoad, didReceive(_:)"
        case "response": "the \(step?.name ?? "action")"
        default: call
        }
    }
}
