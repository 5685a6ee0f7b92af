import Foundation
import NSESimKeychain
import NSESimRuntime

// The keychain's four calls, over the app's keychain that nsesim keeps (NSESIM_KEYCHAIN; in
// memory outside nsesim), with iOS's rules: the lock state decides which accessibility classes
// can be reached, an item with an access control that needs the user cannot be decrypted from an
// extension (no authentication UI), a query without `kSecAttrSynchronizable` sees only items that
// do not synchronize. Each call is reported to nsesim: operation, class, service, account, access
// group, the classes and access controls it met, and its status (never the secret).

/// Adds an item: `kSecClass`, its attributes and `kSecValueData`. errSecDuplicateItem when one
/// with the same class, service/server, account and synchronizability exists; errSecParam for
/// both `kSecAttrAccessible` and `kSecAttrAccessControl`, or a value Security does not know;
/// errSecMissingEntitlement for an access group the extension's entitlements do not grant.
@discardableResult
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    let query = KeychainQuery(attributes)
    guard let itemClass = query.itemClass else { return Keychain.report("add", query, errSecParam, reason: "no kSecClass") }
    if let problem = query.problem { return Keychain.report("add", query, errSecParam, reason: problem) }
    if let group = query.attributes[KeychainStore.accessGroupKey], !Keychain.accessGroups.allows(group) {
        return Keychain.report("add", query, errSecMissingEntitlement, reason: Keychain.accessGroups.refusal(group))
    }
    if query.accessibility != nil, query.accessControl != nil {
        return Keychain.report("add", query, errSecParam, reason: "kSecAttrAccessible and kSecAttrAccessControl cannot both be given")
    }
    let control = query.accessControl?.value
    let accessibility = control?.accessibility ?? query.accessibility ?? .default
    var stored = query.attributes
    stored[KeychainAccessibility.attributeKey] = accessibility.rawValue
    if let control { stored[KeychainAccessControl.attributeKey] = control.encoded }
    if query.synchronizable == .yes { stored[Keychain.synchronizableKey] = "1" } else { stored[Keychain.synchronizableKey] = nil }
    let now = String(Date().timeIntervalSinceReferenceDate)
    stored[Keychain.creationDateKey] = now
    stored[Keychain.modificationDateKey] = now
    stored[Keychain.persistentRefKey] = UUID().uuidString
    let item = KeychainStore.Item(itemClass: itemClass, attributes: stored, data: query.valueData)
    // iOS cannot encrypt an item with a class key the lock state has thrown away.
    guard accessibility.isAvailable(in: Keychain.lockState) else {
        return Keychain.report("add", query, errSecInteractionNotAllowed, classes: [accessibility], controls: [control])
    }
    let status: OSStatus
    do {
        status = try Keychain.store.add(item) ? errSecSuccess : errSecDuplicateItem
    } catch {
        status = errSecInteractionNotAllowed
    }
    if status == errSecSuccess, let result, query.returnsSomething {
        result.pointee = Keychain.answer(item, query)
    }
    return Keychain.report("add", query, status, classes: [accessibility], controls: [control])
}

/// Finds items: the first (`kSecMatchLimitOne`, the default), all (`kSecMatchLimitAll`) or at
/// most a number; `result` gets the data (`kSecReturnData`), the attributes
/// (`kSecReturnAttributes`), a persistent reference (`kSecReturnPersistentRef`), or a dictionary
/// of what was asked. Items needing authentication: left out with `kSecUseAuthenticationUISkip`,
/// else errSecInteractionNotAllowed (an extension shows no authentication UI).
@discardableResult
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    let query = KeychainQuery(query)
    guard let itemClass = query.itemClass else { return Keychain.report("copyMatching", query, errSecParam, reason: "no kSecClass") }
    if let problem = query.problem { return Keychain.report("copyMatching", query, errSecParam, reason: problem) }
    if let group = query.attributes[KeychainStore.accessGroupKey], !Keychain.accessGroups.allows(group) {
        return Keychain.report("copyMatching", query, errSecMissingEntitlement, reason: Keychain.accessGroups.refusal(group))
    }
    let found: [KeychainStore.Item]
    do {
        found = try Keychain.store.items(itemClass: itemClass, matching: query.exactAttributes, where: query.includes)
    } catch {
        return Keychain.report("copyMatching", query, errSecInteractionNotAllowed)
    }
    let classes = found.map(Keychain.accessibility(of:))
    let controls = found.map(Keychain.accessControl(of:))
    guard !found.isEmpty else { return Keychain.report("copyMatching", query, errSecItemNotFound) }
    // Items whose class key the lock state has thrown away cannot be decrypted.
    let readable = found.filter { Keychain.accessibility(of: $0).isAvailable(in: Keychain.lockState) }
    guard !readable.isEmpty else {
        return Keychain.report("copyMatching", query, errSecInteractionNotAllowed, classes: classes, controls: controls)
    }
    let wanted = query.limit.map { Array(readable.prefix($0)) } ?? readable
    var answered: [KeychainStore.Item] = []
    var skipped = 0
    for item in wanted {
        switch Keychain.accessControl(of: item)?.outcome(readsSecret: query.readsSecret, ui: query.authenticationUI) ?? .allowed {
        case .allowed: answered.append(item)
        case .skipped: skipped += 1
        case .refused:
            return Keychain.report(
                "copyMatching", query, errSecInteractionNotAllowed, classes: classes, controls: controls,
                reason: Keychain.authenticationReason(query))
        }
    }
    guard let first = answered.first else {
        return Keychain.report(
            "copyMatching", query, errSecItemNotFound, classes: classes, controls: controls, skipped: skipped,
            reason: "every item found needs the user to authenticate (left out: kSecUseAuthenticationUISkip)")
    }
    if let result, query.returnsSomething {
        result.pointee = query.limit == 1 ? Keychain.answer(first, query) : answered.map { Keychain.answer($0, query) } as AnyObject
    }
    return Keychain.report("copyMatching", query, errSecSuccess, classes: classes, controls: controls, skipped: skipped)
}

