/// Shared between the app and its extension (both targets compile it).
enum MessageFormatter {
    static func format(_ fields: [String: String]) -> String {
        fields.keys.sorted().map { "\($0)=\(fields[$0]!)" }.joined(separator: ";")
    }
}
