import ArgumentParser
import Foundation
import NSESimCore
import NSESimHost
import NSESimRuntime
import NSESimStore

/// What else a delivery needs beyond the extension and the app: the app bundle, the store's
/// quota, keychain items stored before, the strings file, and how the report shows unified
/// logging. Shared by `run` and `deliver`.
package struct DeliveryOptions: ParsableArguments {
    package init() {}

    @Option(
        help: ArgumentHelp(
            "The app bundle folder: attachments from there are copied into the store (container files are moved).",
            valueName: "DIR"))
    var bundle: String?

    @Option(help: ArgumentHelp("The most the app's delivered attachments may take together (default 100MB).", valueName: "SIZE"))
    var storeQuota: ByteCount?

    @Option(
        help: ArgumentHelp(
            "Keychain items the app stored before (JSON: {\"items\": [{\"service\", \"account\", \"data\"}]}), put into the app's keychain first.",
            valueName: "FILE.json"))
    var keychain: String?

    @Option(
        name: .customLong("app-group-file"),
        help: ArgumentHelp(
            "A file the app wrote into an app group, with its protection class (complete, completeUnlessOpen, "
                + "completeUntilFirstUserAuthentication (the default), none), put in first; repeatable.",
            valueName: "GROUP/PATH=FILE[:CLASS]"))
    var appGroupFiles: [String] = []

    @Option(help: "A Localizable.strings file for *-loc-key alert keys and localizedUserNotificationString.")
    var strings: String?

    @Option(
        help: ArgumentHelp(
            "The least severe unified-logging entries shown: debug, info, notice, error or fault.",
            valueName: "LEVEL"))
    var logLevel: String = "debug"

    @Flag(help: "Show private values in unified-logging entries (redacted as <private> by default, as in a release log on iOS).")
    var logPrivate = false

    package func validate() throws {
        guard LogRecords.levels.contains(logLevel) else {
            throw ValidationError("--log-level \(logLevel): expected one of \(LogRecords.levels.joined(separator: ", "))")
        }
        if let bundle, !FileManager.default.isDirectory(URL(fileURLWithPath: bundle)) {
            throw ValidationError("--bundle \(bundle): no such folder")
        }
    }

    /// Which unified-logging entries reports show.
    var logOptions: LogRecords.Options { LogRecords.Options(minimumLevel: logLevel, showPrivate: logPrivate) }

    /// The keychain seed file, read (exit 65 when it does not parse, 66 when it is missing).
    func keychainSeed() throws -> KeychainSeed? {
        guard let keychain else { return nil }
        do {
            return try KeychainSeed(contentsOf: URL(fileURLWithPath: keychain))
        } catch {
            throw failure(
                error.description,
                status: FileManager.default.fileExists(atPath: keychain) ? ExitStatus.badInput : ExitStatus.missingFile)
        }
    }

    /// The `--app-group-file` seeds, read (exit 64 for a malformed value or an unknown class,
    /// 66 when the file is missing).
    func appGroupFileSeeds() throws -> [AppGroupFileSeed] {
        var seeds: [AppGroupFileSeed] = []
        for argument in appGroupFiles {
            do {
                seeds.append(
                    try AppGroupFileSeed(argument: argument, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)))
            } catch {
                throw failure("--app-group-file \(error.description)", status: error.missing ? ExitStatus.missingFile : ExitStatus.usage)
            }
        }
        return seeds
    }
}
