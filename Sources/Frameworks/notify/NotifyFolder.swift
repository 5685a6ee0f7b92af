import Foundation
import NSESimRuntime

/// Where Darwin notifications live on this machine: one folder per name under nsesim's data
/// folder (`NSESIM_DATA_DIR`, else the data folder holding the app's database `NSESIM_CENTER`,
/// else `$XDG_DATA_HOME/nsesim`, else `~/.local/share/nsesim`), in `notify/`. Darwin
/// notifications are machine-wide on iOS (any process may post or observe a name), so the
/// folder is not per app. Each name's folder holds `posts` (how many times it was posted: the
/// file every observer watches with inotify) and `state` (`notify_set_state`'s 64 bits). Pure.
struct NotifyFolder: Equatable {
    /// The `notify` folder.
    var root: URL

    /// The folder for `environment` (this process's by default).
    init(environment: [String: String]? = nil) {
        let data: URL
        if let explicit = NSESimEnvironment.dataDirectory.value(in: environment) {
            data = URL(fileURLWithPath: explicit)
        } else if let center = NSESimEnvironment.center.value(in: environment) {
            // DATA/apps/APP/app.sqlite
            data = URL(fileURLWithPath: center).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        } else {
            let variables = environment ?? ProcessInfo.processInfo.environment
            if let xdg = variables["XDG_DATA_HOME"], !xdg.isEmpty {
                data = URL(fileURLWithPath: xdg).appendingPathComponent("nsesim")
            } else {
                data = URL(fileURLWithPath: variables["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/share/nsesim")
            }
        }
        root = data.appendingPathComponent("notify")
    }

    /// The folder of `name`: the name itself when it is a plain reverse-DNS name (letters,
    /// digits, `.`, `-`, `_`, at most 200 characters), else `x-` and its bytes in hex (cut to
    /// stay a file name, with a hash of the whole).
    func folder(of name: String) -> URL {
        let plain =
            !name.isEmpty && name.count <= 200 && name != "." && name != ".."
            && name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII || "._-".unicodeScalars.contains($0) }
        if plain { return root.appendingPathComponent(name) }
        let digits = Array("0123456789abcdef")
        let hex = String(name.utf8.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return root.appendingPathComponent("x-" + String(hex.prefix(160)) + "-" + String(hash, radix: 16))
    }

    /// The file observers of `name` watch.
    func posts(of name: String) -> URL { folder(of: name).appendingPathComponent("posts") }

    /// The file that keeps `name`'s state.
    func state(of name: String) -> URL { folder(of: name).appendingPathComponent("state") }
}
