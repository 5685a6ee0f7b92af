import Foundation
@_exported import NSESimCFTypes

// Apple's keychain keys and values (SecItem.h): the same strings Security uses. They are immutable
// NSString literals, which Linux's Foundation does not mark Sendable: hence nonisolated(unsafe).

// MARK: Item classes (`kSecClass`'s values).

/// The item's class: a key of every query.
nonisolated(unsafe) public let kSecClass: CFString = "class"
/// A generic password.
nonisolated(unsafe) public let kSecClassGenericPassword: CFString = "genp"
/// An internet password (server, protocol, port, path).
nonisolated(unsafe) public let kSecClassInternetPassword: CFString = "inet"
/// A cryptographic key.
nonisolated(unsafe) public let kSecClassKey: CFString = "keys"
/// A certificate.
nonisolated(unsafe) public let kSecClassCertificate: CFString = "cert"
/// An identity (a certificate and its private key).
nonisolated(unsafe) public let kSecClassIdentity: CFString = "idnt"

// MARK: Attributes (`kSecAttr…`).

/// When the item can be read: one of the `kSecAttrAccessible…` values.
nonisolated(unsafe) public let kSecAttrAccessible: CFString = "pdmn"
/// A `SecAccessControl`: the accessibility and the authentication an item needs.
nonisolated(unsafe) public let kSecAttrAccessControl: CFString = "accc"
/// The keychain access group the item belongs to.
nonisolated(unsafe) public let kSecAttrAccessGroup: CFString = "agrp"
/// Whether the item synchronizes through iCloud (true, false, or `kSecAttrSynchronizableAny` in a query).
nonisolated(unsafe) public let kSecAttrSynchronizable: CFString = "sync"
/// When the item was added (a `Date`, set by the keychain).
nonisolated(unsafe) public let kSecAttrCreationDate: CFString = "cdat"
/// When the item last changed (a `Date`, set by the keychain).
nonisolated(unsafe) public let kSecAttrModificationDate: CFString = "mdat"
/// A user-visible description of the item's kind.
nonisolated(unsafe) public let kSecAttrDescription: CFString = "desc"
/// A user-editable comment.
nonisolated(unsafe) public let kSecAttrComment: CFString = "icmt"
/// The item's creator (a four-character code as a number).
nonisolated(unsafe) public let kSecAttrCreator: CFString = "crtr"
/// The item's type (a four-character code as a number).
nonisolated(unsafe) public let kSecAttrType: CFString = "type"
/// A user-visible label.
nonisolated(unsafe) public let kSecAttrLabel: CFString = "labl"
/// Whether the item is hidden from the user.
nonisolated(unsafe) public let kSecAttrIsInvisible: CFString = "invi"
/// Whether the item is a placeholder for a password the user declined to store.
nonisolated(unsafe) public let kSecAttrIsNegative: CFString = "nega"
/// The account name.
nonisolated(unsafe) public let kSecAttrAccount: CFString = "acct"
/// The service a generic password belongs to.
nonisolated(unsafe) public let kSecAttrService: CFString = "svce"
/// Data the app attaches to a generic password.
nonisolated(unsafe) public let kSecAttrGeneric: CFString = "gena"
/// The synchronization view hint.
nonisolated(unsafe) public let kSecAttrSyncViewHint: CFString = "vwht"
/// An internet password's security domain.
nonisolated(unsafe) public let kSecAttrSecurityDomain: CFString = "sdmn"
/// An internet password's server (a domain name or IP address).
nonisolated(unsafe) public let kSecAttrServer: CFString = "srvr"
/// An internet password's protocol: one of the `kSecAttrProtocol…` values.
nonisolated(unsafe) public let kSecAttrProtocol: CFString = "ptcl"
/// An internet password's authentication scheme: one of the `kSecAttrAuthenticationType…` values.
nonisolated(unsafe) public let kSecAttrAuthenticationType: CFString = "atyp"
/// An internet password's port (a number).
nonisolated(unsafe) public let kSecAttrPort: CFString = "port"
/// An internet password's path.
nonisolated(unsafe) public let kSecAttrPath: CFString = "path"
/// A certificate's X.500 subject (DER).
nonisolated(unsafe) public let kSecAttrSubject: CFString = "subj"
/// A certificate's X.500 issuer (DER).
nonisolated(unsafe) public let kSecAttrIssuer: CFString = "issr"
/// A certificate's serial number (DER).
nonisolated(unsafe) public let kSecAttrSerialNumber: CFString = "slnr"
/// A certificate's subject key identifier.
nonisolated(unsafe) public let kSecAttrSubjectKeyID: CFString = "skid"
/// A certificate's public key hash.
nonisolated(unsafe) public let kSecAttrPublicKeyHash: CFString = "pkhh"
/// A certificate's type.
nonisolated(unsafe) public let kSecAttrCertificateType: CFString = "ctyp"
/// A certificate's encoding.
nonisolated(unsafe) public let kSecAttrCertificateEncoding: CFString = "cenc"
/// A key's class: one of the `kSecAttrKeyClass…` values.
nonisolated(unsafe) public let kSecAttrKeyClass: CFString = "kcls"
/// A key's label for the app's own look-ups (usually the public key's hash).
nonisolated(unsafe) public let kSecAttrApplicationLabel: CFString = "klbl"
/// Whether a generated key is stored in the keychain.
nonisolated(unsafe) public let kSecAttrIsPermanent: CFString = "perm"
/// Whether a key can be exported only wrapped.
nonisolated(unsafe) public let kSecAttrIsSensitive: CFString = "sens"
/// Whether a key can be exported.
nonisolated(unsafe) public let kSecAttrIsExtractable: CFString = "extr"
/// A key's private tag (data).
nonisolated(unsafe) public let kSecAttrApplicationTag: CFString = "atag"
/// A key's algorithm: one of the `kSecAttrKeyType…` values.
nonisolated(unsafe) public let kSecAttrKeyType: CFString = "type"
/// A key derivation's pseudo-random function.
nonisolated(unsafe) public let kSecAttrPRF: CFString = "prf"
/// A key derivation's salt.
nonisolated(unsafe) public let kSecAttrSalt: CFString = "salt"
/// A key derivation's rounds.
nonisolated(unsafe) public let kSecAttrRounds: CFString = "rounds"
/// A key's size in bits.
nonisolated(unsafe) public let kSecAttrKeySizeInBits: CFString = "bsiz"
/// A key's effective size in bits.
nonisolated(unsafe) public let kSecAttrEffectiveKeySize: CFString = "esiz"
/// Whether a key can encrypt.
nonisolated(unsafe) public let kSecAttrCanEncrypt: CFString = "encr"
/// Whether a key can decrypt.
nonisolated(unsafe) public let kSecAttrCanDecrypt: CFString = "decr"
/// Whether a key can derive other keys.
nonisolated(unsafe) public let kSecAttrCanDerive: CFString = "drve"
/// Whether a key can sign.
nonisolated(unsafe) public let kSecAttrCanSign: CFString = "sign"
/// Whether a key can verify signatures.
nonisolated(unsafe) public let kSecAttrCanVerify: CFString = "vrfy"
/// Whether a key can wrap other keys.
nonisolated(unsafe) public let kSecAttrCanWrap: CFString = "wrap"
/// Whether a key can unwrap other keys.
nonisolated(unsafe) public let kSecAttrCanUnwrap: CFString = "unwp"
/// Where a key lives: `kSecAttrTokenIDSecureEnclave` for the Secure Enclave.
nonisolated(unsafe) public let kSecAttrTokenID: CFString = "tkid"
/// The item's persistent reference (Apple's spelling of old).
nonisolated(unsafe) public let kSecAttrPersistantReference: CFString = "persistref"
/// The item's persistent reference.
nonisolated(unsafe) public let kSecAttrPersistentReference: CFString = "persistref"

