import NSESimRuntime

/// Where a value sits in a payload: the keys and indexes from the root (`aps.alert.title`,
/// `attachments[0].url`).
package struct PayloadPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// One step down: a dictionary's key or an array's index.
    package enum Step: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    package var steps: [Step]

    package init(_ steps: [Step]) {
        self.steps = steps
    }

    /// `aps.alert.title`, `attachments[0].url`; the root is `(the payload)`.
    package var description: String {
        guard !steps.isEmpty else { return "(the payload)" }
        var text = ""
        for step in steps {
            switch step {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// The path of a value inside this one.
    package func appending(_ step: Step) -> PayloadPath { PayloadPath(steps + [step]) }

    /// True for what APNs and iOS read (`aps` and below), false for the app's own keys.
    package var isInAPS: Bool { steps.first == .key("aps") }

    /// True when `self` is `other` or lies inside it.
    package func isWithin(_ other: PayloadPath) -> Bool { steps.starts(with: other.steps) }

    package static func < (lhs: PayloadPath, rhs: PayloadPath) -> Bool { lhs.description < rhs.description }
}

/// One change to a seed payload: a value removed or replaced at a path, with the words a
/// finding's line uses for it.
package struct PayloadMutation: Hashable, Sendable, CustomStringConvertible {
    /// What becomes of the value.
    package enum Change: Hashable, Sendable {
        case remove
        case set(JSONValue)
    }

    /// What sort of change it is: the shrinker shortens the long ones, the report counts them.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        case removed, null, otherType = "other-type", empty, long, unicode, number, numericString = "numeric-string"
        case nested, url, aps
    }

    package var path: PayloadPath
    package var change: Change
    package var kind: Kind
    /// Why it is interesting, as the line says it: `a number where the seed had "3"`.
    package var note: String

    package init(path: PayloadPath, change: Change, kind: Kind, note: String) {
        self.path = path
        self.change = change
        self.kind = kind
        self.note = note
    }

    /// `"unread": 3 (a number where the seed had "3")`, `"image-url" removed`.
    package var description: String {
        let name =
            path.steps.last.map { step in
                switch step {
                case .key(let key): "\"\(key)\""
                case .index(let index): "\(PayloadPath(Array(path.steps.dropLast())))[\(index)]"
                }
            } ?? "the payload"
        let full = path.steps.count > 1 ? " at \(path)" : ""
        switch change {
        case .remove:
            return "\(name) removed\(full)"
        case .set(let value):
            return "\(name): \(Self.short(value))\(full) (\(note))"
        }
    }

    /// A value as the line shows it: long strings cut, with their length.
    static func short(_ value: JSONValue) -> String {
        let text = value.serializedString()
        guard text.count > 48 else { return text }
        let count: Int
        switch value {
        case .string(let string): count = string.count
        case .array(let items): count = items.count
        default: count = text.count
        }
        let unit = if case .array = value { "items" } else { "characters" }
        return String(text.prefix(40)) + "…\(text.last.map(String.init) ?? "") (\(count.grouped) \(unit))"
    }
}

extension Int {
    /// `12,000`: a count as the lines print it.
    package var grouped: String {
        let digits = String(Swift.abs(self))
        var out = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return self < 0 ? "-" + out : out
    }
}

extension JSONValue {
    /// The value at `path`; nil when there is none.
    package func value(at path: PayloadPath) -> JSONValue? {
        var current = self
        for step in path.steps {
            switch (step, current) {
            case (.key(let key), .object(let object)):
                guard let next = object[key] else { return nil }
                current = next
            case (.index(let index), .array(let items)):
                guard items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// This value with `change` made at `path`; nil when the path does not lead anywhere
    /// (a parent removed by an earlier change) or names the root.
    package func applying(_ change: PayloadMutation.Change, at path: PayloadPath) -> JSONValue? {
        guard let first = path.steps.first else { return nil }
        let rest = PayloadPath(Array(path.steps.dropFirst()))
        switch (first, self) {
        case (.key(let key), .object(var object)):
            if rest.steps.isEmpty {
                switch change {
                case .remove: guard object.removeValue(forKey: key) != nil else { return nil }
                case .set(let value): object[key] = value
                }
                return .object(object)
            }
            guard let child = object[key]?.applying(change, at: rest) else { return nil }
            object[key] = child
            return .object(object)
        case (.index(let index), .array(var items)):
            guard items.indices.contains(index) else { return nil }
            if rest.steps.isEmpty {
                switch change {
                case .remove: items.remove(at: index)
                case .set(let value): items[index] = value
                }
                return .array(items)
            }
            guard let child = items[index].applying(change, at: rest) else { return nil }
            items[index] = child
            return .array(items)
        default:
            return nil
        }
    }

    /// This value with `mutations` made in order, and those that could be made (one whose
    /// path an earlier change removed is left out).
    package func applying(_ mutations: [PayloadMutation]) -> (value: JSONValue, applied: [PayloadMutation]) {
        var value = self
        var applied: [PayloadMutation] = []
        for mutation in mutations {
            guard let changed = value.applying(mutation.change, at: mutation.path) else { continue }
            value = changed
            applied.append(mutation)
        }
        return (value, applied)
    }

    /// Every path below the root, parents before children, keys in sorted order.
    package var paths: [PayloadPath] {
        var found: [PayloadPath] = []
        func walk(_ value: JSONValue, _ path: PayloadPath) {
            switch value {
            case .object(let object):
                for key in object.keys.sorted() {
                    let child = path.appending(.key(key))
                    found.append(child)
                    walk(object[key]!, child)
                }
            case .array(let items):
                for index in items.indices {
                    let child = path.appending(.index(index))
                    found.append(child)
                    walk(items[index], child)
                }
            default:
                break
            }
        }
        walk(self, PayloadPath([]))
        return found
    }
}
