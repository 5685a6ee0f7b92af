/// Which delivered notifications a change of the center reads (``CenterStore/update(reading:_:)``):
/// a change that touches none of them, or only some, need not read a hundred thousand rows.
public enum CenterDeliveredRows: Sendable, Equatable {
    /// Every delivered notification (a change that may touch any: delivering, time passing).
    case all
    /// None: the change gets an empty delivered list and must leave it so (categories,
    /// pending requests, the badge, the clock).
    case none
    /// Only those with these identifiers (removing them).
    case identified([String])
}
