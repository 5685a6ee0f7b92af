import NSESimRuntime
import NSESimTestSupport
import Testing

@testable import NSESimHost

@Suite("Content extension state machine")
struct ContentExtensionStateMachineTests {
    let actions: [JSONValue] = [
        .object(["identifier": .string("like"), "title": .string("Like"), "options": .array([])]),
        .object(["identifier": .string("reply"), "title": .string("Reply"), "options": .array([]), "textInputButtonTitle": .string("Send")]
        ),
    ]

    func machine(_ steps: [ContentExtensionStep]) -> ContentExtensionStateMachine {
        ContentExtensionStateMachine(presentArguments: .object(["actions": .array(actions)]), steps: steps, timeout: .seconds(1))
    }

    func answer(_ name: String, _ fields: [String: JSONValue] = [:]) -> ContentExtensionStateMachine.Input {
        .event(.answer(sequence: 1, name: name, value: .object(fields)))
    }

    func sentCall(_ actions: [ContentExtensionStateMachine.Action]) -> String? {
        for case .send(.call(_, let name, _)) in actions { return name }
        return nil
    }

    @Test("ready → present; each step after the previous answer; doNotDismiss keeps the interface")
    func order() {
        var machine = machine([.action("like"), .textInput(identifier: "reply", text: "hi")])
        #expect(machine.start() == [.armTimer(.seconds(1))])
        #expect(sentCall(machine.handle(.event(.ready(pid: 1, memory: ProcessMemory())))) == "present")
        let afterPresent = machine.handle(answer("present", ["interface": .object([:])]))
        guard case .send(.call(_, "response", let arguments)) = afterPresent.first else {
            Issue.record("expected a response call, got \(afterPresent)")
            return
        }
        #expect(arguments["actionIdentifier"] == .string("like"))
        let afterLike = machine.handle(answer("response", ["option": .string("doNotDismiss")]))
        guard case .send(.call(_, "response", let reply)) = afterLike.first else {
            Issue.record("expected the reply, got \(afterLike)")
            return
        }
        #expect(reply["userText"] == .string("hi"))
        #expect(machine.handle(answer("response", ["option": .string("dismissAndForwardAction")])) == [.stop])
        #expect(machine.result.steps.map(\.option) == ["doNotDismiss", "dismissAndForwardAction"])
        #expect(machine.result.closedBy == ".dismissAndForwardAction")
        #expect(machine.result.errors.isEmpty)
    }

    @Test("an action the interface does not show is refused with the actions it shows")
    func unknownAction() {
        var machine = machine([.action("share")])
        _ = machine.handle(.event(.ready(pid: 1, memory: ProcessMemory())))
        #expect(machine.handle(answer("present")) == [.stop])
        #expect(
            machine.result.errors.first?.contains("the action share is not among the actions the interface shows (like, reply)") == true)
    }

    @Test("a text-input action needs --text-input, and a plain action cannot take text")
    func textInputKinds() {
        var plain = machine([.action("reply")])
        _ = plain.handle(.event(.ready(pid: 1, memory: ProcessMemory())))
        _ = plain.handle(answer("present"))
        #expect(plain.result.errors.first?.contains("--text-input reply=TEXT") == true)
        var text = machine([.textInput(identifier: "like", text: "x")])
        _ = text.handle(.event(.ready(pid: 1, memory: ProcessMemory())))
        _ = text.handle(answer("present"))
        #expect(text.result.errors.first?.contains("is not a text-input action") == true)
    }

    @Test("actions the extension sets replace the category's")
    func extensionActions() {
        var machine = machine([.action("unlike")])
        _ = machine.handle(.event(.ready(pid: 1, memory: ProcessMemory())))
        let actions = machine.handle(answer("present", ["notificationActions": .array([.object(["identifier": .string("unlike")])])]))
        #expect(sentCall(actions) == "response")
    }

    @Test(".dismiss closes the interface: later steps are not played, with a warning")
    func dismissed() {
        var machine = machine([.action("like"), .action("like")])
        _ = machine.handle(.event(.ready(pid: 1, memory: ProcessMemory())))
        _ = machine.handle(answer("present"))
        #expect(machine.handle(answer("response", ["option": .string("dismiss")])) == [.stop])
        #expect(machine.result.warnings == ["the interface was closed by .dismiss: action like not played"])
    }

    @Test("a crash, a failure and a missing answer end it with a message")
    func failures() {
        var crashed = machine([])
        _ = crashed.handle(.event(.ready(pid: 1, memory: ProcessMemory())))
        #expect(crashed.handle(.outputClosed) == [.stop])
        #expect(crashed.result.errors.first?.contains("ended during presenting the notification") == true)
        var failed = machine([])
        #expect(failed.handle(.event(.failed(message: "MainInterface.storyboard:30: the outlet x"))) == [.stop])
        #expect(failed.result.errors == ["MainInterface.storyboard:30: the outlet x"])
        var silent = machine([.action("like")])
        _ = silent.handle(.event(.ready(pid: 1, memory: ProcessMemory())))
        _ = silent.handle(answer("present"))
        #expect(silent.handle(.timedOut) == [.stop])
        #expect(silent.result.errors.first?.contains("did not call the completion handler of didReceive(_:completionHandler:)") == true)
        #expect(silent.handle(answer("response")) == [])
    }
}