// MARK: `kSecAttrAccessible`'s values.

/// Readable only while the phone is unlocked (iOS's default).
nonisolated(unsafe) public let kSecAttrAccessibleWhenUnlocked: CFString = "ak"
/// Readable after the first unlock since the phone started, also when locked.
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlock: CFString = "ck"
/// As `WhenUnlocked`, never moved to another device.
nonisolated(unsafe) public let kSecAttrAccessibleWhenUnlockedThisDeviceOnly: CFString = "aku"
/// As `AfterFirstUnlock`, never moved to another device.
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString = "cku"
/// Only while unlocked and a passcode is set; never moved to another device.
nonisolated(unsafe) public let kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly: CFString = "akpu"
/// Readable always, even before the first unlock.
@available(
    *, deprecated, message: "Use an accessibility level that provides some user protection, such as kSecAttrAccessibleAfterFirstUnlock"
)
nonisolated(unsafe) public let kSecAttrAccessibleAlways: CFString = "dk"
/// As `Always`, never moved to another device.
@available(
    *, deprecated,
    message: "Use an accessibility level that provides some user protection, such as kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"
)
nonisolated(unsafe) public let kSecAttrAccessibleAlwaysThisDeviceOnly: CFString = "dku"

// MARK: Values of the other attributes.

