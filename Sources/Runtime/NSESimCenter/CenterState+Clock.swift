import NSESimRuntime

extension CenterState {
    /// The most firings one `advance` makes (a 60 s repeat over a year would be 525,600).
    public static let maximumFiringsPerAdvance = 10_000

    /// Sets the virtual clock without firing anything (the first use, `schedule`).
    public mutating func setClock(_ date: Double) {
        clock = date
    }

    /// Moves the virtual clock on to `date`, firing every pending request whose trigger
    /// comes due on the way, in the order of their dates, into the delivered list: a
    /// repeating one is scheduled again from the moment it fired, the others leave the
    /// pending list. Local notifications do not run the service extension. Returns one
    /// `fired` change per firing, then `clockAdvanced`.
    public mutating func advance(to date: Double) -> [CenterChange] {
        let start = clock ?? date
        var changes: [CenterChange] = []
        while changes.count < Self.maximumFiringsPerAdvance,
            let index = pending.indices.filter({ (pending[$0].nextDate ?? .infinity) <= date })
                .min(by: { pending[$0].nextDate! < pending[$1].nextDate! })
        {
            let request = pending[index]
            let firedAt = max(request.nextDate!, start)
            clock = firedAt
            changes.append(fire(at: index, date: firedAt, reason: .string("time")))
        }
        let reached = changes.count < Self.maximumFiringsPerAdvance ? max(date, start) : (clock ?? date)
        clock = reached
        changes.append(
            CenterChange(
                .clockAdvanced,
                [
                    "from": .double(start), "to": .double(reached),
                    "fired": .integer(Int64(changes.count)),
                ]))
        return changes
    }

    /// Moves the simulated position, firing the location triggers whose region was entered
    /// (`notifyOnEntry`) or left (`notifyOnExit`). No position before counts as outside every
    /// region. Returns one `fired` change per firing, then `moved`.
    public mutating func move(to position: CenterPosition, at date: Double) -> [CenterChange] {
        let before = self.position
        self.position = position
        if clock == nil { clock = date }
        var changes: [CenterChange] = []
        var index = 0
        while index < pending.count {
            guard let trigger = try? CenterTrigger(jsonValue: pending[index].trigger),
                case .location(let region, _) = trigger
            else {
                index += 1
                continue
            }
            let wasInside = before.map { region.contains(latitude: $0.latitude, longitude: $0.longitude) } ?? false
            let isInside = region.contains(latitude: position.latitude, longitude: position.longitude)
            let event =
                !wasInside && isInside && region.notifyOnEntry
                ? "entry"
                : wasInside && !isInside && region.notifyOnExit ? "exit" : nil
            guard let event else {
                index += 1
                continue
            }
            let count = pending.count
            changes.append(fire(at: index, date: clock ?? date, reason: .string("\(event) \(region.identifier)")))
            if pending.count == count { index += 1 }
        }
        changes.append(
            CenterChange(
                .moved,
                [
                    "latitude": .double(position.latitude), "longitude": .double(position.longitude),
                    "fired": .integer(Int64(changes.count)),
                ]))
        return changes
    }

    /// Delivers the pending request at `index` as at `date`; keeps it, with its next date,
    /// when its trigger repeats.
    private mutating func fire(at index: Int, date: Double, reason: JSONValue) -> CenterChange {
        let request = pending[index]
        let trigger = try? CenterTrigger(jsonValue: request.trigger)
        let delivery = deliver(Delivered(identifier: request.identifier, content: request.content, date: date, trigger: request.trigger))
        if let trigger, trigger.repeats {
            pending[index].nextDate = trigger.nextDate(after: date)
        } else {
            pending.remove(at: index)
        }
        return CenterChange(
            .fired,
            [
                "identifier": .string(request.identifier), "date": .double(date), "reason": reason,
                "replaced": delivery.details["replaced"] ?? .bool(false),
                "repeats": .bool(trigger?.repeats ?? false),
            ])
    }
}
