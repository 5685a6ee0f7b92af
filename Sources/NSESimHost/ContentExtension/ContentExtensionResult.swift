import NSESimRuntime

/// One user step and the extension's answer.
package struct ContentExtensionStepResult: Sendable, Equatable {
    package var step: ContentExtensionStep
    /// The interface after it, with `option` and `implemented` for a response.
    package var answer: JSONValue
    /// The actions the interface showed when the step was taken.
    package var actions: [JSONValue]

    /// The response option the extension chose (`doNotDismiss`, `dismiss`,
    /// `dismissAndForwardAction`); nil for a media tap or a dismissal.
    package var option: String? { answer["option"]?.stringValue }
}

/// What showing a notification with a content extension gave: the interface after
/// `didReceive(_:)`, each step's answer, how the interface closed.
package struct ContentExtensionResult: Sendable, Equatable {
    /// The answer to `present`: the interface, title, size, media button, actions, calls.
    package var presented: JSONValue?
    package var steps: [ContentExtensionStepResult] = []
    /// What closed the interface: `.dismiss`, `.dismissAndForwardAction`, the user, the
    /// extension's context call; nil while it stays.
    package var closedBy: String?
    /// What frameworks reported (logs, images, ...).
    package var records: [ExtensionRecord] = []
    package var errors: [String] = []
    package var warnings: [String] = []
    package var startMemory: ProcessMemory?
    package var peakMemory: ProcessMemory?
    /// The extension's standard error.
    package var log: [String] = []
}
