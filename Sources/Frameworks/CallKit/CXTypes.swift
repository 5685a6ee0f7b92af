import Foundation

/// How the app's calls look in the call screen.
open class CXProviderConfiguration: NSObject, @unchecked Sendable {
    open var localizedName: String?
    open var ringtoneSound: String?
    open var iconTemplateImageData: Data?
    open var maximumCallGroups = 2
    open var maximumCallsPerCallGroup = 5
    open var includesCallsInRecents = true
    open var supportsVideo = false
    open var supportedHandleTypes: Set<CXHandle.HandleType> = [.phoneNumber]

    public override init() {
        super.init()
    }

    public init(localizedName: String) {
        self.localizedName = localizedName
        super.init()
    }
}

/// Who is calling.
open class CXHandle: NSObject, @unchecked Sendable {
    public enum HandleType: Int, Sendable, Hashable { case generic = 1, phoneNumber, emailAddress }

    public let type: HandleType
    public let value: String

    public init(type: HandleType, value: String) {
        self.type = type
        self.value = value
        super.init()
    }
}

/// What changed about a call.
open class CXCallUpdate: NSObject, @unchecked Sendable {
    open var remoteHandle: CXHandle?
    open var localizedCallerName: String?
    open var supportsHolding = true
    open var supportsGrouping = true
    open var supportsUngrouping = true
    open var supportsDTMF = true
    open var hasVideo = false

    public override init() {
        super.init()
    }
}

/// The app's handler of call actions (never called inside an extension).
public protocol CXProviderDelegate: AnyObject {
    func providerDidReset(_ provider: CXProvider)
}
