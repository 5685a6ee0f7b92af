import ArgumentParser
import NSESimCommandLine

/// `nsesim-apns ARGUMENTS`: what followed `nsesim apns`, which nsesim already parsed with the
/// same definitions (so its help, man page and completions show them), parsed again here.
@main
enum NSESimAPNsMain {
    static func main() async {
        do {
            let command = try APNsCommand.parseAsRoot(Array(CommandLine.arguments.dropFirst()))
            switch command {
            case let serve as APNsServeCommand: try await serve.serve()
            case let unregister as APNsUnregisterCommand: try unregister.unregister()
            default: throw CleanExit.helpRequest(command)
            }
        } catch {
            APNsCommand.exit(withError: error)
        }
    }
}
