import Foundation

/// The image beside an action's title: an SF Symbol or an image of the app's bundle.
open class UNNotificationActionIcon: NSObject, NSCopying, @unchecked Sendable {
    /// The SF Symbol's name, when the icon is one.
    let systemImageName: String?
    /// The name of the image in the app's asset catalog, when the icon is one.
    let templateImageName: String?

    /// An icon from an image in the app's asset catalog.
    public init(templateImageName: String) {
        self.templateImageName = templateImageName
        systemImageName = nil
        super.init()
    }

    /// An icon from an SF Symbol.
    public init(systemImageName: String) {
        self.systemImageName = systemImageName
        templateImageName = nil
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any { self }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationActionIcon else { return false }
        return systemImageName == other.systemImageName && templateImageName == other.templateImageName
    }

    open override var hash: Int { (systemImageName ?? templateImageName ?? "").hashValue }

    open override var description: String {
        systemImageName.map { "<UNNotificationActionIcon: systemImageName: \($0)>" }
            ?? "<UNNotificationActionIcon: templateImageName: \(templateImageName ?? "")>"
    }
}