/// As `kSecAttrSynchronizable`'s value in a query: items whether they synchronize or not.
nonisolated(unsafe) public let kSecAttrSynchronizableAny: CFString = "syna"
/// `kSecAttrTokenID`'s value for a Secure Enclave key.
nonisolated(unsafe) public let kSecAttrTokenIDSecureEnclave: CFString = "com.apple.setoken"
/// The access group of items on tokens (smart cards).
nonisolated(unsafe) public let kSecAttrAccessGroupToken: CFString = "com.apple.token"
/// A public key.
nonisolated(unsafe) public let kSecAttrKeyClassPublic: CFString = "0"
/// A private key.
nonisolated(unsafe) public let kSecAttrKeyClassPrivate: CFString = "1"
/// A symmetric key.
nonisolated(unsafe) public let kSecAttrKeyClassSymmetric: CFString = "2"
/// An RSA key.
nonisolated(unsafe) public let kSecAttrKeyTypeRSA: CFString = "42"
/// An elliptic-curve key (the older name).
nonisolated(unsafe) public let kSecAttrKeyTypeEC: CFString = "73"
/// An elliptic-curve key on a NIST prime curve.
nonisolated(unsafe) public let kSecAttrKeyTypeECSECPrimeRandom: CFString = "73"

// MARK: `kSecAttrProtocol`'s values.

/// The FTP protocol.
nonisolated(unsafe) public let kSecAttrProtocolFTP: CFString = "ftp "
/// The FTP account protocol.
nonisolated(unsafe) public let kSecAttrProtocolFTPAccount: CFString = "ftpa"
/// The HTTP protocol.
nonisolated(unsafe) public let kSecAttrProtocolHTTP: CFString = "http"
/// The IRC protocol.
nonisolated(unsafe) public let kSecAttrProtocolIRC: CFString = "irc "
/// The NNTP protocol.
nonisolated(unsafe) public let kSecAttrProtocolNNTP: CFString = "nntp"
/// The POP3 protocol.
nonisolated(unsafe) public let kSecAttrProtocolPOP3: CFString = "pop3"
/// The SMTP protocol.
nonisolated(unsafe) public let kSecAttrProtocolSMTP: CFString = "smtp"
/// The SOCKS protocol.
nonisolated(unsafe) public let kSecAttrProtocolSOCKS: CFString = "sox "
/// The IMAP protocol.
nonisolated(unsafe) public let kSecAttrProtocolIMAP: CFString = "imap"
/// The LDAP protocol.
nonisolated(unsafe) public let kSecAttrProtocolLDAP: CFString = "ldap"
/// The AppleTalk protocol.
nonisolated(unsafe) public let kSecAttrProtocolAppleTalk: CFString = "atlk"
/// The AFP protocol.
nonisolated(unsafe) public let kSecAttrProtocolAFP: CFString = "afp "
/// The Telnet protocol.
nonisolated(unsafe) public let kSecAttrProtocolTelnet: CFString = "teln"
/// The SSH protocol.
nonisolated(unsafe) public let kSecAttrProtocolSSH: CFString = "ssh "
/// The FTP over TLS protocol.
nonisolated(unsafe) public let kSecAttrProtocolFTPS: CFString = "ftps"
/// The HTTPS protocol.
nonisolated(unsafe) public let kSecAttrProtocolHTTPS: CFString = "htps"
/// The HTTP proxy protocol.
nonisolated(unsafe) public let kSecAttrProtocolHTTPProxy: CFString = "htpx"
/// The HTTPS proxy protocol.
nonisolated(unsafe) public let kSecAttrProtocolHTTPSProxy: CFString = "htsx"
/// The FTP proxy protocol.
nonisolated(unsafe) public let kSecAttrProtocolFTPProxy: CFString = "ftpx"
/// The SMB protocol.
nonisolated(unsafe) public let kSecAttrProtocolSMB: CFString = "smb "
/// The RTSP protocol.
nonisolated(unsafe) public let kSecAttrProtocolRTSP: CFString = "rtsp"
/// The RTSP proxy protocol.
nonisolated(unsafe) public let kSecAttrProtocolRTSPProxy: CFString = "rtsx"
/// The DAAP protocol.
nonisolated(unsafe) public let kSecAttrProtocolDAAP: CFString = "daap"
/// The remote Apple Events protocol.
nonisolated(unsafe) public let kSecAttrProtocolEPPC: CFString = "eppc"
/// The IPP protocol.
nonisolated(unsafe) public let kSecAttrProtocolIPP: CFString = "ipp "
/// The NNTP over TLS protocol.
nonisolated(unsafe) public let kSecAttrProtocolNNTPS: CFString = "ntps"
/// The LDAP over TLS protocol.
nonisolated(unsafe) public let kSecAttrProtocolLDAPS: CFString = "ldps"
/// The Telnet over TLS protocol.
nonisolated(unsafe) public let kSecAttrProtocolTelnetS: CFString = "tels"
/// The IMAP over TLS protocol.
nonisolated(unsafe) public let kSecAttrProtocolIMAPS: CFString = "imps"
/// The IRC over TLS protocol.
nonisolated(unsafe) public let kSecAttrProtocolIRCS: CFString = "ircs"
/// The POP3 over TLS protocol.
nonisolated(unsafe) public let kSecAttrProtocolPOP3S: CFString = "pops"

