/// A second member file of the synchronized folder.
enum Decoration {
    static func decorate(_ body: String) -> String { "synced: \(body)" }
}
