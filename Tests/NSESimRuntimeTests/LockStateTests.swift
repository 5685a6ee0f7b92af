import NSESimRuntime
import Testing

/// iOS's Data Protection rule for keychain items, as a pure function of the item's class and
/// the phone's lock state.
@Suite("Lock state and keychain accessibility")
struct LockStateTests {
    @Test(
        "WhenUnlocked classes: only unlocked; AfterFirstUnlock: not before the first unlock; Always: always",
        arguments: KeychainAccessibility.allCases)
    func availability(accessibility: KeychainAccessibility) {
        let expected: [LockState: Bool]
        switch accessibility {
        case .whenUnlocked, .whenUnlockedThisDeviceOnly, .whenPasscodeSetThisDeviceOnly:
            expected = [.unlocked: true, .locked: false, .beforeFirstUnlock: false]
        case .afterFirstUnlock, .afterFirstUnlockThisDeviceOnly:
            expected = [.unlocked: true, .locked: true, .beforeFirstUnlock: false]
        case .always, .alwaysThisDeviceOnly:
            expected = [.unlocked: true, .locked: true, .beforeFirstUnlock: true]
        }
        for state in LockState.allCases {
            #expect(accessibility.isAvailable(in: state) == expected[state], "\(accessibility) in \(state)")
        }
        #expect(accessibility.firstRefusedIn == LockState.allCases.dropFirst().first { expected[$0] == false })
    }

    @Test("Names: Apple's constant, the short form in any case, Security's value; iOS's default is WhenUnlocked")
    func names() {
        #expect(KeychainAccessibility(name: "kSecAttrAccessibleAfterFirstUnlock") == .afterFirstUnlock)
        #expect(KeychainAccessibility(name: "afterfirstunlock") == .afterFirstUnlock)
        #expect(KeychainAccessibility(name: "AlwaysThisDeviceOnly") == .alwaysThisDeviceOnly)
        #expect(KeychainAccessibility(name: "ck") == .afterFirstUnlock)
        #expect(KeychainAccessibility(name: "kSecAttrAccessibleSometimes") == nil)
        #expect(KeychainAccessibility(name: "") == nil)
        #expect(KeychainAccessibility.default == .whenUnlocked && KeychainAccessibility.attributeKey == "pdmn")
        #expect(KeychainAccessibility.accepted.contains("kSecAttrAccessibleWhenUnlocked, kSecAttrAccessibleAfterFirstUnlock"))
    }

    @Test("Lock states: their spellings, the environment variable, unlocked when unset or unknown")
    func states() {
        #expect(LockState.accepted == "unlocked, locked, before-first-unlock")
        #expect(LockState(rawValue: "before-first-unlock") == .beforeFirstUnlock)
        #expect(NSESimEnvironment.lockState.name == "NSESIM_LOCK_STATE")
    }
}