// MARK: `kSecAttrAuthenticationType`'s values.

/// Windows NT LAN Manager authentication.
nonisolated(unsafe) public let kSecAttrAuthenticationTypeNTLM: CFString = "ntlm"
/// Microsoft Network default authentication.
nonisolated(unsafe) public let kSecAttrAuthenticationTypeMSN: CFString = "msna"
/// Distributed Password authentication.
nonisolated(unsafe) public let kSecAttrAuthenticationTypeDPA: CFString = "dpaa"
/// Remote Password authentication.
nonisolated(unsafe) public let kSecAttrAuthenticationTypeRPA: CFString = "rpaa"
/// HTTP Basic authentication.
nonisolated(unsafe) public let kSecAttrAuthenticationTypeHTTPBasic: CFString = "http"
/// HTTP Digest authentication.
nonisolated(unsafe) public let kSecAttrAuthenticationTypeHTTPDigest: CFString = "httd"
/// HTML form authentication.
nonisolated(unsafe) public let kSecAttrAuthenticationTypeHTMLForm: CFString = "form"
/// The default authentication.
nonisolated(unsafe) public let kSecAttrAuthenticationTypeDefault: CFString = "dflt"

// MARK: Search keys (`kSecMatch…`).

/// Certificates or identities valid for a policy.
nonisolated(unsafe) public let kSecMatchPolicy: CFString = "m_Policy"
/// Only among these items.
nonisolated(unsafe) public let kSecMatchItemList: CFString = "m_ItemList"
/// Only in these keychains (macOS).
nonisolated(unsafe) public let kSecMatchSearchList: CFString = "m_SearchList"
/// Certificates or identities issued by these.
nonisolated(unsafe) public let kSecMatchIssuers: CFString = "m_Issuers"
/// Certificates with this e-mail address.
nonisolated(unsafe) public let kSecMatchEmailAddressIfPresent: CFString = "m_EmailAddressIfPresent"
/// Certificates whose subject contains this.
nonisolated(unsafe) public let kSecMatchSubjectContains: CFString = "m_SubjectContains"
/// Certificates whose subject starts with this.
nonisolated(unsafe) public let kSecMatchSubjectStartsWith: CFString = "m_SubjectStartsWith"
/// Certificates whose subject ends with this.
nonisolated(unsafe) public let kSecMatchSubjectEndsWith: CFString = "m_SubjectEndsWith"
/// Certificates whose subject is this.
nonisolated(unsafe) public let kSecMatchSubjectWholeString: CFString = "m_SubjectWholeString"
/// String attributes compared without regard to case.
nonisolated(unsafe) public let kSecMatchCaseInsensitive: CFString = "m_CaseInsensitive"
/// String attributes compared without regard to diacritics.
nonisolated(unsafe) public let kSecMatchDiacriticInsensitive: CFString = "m_DiacriticInsensitive"
/// String attributes compared without regard to character width.
nonisolated(unsafe) public let kSecMatchWidthInsensitive: CFString = "m_WidthInsensitive"
/// Only trusted certificates.
nonisolated(unsafe) public let kSecMatchTrustedOnly: CFString = "m_TrustedOnly"
/// Certificates valid on this date.
nonisolated(unsafe) public let kSecMatchValidOnDate: CFString = "m_ValidOnDate"
/// How many items: `kSecMatchLimitOne` (the default), `kSecMatchLimitAll` or a number.
nonisolated(unsafe) public let kSecMatchLimit: CFString = "m_Limit"
/// The first item only.
nonisolated(unsafe) public let kSecMatchLimitOne: CFString = "m_LimitOne"
/// Every item.
nonisolated(unsafe) public let kSecMatchLimitAll: CFString = "m_LimitAll"

