import NSESimRuntime

extension NSString {
    /// The localized string for `key` from the strings table, with `arguments`
    /// substituted for `%@` and `%n$@`.
    ///
    /// On iOS the table is the app's `Localizable.strings`. nsesim looks in the file named
    /// by the `NSESIM_STRINGS` environment variable (set from `--strings`), then in the
    /// main bundle, and returns the key itself when neither has it.
    public class func localizedUserNotificationString(forKey key: String, arguments: [Any]?) -> String {
        let format = LocalizedStringTable.shared.translation(of: key)
        let strings = (arguments ?? []).map { argument in
            (argument as? String) ?? "\(argument)"
        }
        return LocalizedFormat.substitute(format, arguments: strings)
    }
}

/// The strings table of this process, read once.
enum LocalizedStringTable {
    static let shared: StringsLookup = {
        if let path = NSESimEnvironment.strings.value(),
            let file = try? StringsFile(contentsOf: URL(fileURLWithPath: path))
        {
            return StringsLookup(file: file)
        }
        return StringsLookup(file: nil)
    }()
}

struct StringsLookup: Sendable {
    let file: StringsFile?

    func translation(of key: String) -> String {
        if let value = file?.entries[key] { return value }
        return Bundle.main.localizedString(forKey: key, value: key, table: nil)
    }
}
