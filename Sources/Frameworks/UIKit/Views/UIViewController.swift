import Foundation

/// The object that manages a view tree: a content extension's principal class is one. Its
/// `view` is loaded on first access (`loadView()`, then `viewDidLoad()`); nsesim calls the
/// appearance methods as iOS does when it shows the expanded notification.
open class UIViewController: UIResponder {
    private var storedView: UIView?
    /// The name of the nib the view comes from (nil: `loadView()` makes it).
    open private(set) var nibName: String?
    /// The bundle of the nib.
    open private(set) var nibBundle: Bundle?
    /// The title: shown by iOS as the notification's title in a content extension when set.
    open var title: String?
    /// The size the view controller's view would like (a content extension's height).
    open var preferredContentSize: CGSize = .zero
    /// Insets added to the safe area (stored).
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero
    /// The children added with `addChild(_:)`.
    open private(set) var children: [UIViewController] = []
    /// The view controller this one is a child of.
    open private(set) weak var parent: UIViewController?
    /// The view controller this one presented.
    open private(set) var presentedViewController: UIViewController?
    /// The view controller that presented this one.
    open private(set) weak var presentingViewController: UIViewController?
    /// The extension context nsesim gives a content extension's view controller.
    @_spi(NSESim) public var _nsesimExtensionContext: NSExtensionContext?
    /// The view made from the storyboard, which `loadView()` makes the view (as iOS loads the nib's).
    @_spi(NSESim) public var _nsesimStoryboardView: UIView?

    /// A view controller whose view comes from a nib (nsesim loads none: `loadView()` makes a plain view).
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
    }

    /// A view controller from a storyboard: nsesim's interface builder makes the views and sets
    /// `view` after this.
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// A view controller without a nib.
    public override convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    open override var next: UIResponder? { storedView?.superview ?? parent }

    // MARK: The view

    /// The root view, loaded on first access.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return storedView
        }
        set {
            storedView?.owningViewController = nil
            storedView?.setNeedsLayout()
            storedView = newValue
            newValue?.owningViewController = self
            newValue?.setNeedsLayout()
        }
    }

    /// Makes the view: the storyboard's when the view controller comes from one, else a plain
    /// view the size of the screen, resized with its superview.
    open func loadView() {
        if let storyboardView = _nsesimStoryboardView {
            _nsesimStoryboardView = nil
            self.view = storyboardView
            return
        }
        let view = UIView(frame: UIScreen.main.bounds)
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        self.view = view
    }

    /// Loads the view if it is not: `loadView()`, then `viewDidLoad()`.
    open func loadViewIfNeeded() {
        guard storedView == nil else { return }
        loadView()
        if storedView == nil { self.view = UIView(frame: UIScreen.main.bounds) }
        viewDidLoad()
    }

    /// Whether the view is loaded.
    open var isViewLoaded: Bool { storedView != nil }
    /// The view if it is loaded, without loading it.
    open var viewIfLoaded: UIView? { storedView }

    /// Called once the view is loaded.
    open func viewDidLoad() {}
    /// Called before the view appears.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view appeared.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view disappears.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view disappeared.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called before the view lays out its subviews.
    open func viewWillLayoutSubviews() {}
    /// Called after the view laid out its subviews.
    open func viewDidLayoutSubviews() {}
    /// Called when the view's size will change.
    open func viewWillTransition(to size: CGSize, with coordinator: AnyObject) {}
    /// Called before the constraints are updated.
    open func updateViewConstraints() { storedView?.updateConstraints() }
    /// Called when a child's preferred content size changed.
    open func preferredContentSizeDidChange(forChildContentContainer container: AnyObject) {}
    /// Called when memory is low (never).
    open func didReceiveMemoryWarning() {}

    /// Whether the root view's side margins are at least `systemMinimumLayoutMargins`.
    open var viewRespectsSystemMinimumLayoutMargins: Bool = true {
        didSet { storedView?.setNeedsLayout() }
    }
    /// The smallest margins of the root view: 16 points at the sides (a 393-point-wide iPhone).
    open var systemMinimumLayoutMargins: NSDirectionalEdgeInsets {
        NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
    }
    /// Called when the root view's margins changed.
    open func viewLayoutMarginsDidChange() {}

    /// The traits of the one screen nsesim has.
    open var traitCollection: UITraitCollection { .current }

    /// The extension context: a content extension's, given by nsesim (a child's is its parent's).
    open var extensionContext: NSExtensionContext? { _nsesimExtensionContext ?? parent?.extensionContext }

    // MARK: Children

    /// Adds a child view controller (its view is added by the caller).
    open func addChild(_ childController: UIViewController) {
        childController.removeFromParent()
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
    }

    /// Removes the view controller from its parent.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Called before the view controller is added to or removed from a parent.
    open func willMove(toParent parent: UIViewController?) {}
    /// Called after the view controller was added to or removed from a parent.
    open func didMove(toParent parent: UIViewController?) {}

    // MARK: Presentation

    /// Records a presented view controller (nothing is shown) and calls the completion.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = self
        completion?()
    }

    /// Dismisses the presented view controller and calls the completion.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        presentedViewController?.presentingViewController = nil
        presentedViewController = nil
        completion?()
    }
}