// MARK: Return keys (`kSecReturn…`).

/// Return the item's data.
nonisolated(unsafe) public let kSecReturnData: CFString = "r_Data"
/// Return the item's attributes (a dictionary).
nonisolated(unsafe) public let kSecReturnAttributes: CFString = "r_Attributes"
/// Return a reference to the item (a key, certificate or identity).
nonisolated(unsafe) public let kSecReturnRef: CFString = "r_Ref"
/// Return a persistent reference (data) to the item.
nonisolated(unsafe) public let kSecReturnPersistentRef: CFString = "r_PersistentRef"

// MARK: Value keys (`kSecValue…`).

/// The item's data (the secret).
nonisolated(unsafe) public let kSecValueData: CFString = "v_Data"
/// A reference to the item.
nonisolated(unsafe) public let kSecValueRef: CFString = "v_Ref"
/// A persistent reference to the item.
nonisolated(unsafe) public let kSecValuePersistentRef: CFString = "v_PersistentRef"

// MARK: Use keys (`kSecUse…`).

/// Items to use (deprecated).
nonisolated(unsafe) public let kSecUseItemList: CFString = "u_ItemList"
/// The keychain to use (macOS).
nonisolated(unsafe) public let kSecUseKeychain: CFString = "u_Keychain"
/// The message shown when the user must authenticate.
nonisolated(unsafe) public let kSecUseOperationPrompt: CFString = "u_OpPrompt"
/// true: fail rather than ask the user to authenticate (deprecated: `kSecUseAuthenticationUIFail`).
nonisolated(unsafe) public let kSecUseNoAuthenticationUI: CFString = "u_NoAuthUI"
/// What to do when an item needs the user to authenticate: a `kSecUseAuthenticationUI…` value.
nonisolated(unsafe) public let kSecUseAuthenticationUI: CFString = "u_AuthUI"
/// Ask the user (the default).
nonisolated(unsafe) public let kSecUseAuthenticationUIAllow: CFString = "u_AuthUIA"
/// Fail with `errSecInteractionNotAllowed`.
nonisolated(unsafe) public let kSecUseAuthenticationUIFail: CFString = "u_AuthUIF"
/// Leave out the items that need authentication.
nonisolated(unsafe) public let kSecUseAuthenticationUISkip: CFString = "u_AuthUIS"
/// An `LAContext` that has authenticated the user.
nonisolated(unsafe) public let kSecUseAuthenticationContext: CFString = "u_AuthCtx"
/// Use the iOS-style keychain on macOS (iOS has no other).
nonisolated(unsafe) public let kSecUseDataProtectionKeychain: CFString = "nleg"
/// The user-independent keychain (macOS).
nonisolated(unsafe) public let kSecUseUserIndependentKeychain: CFString = "u_UserIndependentKeychain"

// MARK: Dictionary keys of key generation.

/// The private key's attributes.
nonisolated(unsafe) public let kSecPrivateKeyAttrs: CFString = "private"
/// The public key's attributes.
nonisolated(unsafe) public let kSecPublicKeyAttrs: CFString = "public"
/// A shared web credential's password.
nonisolated(unsafe) public let kSecSharedPassword: CFString = "spwd"