/// Changes the items matching `query`: their attributes, and the data with `kSecValueData`.
/// Changing an item that needs authentication is errSecInteractionNotAllowed from an extension.
@discardableResult
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
    let match = KeychainQuery(query)
    let change = KeychainQuery(attributesToUpdate)
    guard let itemClass = match.itemClass else { return Keychain.report("update", match, errSecParam, reason: "no kSecClass") }
    if change.itemClass != nil {
        return Keychain.report("update", match, errSecParam, reason: "attributesToUpdate must not contain kSecClass")
    }
    if let problem = match.problem ?? change.problem { return Keychain.report("update", match, errSecParam, reason: problem) }
    if let group = match.attributes[KeychainStore.accessGroupKey], !Keychain.accessGroups.allows(group) {
        return Keychain.report("update", match, errSecMissingEntitlement, reason: Keychain.accessGroups.refusal(group))
    }
    if let group = change.attributes[KeychainStore.accessGroupKey], !Keychain.accessGroups.allows(group) {
        return Keychain.report("update", match, errSecMissingEntitlement, reason: Keychain.accessGroups.refusal(group))
    }
    var newAttributes = change.attributes
    if let accessible = change.accessibility { newAttributes[KeychainAccessibility.attributeKey] = accessible.rawValue }
    if let control = change.accessControl?.value {
        newAttributes[KeychainAccessibility.attributeKey] = control.accessibility.rawValue
        newAttributes[KeychainAccessControl.attributeKey] = control.encoded
    }
    if let synchronizable = change.synchronizable { newAttributes[Keychain.synchronizableKey] = synchronizable == .yes ? "1" : "0" }
    newAttributes[Keychain.modificationDateKey] = String(Date().timeIntervalSinceReferenceDate)
    do {
        let found = try Keychain.store.items(itemClass: itemClass, matching: match.exactAttributes, where: match.includes)
        let controls = found.map(Keychain.accessControl(of:))
        let classes =
            found.map(Keychain.accessibility(of:))
            + [change.accessibility ?? change.accessControl?.value.accessibility].compactMap { $0 }
        guard classes.allSatisfy({ $0.isAvailable(in: Keychain.lockState) }) else {
            return Keychain.report("update", match, errSecInteractionNotAllowed, classes: classes, controls: controls)
        }
        // Changing a protected item needs the user, as reading its secret does.
        let outcomes = controls.map { $0?.outcome(readsSecret: true, ui: match.authenticationUI) ?? .allowed }
        if outcomes.contains(.refused) {
            return Keychain.report(
                "update", match, errSecInteractionNotAllowed, classes: classes, controls: controls,
                reason: Keychain.authenticationReason(match))
        }
        let changed = try Keychain.store.update(
            itemClass: itemClass, matching: match.exactAttributes,
            where: { match.includes($0) && Keychain.accessControl(of: $0)?.needsAuthentication != true },
            attributes: newAttributes, data: change.valueData)
        return Keychain.report(
            "update", match, changed > 0 ? errSecSuccess : errSecItemNotFound, classes: classes, controls: controls,
            skipped: outcomes.filter { $0 == .skipped }.count)
    } catch {
        return Keychain.report("update", match, errSecInteractionNotAllowed)
    }
}

/// Removes the items matching `query` (no authentication needed, as on iOS).
@discardableResult
public func SecItemDelete(_ query: CFDictionary) -> OSStatus {
    let match = KeychainQuery(query)
    guard let itemClass = match.itemClass else { return Keychain.report("delete", match, errSecParam, reason: "no kSecClass") }
    if let problem = match.problem { return Keychain.report("delete", match, errSecParam, reason: problem) }
    if let group = match.attributes[KeychainStore.accessGroupKey], !Keychain.accessGroups.allows(group) {
        return Keychain.report("delete", match, errSecMissingEntitlement, reason: Keychain.accessGroups.refusal(group))
    }
    do {
        let found = try Keychain.store.items(itemClass: itemClass, matching: match.exactAttributes, where: match.includes)
        let classes = found.map(Keychain.accessibility(of:))
        let controls = found.map(Keychain.accessControl(of:))
        guard classes.allSatisfy({ $0.isAvailable(in: Keychain.lockState) }) else {
            return Keychain.report("delete", match, errSecInteractionNotAllowed, classes: classes, controls: controls)
        }
        let removed = try Keychain.store.delete(itemClass: itemClass, matching: match.exactAttributes, where: match.includes)
        return Keychain.report(
            "delete", match, removed > 0 ? errSecSuccess : errSecItemNotFound, classes: classes, controls: controls)
    } catch {
        return Keychain.report("delete", match, errSecInteractionNotAllowed)
    }
}
