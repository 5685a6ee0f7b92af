/// A device token as APNs hands them out: hexadecimal digits, an even number of them, at
/// least 64 (32 bytes) and at most 200. The local APNs checks the tokens it is pushed to, and
/// `nsesim apns unregister` the one it is given, with this rule.
package enum DeviceToken {
    /// True when `token` has a device token's form.
    package static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count >= 64 && token.utf8.count <= 200 && token.utf8.count % 2 == 0 && token.allSatisfy(\.isHexDigit)
    }
}
