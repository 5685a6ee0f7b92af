/// Which delivered notifications a change of the center reads (``CenterStore/update(reading:_:)``):
/// a change that touches none of them, or only some, need not read a hundred thousand rows.
public enum CenterDeliveredRows: Sendable, Equatable {
    /// Every delivered notification (a change that may touch any: removing them all).
    case all
    /// None: the change gets an empty delivered list and must leave it so (categories,
    /// pending requests, the badge, the clock set without advancing).
    case none
    /// Only those with these identifiers (removing them).
    case identified([String])
    /// Only those that share an identifier with a pending request: all that time passing or
    /// the position moving can touch (``CenterState/advance(to:)``, ``CenterState/move(to:at:)``
    /// deliver pending requests, each replacing the delivered notification with its
    /// identifier), read through the identifier index, at most one per pending request.
    case firable
}
