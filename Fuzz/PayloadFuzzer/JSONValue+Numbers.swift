import NSESimRuntime
@_spi(NSESim) import UserNotifications

extension JSONValue {
    /// Numbers as JSON text keeps them, for comparing values that went through text:
    /// whole numbers as integers (the encoder writes `1.0` as `1`), and beyond 2^53 as
    /// doubles (a double written as its shortest digits reads back as another integer:
    /// 273400077683044992.0 is written 2.73400077683045e+17 and read as 273400077683045000).
    var numbersNormalized: JSONValue {
        switch self {
        case .integer(let value) where value.magnitude > 1 << 53:
            .double(Double(value))
        case .double(let value) where value.rounded() == value && abs(value) <= 0x1p53:
            .integer(Int64(value))
        case .array(let items):
            .array(items.map(\.numbersNormalized))
        case .object(let members):
            .object(members.mapValues(\.numbersNormalized))
        default:
            self
        }
    }
}
