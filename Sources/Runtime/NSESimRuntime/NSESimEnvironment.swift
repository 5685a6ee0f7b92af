import Foundation

/// The environment variables nsesim reads or sets, one name each. Both sides of the process
/// boundary use these names: nsesim when it starts an extension process, the stand-in
/// frameworks inside it, and the tests.
public enum NSESimEnvironment: String, Sendable, CaseIterable {
    /// The extension's container; every process the extension starts inherits it, which is
    /// how nsesim finds them (`ExtensionProcessFamily`).
    case container = "NSESIM_CONTAINER"
    /// The bundle identifier of the app the extension belongs to.
    case bundleIdentifier = "NSESIM_BUNDLE_ID"
    /// The folder of the app's group containers:
    /// `containerURL(forSecurityApplicationGroupIdentifier:)`.
    case appGroups = "NSESIM_APP_GROUPS"
    /// The `--strings` file, for `localizedUserNotificationString(forKey:arguments:)`.
    case strings = "NSESIM_STRINGS"
    /// The app's database (`APP/app.sqlite`) that holds its notification center (`CenterStore`),
    /// shared by its extensions.
    case center = "NSESIM_CENTER"
    /// The app's database (`APP/app.sqlite`) that holds its keychain (`KeychainStore`).
    case keychain = "NSESIM_KEYCHAIN"
    /// A CA bundle that `NSESimDownloader` trusts besides the system's.
    case caFile = "NSESIM_CA_FILE"
    /// Where built extensions are cached (else `$XDG_CACHE_HOME/nsesim`, else `~/.cache/nsesim`).
    case cacheDirectory = "NSESIM_CACHE_DIR"
    /// Where per-app data lives (else `$XDG_DATA_HOME/nsesim`, else `~/.local/share/nsesim`).
    case dataDirectory = "NSESIM_DATA_DIR"
    /// nsesim's build products (the host, the framework libraries), else beside the executable.
    case productsDirectory = "NSESIM_PRODUCTS_DIR"
    /// The share of connections the simulated network drops, 0...100 (the network profile's
    /// `lossPercent`), set by `nsesim replay` and `nsesim bench` when they apply a profile;
    /// SystemConfiguration's reachability reports no network at 100.
    case networkLoss = "NSESIM_NETWORK_LOSS"
    /// The phone's lock state (``LockState``: `unlocked`, `locked`, `before-first-unlock`),
    /// which the keychain and file protection apply in the extension process.
    case lockState = "NSESIM_LOCK_STATE"
    /// The file into which the extension process's file-protection interposer writes a line per
    /// refused access (and, unlocked, per access a locked phone would refuse).
    case fileProtectionLog = "NSESIM_FILE_PROTECTION_LOG"
    /// `0`: every extension process is spawned from scratch instead of forked from the
    /// extension zygote (docs/ARCHITECTURE.md, "The extension zygote").
    case zygote = "NSESIM_ZYGOTE"
    /// The program that takes a hung extension's stacks at the deadline and at the kill: a
    /// path, or a name looked up on `PATH` (default `eu-stack`, from elfutils); `none` takes none.
    case stackTool = "NSESIM_STACK_TOOL"
    /// The folder of the sanitizer runtimes `--sanitize` preloads (default: the toolchain's
    /// `lib/clang/VERSION/lib/linux`, beside its `swiftc`).
    case sanitizerRuntimes = "NSESIM_SANITIZER_RUNTIMES"

    /// The variable's name.
    public var name: String { rawValue }

    /// The value in `environment` (this process's by default); nil when unset or empty.
    public func value(in environment: [String: String]? = nil) -> String? {
        // This process's: getenv, which reads the environment as it is now (a forked extension
        // process has its own, set after the fork) without copying all of it into a dictionary.
        let value = environment.map { $0[rawValue] } ?? getenv(rawValue).map { String(cString: $0) }
        return value?.isEmpty == false ? value : nil
    }
}
