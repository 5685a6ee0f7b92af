import NSESimRuntime

extension CenterState {
    /// The state as stored: `{"version": 1, "categories": [...], "delivered": [...], "pending": [...],
    /// "badge": n|null, "clock": seconds|null, "position": {"latitude", "longitude"}|null}`.
    public var jsonValue: JSONValue {
        .object([
            "version": .integer(1),
            "categories": .array(categories.keys.sorted().compactMap { categories[$0] }),
            "delivered": .array(
                delivered.map { item in
                    var object: [String: JSONValue] = [
                        "identifier": .string(item.identifier), "content": item.content,
                        "date": .double(item.date),
                    ]
                    if item.trigger != .null { object["trigger"] = item.trigger }
                    return .object(object)
                }),
            "pending": .array(
                pending.map { item in
                    .object([
                        "identifier": .string(item.identifier), "content": item.content, "trigger": item.trigger,
                        "added": .double(item.added), "nextDate": item.nextDate.map(JSONValue.double) ?? .null,
                    ])
                }),
            "badge": badge.map(JSONValue.integer) ?? .null,
            "clock": clock.map(JSONValue.double) ?? .null,
            "position": position.map { .object(["latitude": .double($0.latitude), "longitude": .double($0.longitude)]) } ?? .null,
        ])
    }

    /// Reads the stored form; what does not fit is left out (a hand-edited file loses nothing else).
    public init(jsonValue: JSONValue) {
        self.init()
        _ = setCategories(jsonValue["categories"]?.arrayValue ?? [])
        for item in (jsonValue["delivered"]?.arrayValue ?? []).reversed() {
            guard let identifier = item["identifier"]?.stringValue, let content = item["content"] else { continue }
            deliver(
                Delivered(
                    identifier: identifier, content: content, date: item["date"]?.numberValue ?? 0,
                    trigger: item["trigger"] ?? .null))
        }
        for item in jsonValue["pending"]?.arrayValue ?? [] {
            guard let identifier = item["identifier"]?.stringValue, let content = item["content"] else { continue }
            let stored: Double?? = item["nextDate"].map { $0.numberValue }
            _ = addPending(
                Pending(
                    identifier: identifier, content: content, trigger: item["trigger"] ?? .null,
                    added: item["added"]?.numberValue ?? 0, nextDate: stored))
        }
        badge = jsonValue["badge"]?.integerValue
        clock = jsonValue["clock"]?.numberValue
        if let latitude = jsonValue["position"]?["latitude"]?.numberValue, let longitude = jsonValue["position"]?["longitude"]?.numberValue
        {
            position = CenterPosition(latitude: latitude, longitude: longitude)
        }
    }
}
