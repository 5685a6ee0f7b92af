import NSESimRuntime
import Testing

/// iOS's rule for items with an access control, read from an extension (no authentication
/// UI), as a pure function of the flags and the query's `kSecUseAuthenticationUI`.
@Suite("Keychain access control in an extension")
struct KeychainAccessControlTests {
    @Test("Flags needing the user: reading the secret is refused (Allow, Fail) or the item skipped (Skip)")
    func authentication() {
        for (bits, name) in [
            (UInt(1) << 0, "userPresence"), (1 << 1, "biometryAny"), (1 << 3, "biometryCurrentSet"),
            (1 << 4, "devicePasscode"), (1 << 31, "applicationPassword"),
        ] {
            let control = KeychainAccessControl(accessibility: .whenUnlockedThisDeviceOnly, flags: bits)
            #expect(control.names == [name])
            #expect(control.needsAuthentication)
            #expect(control.outcome(readsSecret: true, ui: .allow) == .refused)
            #expect(control.outcome(readsSecret: true, ui: .fail) == .refused)
            #expect(control.outcome(readsSecret: true, ui: .skip) == .skipped)
            // Attributes alone, and deletes, need no authentication.
            #expect(control.outcome(readsSecret: false, ui: .allow) == .allowed)
        }
    }

    @Test("privateKeyUsage alone, or no flags: allowed; .or with .and is refused at creation")
    func withoutUser() {
        #expect(KeychainAccessControl(accessibility: .afterFirstUnlock, flags: 1 << 30).outcome(readsSecret: true, ui: .allow) == .allowed)
        #expect(KeychainAccessControl(accessibility: .afterFirstUnlock, flags: 0).outcome(readsSecret: true, ui: .fail) == .allowed)
        #expect(KeychainAccessControl.refusal(of: (1 << 14) | (1 << 15) | 1) != nil)
        #expect(KeychainAccessControl.refusal(of: (1 << 14) | 1 | (1 << 1)) == nil)
        #expect(KeychainAccessControl.refusal(of: 1 << 7) != nil)
    }

    @Test("The stored form round-trips; a damaged one is nil")
    func encoding() {
        let control = KeychainAccessControl(accessibility: .whenPasscodeSetThisDeviceOnly, flags: (1 << 0) | (1 << 14))
        #expect(control.encoded == "akpu;16385")
        #expect(KeychainAccessControl(encoded: control.encoded) == control)
        #expect(KeychainAccessControl(encoded: "zz;1") == nil)
        #expect(KeychainAccessControl(encoded: "ak") == nil)
    }
}
