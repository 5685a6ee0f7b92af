import Foundation

/// A menu element that runs a handler (iOS 14): a control runs it for the events it was added for.
open class UIAction: NSObject {
    /// What the action's handler receives.
    public typealias Handler = (UIAction) -> Void

    /// An action's identifier.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The state shown next to a menu item.
    public enum State: Int, Sendable { case off, on, mixed }

    /// The title.
    open var title: String
    /// The image.
    open var image: UIImage?
    /// The identifier (unique by default).
    public let identifier: Identifier
    /// The subtitle shown under the title.
    open var subtitle: String?
    /// The state.
    open var state: State = .off
    /// The object that sent the action: the control running it.
    open internal(set) var sender: Any?
    let handler: Handler

    /// An action running `handler` (the discoverability title and selected image are ignored).
    public init(
        title: String = "", subtitle: String? = nil, image: UIImage? = nil, selectedImage: UIImage? = nil,
        identifier: Identifier? = nil, discoverabilityTitle: String? = nil, state: State = .off,
        handler: @escaping Handler
    ) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.state = state
        self.handler = handler
        super.init()
    }
}

/// A menu element that sends a selector up the responder chain (iOS 13): menus and keyboard
/// shortcuts. Stored (nothing sends it on Linux, where no menu is shown).
open class UICommand: NSObject {
    /// The title.
    open var title: String
    /// The image.
    open var image: UIImage?
    /// The selector sent.
    public let action: Selector
    /// A value the action reads back.
    public let propertyList: Any?
    /// The title shown when discovering commands.
    open var discoverabilityTitle: String?
    /// The state shown next to the item.
    open var state: UIAction.State = .off

    /// A command sending `action`.
    public init(
        title: String, image: UIImage? = nil, action: Selector, propertyList: Any? = nil,
        discoverabilityTitle: String? = nil, state: UIAction.State = .off
    ) {
        self.title = title
        self.image = image
        self.action = action
        self.propertyList = propertyList
        self.discoverabilityTitle = discoverabilityTitle
        self.state = state
        super.init()
    }
}
