import ArgumentParser
import FixtureServer
import Foundation
import NSESimBuild
import NSESimCenter
import NSESimCore
import NSESimHost
import NSESimRuntime
import NSESimStore

/// `nsesim show --extension CONTENT_EXT --payload FILE [--service-extension SERVICE_EXT]`:
/// the notification after a long press, drawn by its content extension.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract:
            "Show a delivered notification expanded, drawn by the content extension that matches its category, and play the user's taps.",
        discussion: """
            The service extension runs first when given. Then the content extension whose \
            UNNotificationExtensionCategory matches the delivered category is loaded from its main storyboard \
            (or its principal class), and gets viewDidLoad, didReceive(_:), viewWillAppear and a layout at the \
            size iOS gives. --action, --text-input, --media and --dismiss play in the order written: each action \
            calls didReceive(_:completionHandler:), whose option says whether the interface stays, closes, or \
            closes and forwards the action to the app's delegate. --render draws the result as iOS shows it.
            """
    )

    @OptionGroup var extensionOptions: ExtensionOptions

    @Option(help: ArgumentHelp("The payload (.json or .apns).", valueName: "FILE"))
    var payload: String

    @Option(
        help: ArgumentHelp(
            "A service extension (folder or library) that runs first; its delivered content is shown.",
            valueName: "DIR"))
    var serviceExtension: String?

    @Option(name: .customLong("action"), help: ArgumentHelp("Tap this action (repeatable, in order).", valueName: "ID"))
    var actions: [String] = []

    @Option(
        name: .customLong("text-input"),
        help: ArgumentHelp(
            "Send TEXT with the text-input action ID (repeatable, in order).",
            valueName: "ID=TEXT"))
    var textInputs: [String] = []

    @Option(
        name: .customLong("media"),
        help: ArgumentHelp(
            "Tap the media button: play or pause (repeatable, in order).",
            valueName: "play|pause"))
    var media: [String] = []

    @Flag(help: "Close the interface without an action (last).")
    var dismiss = false

    @Option(
        help: ArgumentHelp(
            "The app's categories (JSON: an array of {identifier, actions: [{identifier, title, options, textInputButtonTitle?}], options}), on top of those in its center.",
            valueName: "FILE.json"))
    var categories: String?

    @Option(
        help: ArgumentHelp(
            "Draw the expanded notification: a .png (headless Chromium) or a self-contained .html.",
            valueName: "FILE"))
    var render: String?

    @Option(help: "Seconds the content extension has to answer each call (default 10).")
    var timeout: Double = 10

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @OptionGroup var serving: ServeOptions
    @OptionGroup var push: PushOptions
    @OptionGroup var lifecycle: LifecycleOptions
    @OptionGroup var app: AppOptions

    func validate() throws {
        for input in textInputs where !input.contains("=") {
            throw ValidationError("--text-input \(input): expected ID=TEXT (the action's identifier, then what the user typed)")
        }
        for tap in media where tap != "play" && tap != "pause" {
            throw ValidationError("--media \(tap): expected play or pause")
        }
        if let render, !render.hasSuffix(".png"), !render.hasSuffix(".html") {
            throw ValidationError("--render \(render): give a .png or .html file")
        }
        if extensionOptions.projectOptions.project != nil, extensionOptions.projectOptions.target == nil {
            throw ValidationError("with --project, give the content extension's --target (nsesim targets --project … lists them)")
        }
    }

    /// The steps in the order written on the command line.
    var steps: [ContentExtensionStep] {
        var actions = self.actions[...]
        var inputs = textInputs[...]
        var taps = media[...]
        var steps: [ContentExtensionStep] = []
        for argument in CommandLine.arguments {
            switch argument {
            case "--action": if let next = actions.popFirst() { steps.append(.action(next)) }
            case "--text-input": if let next = inputs.popFirst() { steps.append(Self.textInput(next)) }
            case "--media": if let next = taps.popFirst() { steps.append(.media(play: next == "play")) }
            default: break
            }
        }
        // Written as --name=value, or not found in the arguments: in the options' order.
        steps += actions.map(ContentExtensionStep.action)
        steps += inputs.map(Self.textInput)
        steps += taps.map { .media(play: $0 == "play") }
        if dismiss { steps.append(.dismiss) }
        return steps
    }

    /// `ID=TEXT` as a text-input step (validated to hold "=").
    static func textInput(_ argument: String) -> ContentExtensionStep {
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        return .textInput(identifier: parts[0], text: parts.count > 1 ? parts[1] : "")
    }

    func run() async throws {
        let server = try await serving.startServer()
        defer { if let server { Task { await server.stop() } } }
        let parsed = try serving.parsePayload(payload, server: server?.baseURL, options: push.payloadOptions(strings: nil))
        let given = try readCategories()
        // The service extension's part is the pipeline's: the content extension is the one
        // drawn, and the app is the one it belongs to.
        let content = try NotificationPipeline.make(extension: extensionOptions, app: app, lifecycle: lifecycle)
        var serviceConfiguration = content.configuration
        serviceConfiguration.extensionInput = serviceExtension.map(ExtensionInput.path)
        let service = NotificationPipeline(serviceConfiguration, toolchain: content.toolchain)
        let bundleIdentifier = content.appIdentifier(for: [parsed])
        let show: NotificationShow
        do {
            let delivery = try await service.deliver(parsed, appIdentifier: bundleIdentifier)
            show = try await NotificationShow.show(
                delivery: delivery, serviceExtensionRan: delivery.extensionResult != nil,
                contentExtension: extensionOptions.input, builder: content.builder(appIdentifier: bundleIdentifier),
                environment: content.appData(bundleIdentifier).environment, center: content.appData(bundleIdentifier).center,
                categories: given, steps: steps, appName: AppData.appName(of: bundleIdentifier),
                timeout: .milliseconds(Int64(timeout * 1000)))
        } catch {
            throw error.exitCode
        }
        switch format {
        case .text: print(show.text)
        case .json: print(show.jsonValue.serializedString(pretty: true))
        }
        if let render { try draw(show, to: render) }
        if let errors = show.result?.errors, !errors.isEmpty {
            throw ExitCode(ExitStatus.expectationFailed)
        }
    }

    /// `--categories`: an array of categories, or `{"categories": [...]}`.
    private func readCategories() throws -> [JSONValue] {
        guard let categories else { return [] }
        guard let data = FileManager.default.contents(atPath: categories) else {
            throw failure("--categories \(categories): no such file", status: ExitStatus.missingFile)
        }
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: data),
            let list = value.arrayValue ?? value["categories"]?.arrayValue,
            list.allSatisfy({ $0["identifier"]?.stringValue != nil })
        else {
            throw failure(
                "\(categories): expected a JSON array of categories, each {\"identifier\", \"actions\": [{\"identifier\", "
                    + "\"title\", \"options\"}]} (or {\"categories\": [...]})", status: ExitStatus.badInput)
        }
        return list
    }
}
