import Foundation
import NSESimPayload
import NSESimRuntime

/// A file the fixture server serves (`--serve DIR`): URL mutations point at it.
package struct ServedFile: Hashable, Sendable {
    package var name: String
    package var size: Int

    package init(name: String, size: Int) {
        self.name = name
        self.size = size
    }

    /// The name's extension, lowercased (`jpg`); empty without one.
    var pathExtension: String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}

/// Makes payloads from a seed (docs/fuzz.md#what-changes): one to three changes at distinct
/// places of what an extension reads — each key and nested value of `userInfo` (removed,
/// `null`, another JSON type, empty, very long, unusual Unicode, numbers out of range, a
/// string that is a number, JSON nested the other way round), what APNs and iOS allow in `aps`,
/// and URLs (the fixture server's files that 404, redirect, stall, drip, are cut short, are
/// of another type or very large; strings that are no URL). Pure: the same generator state
/// gives the same changes. A change that would take the payload over APNs's 4 KB is not made.
package struct PayloadMutator: Sendable {
    /// The seed payload, `{{server}}` not replaced.
    package let seed: JSONValue
    /// The files `{{server}}` serves.
    package let servedFiles: [ServedFile]
    /// Whether a fixture server runs (`{{server}}` URLs can be made).
    package let hasServer: Bool
    /// The payload size APNs accepts (4096 bytes for an alert push).
    package let limit: Int
    /// The places changes are made at: every path of the seed.
    package let places: [PayloadPath]

    package init(seed: JSONValue, servedFiles: [ServedFile] = [], hasServer: Bool = false, limit: Int = 4096) {
        self.seed = seed
        self.servedFiles = servedFiles.sorted { $0.name < $1.name }
        self.hasServer = hasServer
        self.limit = limit
        places = seed.paths
    }

    /// How many bytes the seed leaves under the limit (with room for `{{server}}`'s address,
    /// `http://127.0.0.1:65535` being 12 bytes longer than the placeholder, per use).
    package var room: Int {
        let text = seed.serializedString()
        let servers = text.components(separatedBy: ServerPlaceholder.text).count - 1
        return limit - text.utf8.count - 16 * (servers + 3)
    }

    /// One to three changes at distinct places, none inside another.
    package func mutations(using random: inout SplitMix64) -> [PayloadMutation] {
        guard !places.isEmpty else { return [] }
        let count = [1, 1, 1, 2, 2, 3].randomElement(using: &random)!
        var chosen: [PayloadMutation] = []
        for _ in 0..<(count * 3) where chosen.count < count {
            let place = places.randomElement(using: &random)!
            guard !chosen.contains(where: { place.isWithin($0.path) || $0.path.isWithin(place) }) else { continue }
            let menu = self.menu(at: place)
            guard let pick = menu.randomElement(using: &random), fits(chosen + [pick]) else { continue }
            chosen.append(pick)
        }
        return chosen
    }

    /// Whether the seed with `mutations` stays under APNs's limit once `{{server}}` is filled
    /// (`http://127.0.0.1:65535`, 12 bytes longer than the placeholder, per use).
    func fits(_ mutations: [PayloadMutation]) -> Bool {
        let text = seed.applying(mutations).value.serializedString()
        let servers = text.components(separatedBy: ServerPlaceholder.text).count - 1
        return text.utf8.count + 12 * servers <= limit
    }

    /// Every change this mutator can make at `path`.
    package func menu(at path: PayloadPath) -> [PayloadMutation] {
        guard let value = seed.value(at: path) else { return [] }
        var menu: [PayloadMutation] = []
        func add(_ kind: PayloadMutation.Kind, _ new: JSONValue, _ note: String) {
            menu.append(PayloadMutation(path: path, change: .set(new), kind: kind, note: note))
        }
        let was = "the seed had \(PayloadMutation.short(value))"
        if path != PayloadPath([.key("aps")]) {
            menu.append(PayloadMutation(path: path, change: .remove, kind: .removed, note: "the key is missing"))
        }
        if value != .null { add(.null, .null, "null where \(was)") }
        if path.isInAPS { menu += apsMenu(at: path, value: value) }
        switch value {
        case .string(let text):
            menu += stringMenu(at: path, text: text, was: was)
            if looksLikeURL(text) { menu += urlMenu(at: path, text: text) }
        case .integer, .double:
            add(.otherType, .string(value.serializedString()), "a string where \(was)")
            add(.number, .integer(0), "zero where \(was)")
            add(.number, .integer(-1), "a negative number where \(was)")
            add(.number, .integer(Int64.max), "the largest 64-bit number where \(was)")
            add(.number, .integer(Int64.min), "the smallest 64-bit number where \(was)")
            add(.number, .double(1e300), "a number out of any integer's range where \(was)")
            add(.number, .double(2.5), "a fraction where \(was)")
            add(.otherType, .bool(true), "a boolean where \(was)")
        case .bool(let flag):
            add(.otherType, .integer(flag ? 1 : 0), "a number where \(was)")
            add(.otherType, .string(flag ? "true" : "false"), "a string where \(was)")
        case .object(let object):
            add(.empty, .object([:]), "an empty dictionary where the seed had \(object.count) key(s)")
            add(.nested, .string(value.serializedString()), "the dictionary as a JSON string")
            add(.nested, .array([value]), "the dictionary inside an array")
            add(.otherType, .string("x"), "a string where the seed had a dictionary")
        case .array(let items):
            add(.empty, .array([]), "an empty array where the seed had \(items.count) item(s)")
            add(.nested, .string(value.serializedString()), "the array as a JSON string")
            if let first = items.first {
                add(.nested, first, "its first item where the seed had an array")
                let size = max(1, first.serializedString().utf8.count + 1)
                let count = min(2000, max(2, room / size))
                if count > items.count {
                    add(.long, .array(Array(repeating: first, count: count)), "\(count.grouped) items where the seed had \(items.count)")
                }
            }
            add(.otherType, .object([:]), "a dictionary where the seed had an array")
        case .null:
            add(.otherType, .string(""), "an empty string where the seed had null")
            add(.otherType, .integer(0), "a number where the seed had null")
            add(.otherType, .object([:]), "a dictionary where the seed had null")
        }
        return menu
    }

    /// Strings: empty, long, unusual Unicode, numbers written as text, `"null"`, JSON in a string.
    private func stringMenu(at path: PayloadPath, text: String, was: String) -> [PayloadMutation] {
        var menu: [PayloadMutation] = []
        func add(_ kind: PayloadMutation.Kind, _ new: String, _ note: String) {
            menu.append(PayloadMutation(path: path, change: .set(.string(new)), kind: kind, note: note))
        }
        if !text.isEmpty { add(.empty, "", "an empty string where \(was)") }
        let long = max(0, min(3800, room - 8))
        if long > text.utf8.count + 16 {
            let unit = text.isEmpty ? "x" : text
            // Cut at `long` bytes, at a scalar's end: the text may be any Unicode (a seed's, a kept
            // payload's emoji), whose UTF-8 a cut at a byte count can split.
            var bytes = 0
            let scalars = String(repeating: unit + " ", count: long / (unit.utf8.count + 1) + 1).unicodeScalars.prefix { scalar in
                bytes += scalar.utf8.count
                return bytes <= long
            }
            let repeated = String(String.UnicodeScalarView(scalars))
            add(.long, repeated, "\(repeated.count.grouped) characters where \(was)")
        }
        let emoji = "👨‍👩‍👧‍👦🏳️‍🌈"
        if room > 64 {
            add(.unicode, emoji + text + emoji, "emoji of several scalars around \(was)")
            add(.unicode, "\u{202E}" + (text.isEmpty ? "abc" : text) + "\u{202C}", "right-to-left override around \(was)")
            add(.unicode, String(repeating: "e\u{301}\u{302}\u{303}", count: min(300, max(1, room / 16))), "combining marks where \(was)")
            add(.unicode, "a\u{0}b", "a NUL character where \(was)")
            add(.unicode, " \n\t\u{00A0}", "only whitespace where \(was)")
            add(.unicode, "مرحبا بالعالم", "Arabic text where \(was)")
        }
        add(.numericString, "-1", "a negative number as text where \(was)")
        add(.numericString, "99999999999999999999", "a number too large for Int as text where \(was)")
        add(.numericString, "3.5", "a fraction as text where \(was)")
        add(.numericString, "NaN", "\"NaN\" where \(was)")
        add(.otherType, "null", "the text \"null\" where \(was)")
        if let number = Int64(text) {
            menu.append(PayloadMutation(path: path, change: .set(.integer(number)), kind: .otherType, note: "a number where \(was)"))
        } else {
            menu.append(PayloadMutation(path: path, change: .set(.integer(3)), kind: .otherType, note: "a number where \(was)"))
        }
        menu.append(PayloadMutation(path: path, change: .set(.bool(true)), kind: .otherType, note: "a boolean where \(was)"))
        if let nested = try? JSONValue.parse(Data(text.utf8)), nested.objectValue != nil || nested.arrayValue != nil {
            menu.append(PayloadMutation(path: path, change: .set(nested), kind: .nested, note: "the JSON text as JSON where \(was)"))
        } else {
            menu.append(
                PayloadMutation(
                    path: path, change: .set(.object(["value": .string(text)])), kind: .nested, note: "a dictionary where \(was)"))
            menu.append(PayloadMutation(path: path, change: .set(.array([.string(text)])), kind: .nested, note: "an array where \(was)"))
        }
        return menu
    }

    /// URLs: strings that are no URL, a port nothing listens on, and with a fixture server its
    /// files missing, failing, redirected, stalled, dripped, cut short, of another type, very large.
    private func urlMenu(at path: PayloadPath, text: String) -> [PayloadMutation] {
        var menu: [PayloadMutation] = []
        func add(_ new: String, _ note: String) {
            menu.append(PayloadMutation(path: path, change: .set(.string(new)), kind: .url, note: note))
        }
        add("not a url", "a string that is no URL")
        add("http://", "a URL without a host")
        add("http://[::1", "a URL that does not parse")
        add("file:///etc/hostname", "a file URL")
        add("http://127.0.0.1:9/image.jpg", "a URL where nothing answers (connection refused)")
        guard hasServer else { return menu }
        let name = text.split(separator: "/").last.map { String($0.split(separator: "?")[0]) } ?? "file"
        let ext = ServedFile(name: name, size: 0).pathExtension
        let file = servedFiles.first { $0.name == name }.map(\.name) ?? name
        let base = "\(ServerPlaceholder.text)/\(file)"
        add("\(ServerPlaceholder.text)/nsesim-fuzz-missing.\(ext.isEmpty ? "jpg" : ext)", "a file the server does not have (404)")
        add("\(base)?status=500", "the server answers 500")
        add("\(base)?redirects=3", "three redirects before the file")
        add("\(base)?redirects=30", "thirty redirects (too many)")
        add("\(base)?stall=1", "a server that never answers")
        add("\(base)?drip=2000", "the file at 2 KB/s")
        add("\(base)?reset-after=64", "the connection reset after 64 bytes")
        add("\(base)?length-delta=-32", "the body 32 bytes shorter than its Content-Length")
        if let other = servedFiles.first(where: { $0.pathExtension != ext && !$0.pathExtension.isEmpty && $0.size > 0 }) {
            add("\(ServerPlaceholder.text)/\(other.name)", "a file of another type (\(other.pathExtension) where the seed had \(ext))")
        }
        if let large = servedFiles.filter({ $0.size > 1_000_000 }).min(by: { $0.size < $1.size }) {
            add("\(ServerPlaceholder.text)/\(large.name)", "a large file (\(large.size.grouped) bytes)")
        }
        if let empty = servedFiles.first(where: { $0.size == 0 }) {
            add("\(ServerPlaceholder.text)/\(empty.name)", "an empty file")
        }
        return menu
    }

    /// What APNs and iOS allow in `aps`: no alert, an alert as a string or a dictionary, the
    /// `mutable-content` values iOS reads, huge `loc-args`, odd badges and sounds.
    private func apsMenu(at path: PayloadPath, value: JSONValue) -> [PayloadMutation] {
        var menu: [PayloadMutation] = []
        func add(_ new: JSONValue, _ note: String) {
            menu.append(PayloadMutation(path: path, change: .set(new), kind: .aps, note: note))
        }
        guard case .key(let key)? = path.steps.last else { return menu }
        switch (path.steps.count, key) {
        case (2, "alert"):
            if case .object(let alert) = value {
                let line = alert["body"]?.stringValue ?? alert["title"]?.stringValue ?? "Hello"
                add(.string(line), "the alert as a string")
                add(.object(["title": alert["title"] ?? .string("")]), "an alert with a title only")
                add(.object(["body": alert["body"] ?? .string("")]), "an alert with a body only")
            } else {
                add(.object(["title": value, "body": value]), "the alert as a dictionary")
            }
            let args = max(1, min(400, room / 12))
            add(
                .object(["loc-key": .string("MESSAGE_FORMAT"), "loc-args": .array(Array(repeating: .string("argument"), count: args))]),
                "an alert of loc-key and \(args) loc-args")
        case (2, "mutable-content"):
            add(.string("1"), "mutable-content as the string \"1\"")
            add(.bool(true), "mutable-content as true")
            add(.integer(2), "mutable-content 2")
        case (2, "badge"):
            add(.integer(-1), "a negative badge")
            add(.integer(100_000), "a badge of 100,000")
            add(.string("1"), "the badge as a string")
        case (2, "sound"):
            add(.object(["critical": .integer(1), "name": .string("default"), "volume": .double(2)]), "a critical sound of volume 2")
            add(.string("missing-sound.caf"), "a sound the app does not have")
        case (3, "loc-args"):
            let args = max(1, min(400, room / 12))
            add(.array(Array(repeating: .string("argument"), count: args)), "\(args) loc-args")
        default:
            break
        }
        return menu
    }
}

/// Whether `text` is a URL an extension would fetch: `http(s)://…` or the fixture server's.
package func looksLikeURL(_ text: String) -> Bool {
    text.hasPrefix(ServerPlaceholder.text) || text.hasPrefix("http://") || text.hasPrefix("https://")
}
