import NSESimRuntime

extension CenterState {
    /// The state as stored: `{"version": 1, "categories": [...], "delivered": [...], "pending": [...], "badge": n|null}`.
    public var jsonValue: JSONValue {
        .object([
            "version": .integer(1),
            "categories": .array(categories.keys.sorted().compactMap { categories[$0] }),
            "delivered": .array(delivered.map { item in
                .object(["identifier": .string(item.identifier), "content": item.content, "date": .double(item.date)])
            }),
            "pending": .array(pending.map { item in
                .object(["identifier": .string(item.identifier), "content": item.content, "trigger": item.trigger,
                         "added": .double(item.added)])
            }),
            "badge": badge.map(JSONValue.integer) ?? .null,
        ])
    }

    /// Reads the stored form; what does not fit is left out (a hand-edited file loses nothing else).
    public init(jsonValue: JSONValue) {
        self.init()
        _ = setCategories(jsonValue["categories"]?.arrayValue ?? [])
        for item in (jsonValue["delivered"]?.arrayValue ?? []).reversed() {
            guard let identifier = item["identifier"]?.stringValue, let content = item["content"] else { continue }
            deliver(Delivered(identifier: identifier, content: content, date: item["date"]?.numberValue ?? 0))
        }
        for item in jsonValue["pending"]?.arrayValue ?? [] {
            guard let identifier = item["identifier"]?.stringValue, let content = item["content"] else { continue }
            _ = addPending(Pending(identifier: identifier, content: content, trigger: item["trigger"] ?? .null,
                                   added: item["added"]?.numberValue ?? 0))
        }
        badge = jsonValue["badge"]?.integerValue
    }
}
