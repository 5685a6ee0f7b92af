import NSESimHost
import NSESimRuntime

extension NotificationShow {
    /// The responses the app's `UNUserNotificationCenterDelegate` gets
    /// (`userNotificationCenter(_:didReceive:withCompletionHandler:)`), in order: an action
    /// the extension answered with `.dismissAndForwardAction` (or did not handle), a dismissal
    /// when the category asks for `customDismissAction`, the default action the extension
    /// performed.
    package var appDelegateResponses: [JSONValue] {
        guard let result else { return [] }
        var responses: [JSONValue] = []
        func contextForwards(_ answer: JSONValue?) {
            let calls = (answer?["contextCalls"]?.arrayValue ?? []).compactMap { $0["call"]?.stringValue }
            if calls.contains("performNotificationDefaultAction()") {
                responses.append(
                    .object([
                        "actionIdentifier": .string("com.apple.UNNotificationDefaultActionIdentifier"),
                        "cause": .string("performNotificationDefaultAction()"),
                    ]))
            }
        }
        contextForwards(result.presented)
        for step in result.steps {
            switch step.step {
            case .action(let identifier), .textInput(let identifier, _):
                if step.option == "dismissAndForwardAction" {
                    var response: [String: JSONValue] = [
                        "actionIdentifier": .string(identifier),
                        "cause": .string(
                            step.answer["implemented"]?.boolValue == false
                                ? "didReceive(_:completionHandler:) not implemented" : ".dismissAndForwardAction"),
                    ]
                    if case .textInput(_, let text) = step.step { response["userText"] = .string(text) }
                    let action = step.actions.first { $0["identifier"]?.stringValue == identifier }
                    if let options = action?["options"]?.arrayValue, options.contains(.string("foreground")) {
                        response["opensApp"] = .bool(true)
                    }
                    responses.append(.object(response))
                }
            case .dismiss:
                if categoryOptions.contains("customDismissAction") {
                    responses.append(
                        .object([
                            "actionIdentifier": .string("com.apple.UNNotificationDismissActionIdentifier"),
                            "cause": .string("dismissed, and the category has customDismissAction"),
                        ]))
                }
            case .media:
                break
            }
            contextForwards(step.answer)
        }
        return responses
    }
}
